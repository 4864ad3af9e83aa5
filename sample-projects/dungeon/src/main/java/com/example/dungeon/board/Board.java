package com.example.dungeon.board;

import java.util.ArrayList;
import java.util.List;

/**
 * A rectangular grid of squares, stored row by row. Boards are made by {@link BoardFactory}, which
 * also links the squares to their neighbours.
 */
public class Board {

    private final Square[][] rows;

    Board(Square[][] rows) {
        this.rows = rows;
    }

    public int getWidth() {
        return rows[0].length;
    }

    public int getHeight() {
        return rows.length;
    }

    public boolean withinBorders(int x, int y) {
        return x >= 0 && x < getWidth() && y >= 0 && y < getHeight();
    }

    /**
     * @throws IndexOutOfBoundsException if the position is off the board
     */
    public Square squareAt(int x, int y) {
        if (!withinBorders(x, y)) {
            throw new IndexOutOfBoundsException("(" + x + "," + y + ") is outside a "
                    + getWidth() + "x" + getHeight() + " board");
        }
        return rows[y][x];
    }

    /** @return every square, row by row from the top left. */
    public List<Square> squares() {
        List<Square> all = new ArrayList<>();
        for (Square[] row : rows) {
            for (Square square : row) {
                all.add(square);
            }
        }
        return all;
    }

    /** @return the squares with the given tile, row by row. */
    public List<Square> squaresOfType(TileType type) {
        List<Square> found = new ArrayList<>();
        for (Square square : squares()) {
            if (square.getType() == type) {
                found.add(square);
            }
        }
        return found;
    }

    /** @return the squares that have an item lying on them, row by row. */
    public List<Square> squaresWithItems() {
        List<Square> found = new ArrayList<>();
        for (Square square : squares()) {
            if (square.hasItem()) {
                found.add(square);
            }
        }
        return found;
    }

    /** Draws the board as text, one string per row, using the same characters as map files. */
    public List<String> render() {
        List<String> lines = new ArrayList<>();
        for (Square[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (Square square : row) {
                line.append(square.getSymbol());
            }
            lines.add(line.toString());
        }
        return lines;
    }
}
