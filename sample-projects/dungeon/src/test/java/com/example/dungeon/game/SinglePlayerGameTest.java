package com.example.dungeon.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.dungeon.board.BoardFactory;
import com.example.dungeon.board.Direction;
import com.example.dungeon.level.Level;
import com.example.dungeon.level.LevelFactory;
import com.example.dungeon.level.MoveResult;
import com.example.dungeon.parser.MapParser;
import com.example.dungeon.units.Hero;
import com.example.dungeon.units.UnitFactory;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Plays short games from start to end. */
class SinglePlayerGameTest {

    private final UnitFactory units = new UnitFactory(new Random(21));
    private final BoardFactory boards = new BoardFactory();
    private final MapParser parser = new MapParser(new LevelFactory(units, boards), boards);
    private final GameFactory games = new GameFactory(units);

    private SinglePlayerGame game(String... rows) {
        Level level = parser.parseMap(Arrays.asList(rows));
        return games.createSinglePlayerGame(level, "ann");
    }

    @Test
    void newGameWaitsForStart() {
        SinglePlayerGame game = game("#####", "#P.$#", "#####");
        Hero hero = game.getHero();
        assertEquals("ann", hero.getName());
        assertSame(game.getLevel().getStartSquares().get(0), hero.getSquare());
        assertEquals(Arrays.asList(hero), game.getHeroes());
        assertFalse(game.isInProgress());
        assertEquals(MoveResult.IGNORED, game.move(Direction.EAST));
        assertEquals(0, game.execute("move east"));
    }

    @Test
    void walkToTheGoldAndWin() {
        SinglePlayerGame game = game("#######", "#P..$.#", "#######");
        game.start();
        assertTrue(game.isInProgress());

        assertEquals(3, game.execute("move east 5"));

        assertTrue(game.isOver());
        assertTrue(game.isWon());
        assertEquals(new Score("ann", 10 + Hero.MAX_HIT_POINTS * Game.HEALTH_BONUS), game.getScore());
        assertThrows(IllegalStateException.class, game::start);
    }

    @Test
    void walkIntoAPitAndLose() {
        SinglePlayerGame game = game("######", "#P. $#", "######");
        game.start();
        assertEquals(2, game.execute("move east 3"));
        assertTrue(game.isOver());
        assertFalse(game.isWon());
        assertEquals(new Score("ann", 0), game.getScore());
    }

    @Test
    void walkingStopsAtAWall() {
        SinglePlayerGame game = game("####", "#P.#", "#$.#", "####");
        game.start();
        assertEquals(1, game.execute("move east 4"));
        assertEquals(MoveResult.BLOCKED, game.move(Direction.EAST));
        assertEquals(1, game.getLevel().getTurn());
    }

    @Test
    void waitingLetsTheTrollCome() {
        SinglePlayerGame game = game(
                "#######",
                "#P...T#",
                "#$....#",
                "#######");
        game.start();
        assertEquals(4, game.execute("wait 4"));
        assertEquals(3, game.getLevel().getMonsters().get(0).getSquare().getX());
    }

    @Test
    void drinkAPotionWhenHurt() {
        SinglePlayerGame game = game("######", "#P!.$#", "######");
        game.start();
        game.move(Direction.EAST);
        Hero hero = game.getHero();
        assertEquals(0, game.execute("drink"));

        hero.takeDamage(6);
        assertEquals(1, game.execute("drink"));
        assertEquals(4 + MapParser.POTION_STRENGTH, hero.getHitPoints());
        assertEquals(2, game.getLevel().getTurn());
    }

    @Test
    void stoppedGameIgnoresCommands() {
        SinglePlayerGame game = game("#####", "#P.$#", "#####");
        game.start();
        game.stop();
        assertFalse(game.isInProgress());
        assertEquals(0, game.execute("wait"));
        game.start();
        assertEquals(MoveResult.MOVED, game.move(Direction.EAST));
    }

    @Test
    void badCommandIsRejected() {
        SinglePlayerGame game = game("#####", "#P.$#", "#####");
        game.start();
        assertThrows(IllegalArgumentException.class, () -> game.execute("fly north"));
    }
}
