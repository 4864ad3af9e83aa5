package com.example.dungeon.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.dungeon.board.BoardFactory;
import com.example.dungeon.items.Gold;
import com.example.dungeon.units.UnitFactory;

import java.util.Collections;
import java.util.Random;

import org.junit.jupiter.api.Test;

class LevelFactoryTest {

    private final BoardFactory boards = new BoardFactory();
    private final LevelFactory factory = new LevelFactory(new UnitFactory(new Random(9)), boards);

    @Test
    void trainingRoomHasGoldInTheFarCorner() {
        Level level = factory.createTrainingRoom(6, 4);
        assertEquals(1, level.remainingGold());
        assertTrue(level.getBoard().squareAt(4, 2).getItem() instanceof Gold);
        assertEquals(Collections.singletonList(level.getBoard().squareAt(1, 1)), level.getStartSquares());
        assertTrue(level.getMonsters().isEmpty());
    }
}
