package com.example.dungeon.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.dungeon.board.BoardFactory;
import com.example.dungeon.board.Direction;
import com.example.dungeon.board.TileType;
import com.example.dungeon.items.Key;
import com.example.dungeon.parser.MapParser;
import com.example.dungeon.units.Hero;
import com.example.dungeon.units.Monster;
import com.example.dungeon.units.UnitFactory;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

class LevelTest {

    /** Counts the notifications it gets. */
    private static class RecordingObserver implements LevelObserver {
        int won;
        int lost;

        @Override
        public void levelWon() {
            won++;
        }

        @Override
        public void levelLost() {
            lost++;
        }
    }

    private final UnitFactory units = new UnitFactory(new Random(17));
    private final BoardFactory boards = new BoardFactory();
    private final MapParser parser = new MapParser(new LevelFactory(units, boards), boards);
    private final RecordingObserver observer = new RecordingObserver();
    private final Hero hero = units.createHero("ann");

    private Level level(String... rows) {
        Level level = parser.parseMap(Arrays.asList(rows));
        level.registerObserver(observer);
        level.registerHero(hero);
        return level;
    }

    @Test
    void heroStartsOnTheStartSquare() {
        Level level = level("#####", "#.P$#", "#####");
        assertSame(level.getBoard().squareAt(2, 1), hero.getSquare());
        assertEquals(Arrays.asList(hero), level.getHeroes());
        assertFalse(level.isInProgress());
    }

    @Test
    void movesAreIgnoredUntilTheLevelStarts() {
        Level level = level("#####", "#P.$#", "#####");
        assertEquals(MoveResult.IGNORED, level.moveHero(hero, Direction.EAST));
        assertEquals(0, level.getTurn());
        assertEquals(1, hero.getSquare().getX());
    }

    @Test
    void cannotStartWithoutAHero() {
        Level level = parser.parseMap(Arrays.asList("####", "#P$#", "####"));
        assertThrows(IllegalStateException.class, level::start);
    }

    @Test
    void walkingIntoAWallTakesNoTurn() {
        Level level = level("#####", "#P.$#", "#####");
        level.start();
        assertEquals(MoveResult.BLOCKED, level.moveHero(hero, Direction.NORTH));
        assertEquals(0, level.getTurn());
        assertEquals(MoveResult.MOVED, level.moveHero(hero, Direction.EAST));
        assertEquals(1, level.getTurn());
        assertEquals(Direction.EAST, hero.getFacing());
    }

    @Test
    void collectingAllGoldWins() {
        Level level = level("######", "#P$.$#", "######");
        level.start();
        assertEquals(MoveResult.PICKED_UP, level.moveHero(hero, Direction.EAST));
        assertEquals(1, level.remainingGold());
        assertEquals(0, observer.won);

        level.moveHero(hero, Direction.EAST);
        level.moveHero(hero, Direction.EAST);

        assertEquals(1, observer.won);
        assertEquals(0, observer.lost);
        assertTrue(level.isFinished());
        assertFalse(level.isInProgress());
        assertEquals(20, hero.getScore());
        assertEquals(MoveResult.IGNORED, level.moveHero(hero, Direction.WEST));
        assertThrows(IllegalStateException.class, level::start);
    }

    @Test
    void levelWithoutGoldIsWonAtOnce() {
        Level level = level("####", "#P.#", "####");
        level.start();
        assertEquals(1, observer.won);
    }

    @Test
    void fallingIntoAPitLoses() {
        Level level = level("######", "#P $.#", "######");
        level.start();
        assertEquals(MoveResult.FELL, level.moveHero(hero, Direction.EAST));
        assertFalse(hero.isAlive());
        assertEquals(1, observer.lost);
        assertEquals(0, observer.won);
    }

    @Test
    void doorOpensWithAKey() {
        Level level = level("######", "#PkD$#", "######");
        level.start();
        assertEquals(MoveResult.PICKED_UP, level.moveHero(hero, Direction.EAST));
        assertEquals(1, hero.getInventory().count(Key.NAME));

        assertEquals(MoveResult.OPENED_DOOR, level.moveHero(hero, Direction.EAST));
        assertEquals(TileType.FLOOR, level.getBoard().squareAt(3, 1).getType());
        assertEquals(0, hero.getInventory().count(Key.NAME));
        assertEquals(2, hero.getSquare().getX());

        level.moveHero(hero, Direction.EAST);
        level.moveHero(hero, Direction.EAST);
        assertEquals(1, observer.won);
    }

    @Test
    void lockedDoorBlocks() {
        Level level = level("######", "#P.D$#", "######");
        level.start();
        level.moveHero(hero, Direction.EAST);
        assertEquals(MoveResult.BLOCKED, level.moveHero(hero, Direction.EAST));
    }

    @Test
    void heroFinishesOffAWoundedGoblin() {
        Level level = level("#####", "#PG$#", "#####");
        Monster goblin = level.getMonsters().get(0);
        goblin.takeDamage(1);
        level.start();

        assertEquals(MoveResult.KILLED, level.moveHero(hero, Direction.EAST));
        assertTrue(level.getMonsters().isEmpty());
        assertFalse(level.getBoard().squareAt(2, 1).isOccupied());
        assertEquals(10, hero.getScore());
        assertEquals(1, hero.getKills());
    }

    @Test
    void trollBeatsALoneHero() {
        Level level = level(
                "#####",
                "#PT.#",
                "#..$#",
                "#####");
        level.start();

        assertEquals(MoveResult.ATTACKED, level.moveHero(hero, Direction.EAST));
        assertEquals(7, hero.getHitPoints());
        assertEquals(MoveResult.ATTACKED, level.moveHero(hero, Direction.EAST));
        // the troll is hurt and hits back harder; on turn 2 it moves and strikes again
        assertFalse(hero.isAlive());
        assertEquals(1, observer.lost);
        assertEquals(1, level.getMonsters().size());
    }

    @Test
    void trollComesCloserEverySecondTurn() {
        Level level = level(
                "#######",
                "#P...T#",
                "#$....#",
                "#######");
        Monster troll = level.getMonsters().get(0);
        level.start();

        level.waitTurn();
        assertEquals(5, troll.getSquare().getX());
        level.waitTurn();
        assertEquals(4, troll.getSquare().getX());
        assertEquals(2, level.getTurn());
    }

    @Test
    void removedObserverHearsNothing() {
        Level level = level("######", "#P $.#", "######");
        level.removeObserver(observer);
        level.start();
        level.moveHero(hero, Direction.EAST);
        assertEquals(0, observer.lost);
    }

    @Test
    void heroesShareStartSquaresInTurn() {
        Level level = level("#####", "#P.P#", "#.$.#", "#####");
        Hero second = units.createHero("bob");
        Hero third = units.createHero("cat");
        level.registerHero(second);
        level.registerHero(third);
        level.registerHero(hero);

        assertEquals(3, level.getHeroes().size());
        assertEquals(3, second.getSquare().getX());
        assertSame(hero.getSquare(), third.getSquare());
    }
}
