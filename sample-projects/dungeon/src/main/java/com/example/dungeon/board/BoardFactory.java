package com.example.dungeon.board;

/**
 * Builds boards and links every square to its neighbours. The board does not wrap around: squares on
 * the edge have no neighbour on the outer side.
 */
public class BoardFactory {

    /**
     * Creates a board from rows of squares ({@code rows[y][x]}).
     *
     * @throws IllegalArgumentException if the grid is empty, ragged or has missing squares
     */
    public Board createBoard(Square[][] rows) {
        if (rows == null || rows.length == 0 || rows[0] == null || rows[0].length == 0) {
            throw new IllegalArgumentException("a board needs at least one square");
        }
        int width = rows[0].length;
        Square[][] copy = new Square[rows.length][];
        for (int y = 0; y < rows.length; y++) {
            if (rows[y] == null || rows[y].length != width) {
                throw new IllegalArgumentException("row " + y + " is not " + width + " squares wide");
            }
            copy[y] = rows[y].clone();
            for (int x = 0; x < width; x++) {
                if (copy[y][x] == null) {
                    throw new IllegalArgumentException("missing square at (" + x + "," + y + ")");
                }
            }
        }
        Board board = new Board(copy);
        for (int y = 0; y < copy.length; y++) {
            for (int x = 0; x < width; x++) {
                link(board, x, y);
            }
        }
        return board;
    }

    /**
     * Creates a room: floor surrounded by a single line of wall.
     *
     * @param width  the outer width, walls included (at least 3)
     * @param height the outer height, walls included (at least 3)
     */
    public Board createRoom(int width, int height) {
        if (width < 3 || height < 3) {
            throw new IllegalArgumentException("a room must be at least 3x3, not " + width + "x" + height);
        }
        Square[][] rows = new Square[height][width];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                boolean edge = x == 0 || y == 0 || x == width - 1 || y == height - 1;
                rows[y][x] = new Square(edge ? TileType.WALL : TileType.FLOOR);
            }
        }
        return createBoard(rows);
    }

    private void link(Board board, int x, int y) {
        Square square = board.squareAt(x, y);
        square.place(x, y);
        for (Direction direction : Direction.values()) {
            int nx = x + direction.getDeltaX();
            int ny = y + direction.getDeltaY();
            if (board.withinBorders(nx, ny)) {
                square.link(board.squareAt(nx, ny), direction);
            }
        }
    }
}
