package com.example.dungeon.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.dungeon.board.Board;
import com.example.dungeon.board.BoardFactory;
import com.example.dungeon.board.Direction;
import com.example.dungeon.board.Square;
import com.example.dungeon.board.TileType;

import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class MonsterTest {

    private final UnitFactory factory = new UnitFactory(new Random(11));

    @Test
    void goblinHitsWoundedHeroesHarder() {
        Goblin goblin = factory.createGoblin();
        Hero hero = factory.createHero("ann");
        assertFalse(goblin.attack(hero));
        assertEquals(9, hero.getHitPoints());
        goblin.attack(hero);
        assertEquals(7, hero.getHitPoints());
    }

    @Test
    void trollCanKill() {
        Troll troll = factory.createTroll();
        Hero hero = factory.createHero("ann");
        hero.takeDamage(6);
        assertTrue(troll.attack(hero));
        assertFalse(hero.isAlive());
        assertFalse(troll.attack(hero));
    }

    @Test
    void monstersStayOnPlainFloor() {
        Goblin goblin = factory.createGoblin();
        assertTrue(goblin.canEnter(new Square(TileType.FLOOR)));
        assertFalse(goblin.canEnter(new Square(TileType.PIT)));
        assertFalse(goblin.canEnter(new Square(TileType.DOOR)));
    }

    @Test
    void trollOnlyMovesOnEvenTurns() {
        Board room = new BoardFactory().createRoom(5, 5);
        Troll troll = factory.createTroll();
        troll.occupy(room.squareAt(2, 2));
        List<Hero> nobody = Collections.emptyList();

        assertNull(troll.nextMove(1, nobody));
        Direction direction = troll.nextMove(2, nobody);
        assertNotNull(direction);
        assertEquals(direction, troll.getFacing());
    }
}
