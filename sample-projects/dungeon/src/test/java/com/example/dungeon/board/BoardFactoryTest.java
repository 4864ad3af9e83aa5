package com.example.dungeon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class BoardFactoryTest {

    private final BoardFactory factory = new BoardFactory();

    private static Square[][] grid(int width, int height) {
        Square[][] rows = new Square[height][width];
        for (Square[] row : rows) {
            for (int x = 0; x < width; x++) {
                row[x] = new Square(TileType.FLOOR);
            }
        }
        return rows;
    }

    @Test
    void linksNeighbours() {
        Square[][] rows = grid(3, 2);
        Board board = factory.createBoard(rows);

        assertEquals(3, board.getWidth());
        assertEquals(2, board.getHeight());
        Square middle = board.squareAt(1, 0);
        assertSame(rows[0][0], middle.getNeighbour(Direction.WEST));
        assertSame(rows[0][2], middle.getNeighbour(Direction.EAST));
        assertSame(rows[1][1], middle.getNeighbour(Direction.SOUTH));
        assertEquals(1, middle.getX());
        assertEquals(0, middle.getY());
    }

    @Test
    void edgesDoNotWrap() {
        Board board = factory.createBoard(grid(2, 2));
        assertNull(board.squareAt(0, 0).getNeighbour(Direction.NORTH));
        assertNull(board.squareAt(0, 0).getNeighbour(Direction.WEST));
        assertNull(board.squareAt(1, 1).getNeighbour(Direction.EAST));
    }

    @Test
    void rejectsRaggedGrid() {
        Square[][] rows = grid(3, 2);
        rows[1] = new Square[] {new Square(TileType.WALL)};
        assertThrows(IllegalArgumentException.class, () -> factory.createBoard(rows));
    }

    @Test
    void roomHasWallsAround() {
        Board room = factory.createRoom(4, 3);
        assertEquals(Arrays.asList("####", "#..#", "####"), room.render());
        assertEquals(2, room.squaresOfType(TileType.FLOOR).size());
        assertEquals(10, room.squaresOfType(TileType.WALL).size());
    }
}
