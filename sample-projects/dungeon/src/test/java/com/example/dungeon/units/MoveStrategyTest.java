package com.example.dungeon.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.example.dungeon.board.Board;
import com.example.dungeon.board.BoardFactory;
import com.example.dungeon.board.Direction;

import java.util.Collections;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Tests for the two ways monsters walk. */
class MoveStrategyTest {

    private final UnitFactory factory = new UnitFactory(new Random(5));
    private final Board room = new BoardFactory().createRoom(7, 3);

    @Test
    void randomMoveOnlyPicksOpenSquares() {
        RandomMove strategy = new RandomMove(new Random(42));
        Goblin goblin = factory.createGoblin();
        goblin.occupy(room.squareAt(1, 1));

        Set<Direction> seen = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            seen.add(strategy.nextMove(goblin, Collections.<Hero>emptyList()));
        }
        assertEquals(new HashSet<>(Collections.singletonList(Direction.EAST)), seen);
    }

    @Test
    void chaseMoveHeadsForTheHero() {
        ChaseMove chase = new ChaseMove(5, null);
        Goblin goblin = factory.createGoblin();
        goblin.occupy(room.squareAt(5, 1));
        Hero hero = factory.createHero("ann");
        hero.occupy(room.squareAt(2, 1));

        assertEquals(Direction.WEST, chase.nextMove(goblin, Collections.singletonList(hero)));
    }

    @Test
    void chaseMoveFallsBackWhenNoHeroIsInSight() {
        MoveStrategy alwaysNorth = (monster, heroes) -> Direction.NORTH;
        ChaseMove chase = new ChaseMove(2, alwaysNorth);
        Goblin goblin = factory.createGoblin();
        goblin.occupy(room.squareAt(5, 1));
        Hero hero = factory.createHero("ann");
        hero.occupy(room.squareAt(1, 1));

        assertEquals(Direction.NORTH, chase.nextMove(goblin, Collections.singletonList(hero)));
        assertNull(new ChaseMove(2, null).nextMove(goblin, Collections.singletonList(hero)));
    }
}
