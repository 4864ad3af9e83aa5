package com.example.dungeon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.example.dungeon.level.LevelFactory;
import com.example.dungeon.parser.MapParser;
import com.example.dungeon.units.UnitFactory;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class NavigationTest {

    private final UnitFactory units = new UnitFactory(new Random(7));
    private final BoardFactory boards = new BoardFactory();
    private final MapParser parser = new MapParser(new LevelFactory(units, boards), boards);

    private Board board(String... rows) {
        return parser.parseMap(Arrays.asList(rows)).getBoard();
    }

    @Test
    void straightLine() {
        Board board = board("#####", "#P..#", "#####");
        List<Direction> path = Navigation.shortestPath(board.squareAt(1, 1), board.squareAt(3, 1), null);
        assertEquals(Arrays.asList(Direction.EAST, Direction.EAST), path);
    }

    @Test
    void goesAroundWalls() {
        Board board = board(
                "#####",
                "#P#.#",
                "#...#",
                "#####");
        List<Direction> path = Navigation.shortestPath(board.squareAt(1, 1), board.squareAt(3, 1), null);
        assertEquals(Arrays.asList(Direction.SOUTH, Direction.EAST, Direction.EAST, Direction.NORTH), path);
    }

    @Test
    void noPathThroughWalls() {
        Board board = board("#####", "#P#.#", "#####");
        assertNull(Navigation.shortestPath(board.squareAt(1, 1), board.squareAt(3, 1), null));
    }

    @Test
    void manhattanDistanceIgnoresWalls() {
        Board board = board("#####", "#P#.#", "#####");
        assertEquals(2, Navigation.manhattanDistance(board.squareAt(1, 1), board.squareAt(3, 1)));
        assertEquals(4, Navigation.manhattanDistance(board.squareAt(0, 0), board.squareAt(3, 1)));
    }
}
