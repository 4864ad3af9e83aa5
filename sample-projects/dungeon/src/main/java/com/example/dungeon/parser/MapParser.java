package com.example.dungeon.parser;

import com.example.dungeon.board.BoardFactory;
import com.example.dungeon.board.Square;
import com.example.dungeon.board.TileType;
import com.example.dungeon.items.Gold;
import com.example.dungeon.items.Item;
import com.example.dungeon.items.Key;
import com.example.dungeon.items.Potion;
import com.example.dungeon.level.Level;
import com.example.dungeon.level.LevelFactory;
import com.example.dungeon.units.Monster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a level from a text map, one string per row:
 * <pre>
 *   #  wall          .  floor          (space)  pit       D  locked door
 *   P  hero start    G  goblin         T  troll
 *   $  gold          !  potion         k  key
 * </pre>
 * Units, items and start squares stand on floor. All rows must be equally long.
 */
public class MapParser {

    /** What one pile of gold on a map is worth. */
    public static final int GOLD_PER_PILE = 10;
    /** How much a potion on a map heals. */
    public static final int POTION_STRENGTH = 4;

    private final LevelFactory levelFactory;
    private final BoardFactory boardFactory;

    public MapParser(LevelFactory levelFactory, BoardFactory boardFactory) {
        this.levelFactory = levelFactory;
        this.boardFactory = boardFactory;
    }

    /**
     * Parses a map given as a grid of characters, {@code grid[row][column]}.
     *
     * @throws MapParseException if the map is empty or ragged, has an unknown character or no
     *                           start square
     */
    public Level parseMap(char[][] grid) {
        if (grid == null || grid.length == 0) {
            throw new MapParseException("the map is empty");
        }
        int width = grid[0].length;
        if (width == 0) {
            throw new MapParseException("the first row of the map is empty");
        }
        Square[][] rows = new Square[grid.length][width];
        List<Monster> monsters = new ArrayList<>();
        List<Square> starts = new ArrayList<>();
        for (int y = 0; y < grid.length; y++) {
            if (grid[y].length != width) {
                throw new MapParseException("row " + (y + 1) + " has " + grid[y].length
                        + " characters, expected " + width);
            }
            for (int x = 0; x < width; x++) {
                rows[y][x] = parseSquare(grid[y][x], x, y, monsters, starts);
            }
        }
        if (starts.isEmpty()) {
            throw new MapParseException("the map has no start square (P)");
        }
        return levelFactory.createLevel(boardFactory.createBoard(rows), monsters, starts);
    }

    /**
     * Parses a map given as lines of text. Empty lines at the end are ignored.
     *
     * @throws MapParseException as {@link #parseMap(char[][])}
     */
    public Level parseMap(List<String> lines) {
        if (lines == null) {
            throw new MapParseException("no map given");
        }
        int count = lines.size();
        while (count > 0 && lines.get(count - 1).isEmpty()) {
            count--;
        }
        char[][] grid = new char[count][];
        for (int y = 0; y < count; y++) {
            grid[y] = lines.get(y).toCharArray();
        }
        return parseMap(grid);
    }

    /** Parses a map given as one string with a line break after each row. */
    public Level parseMap(String text) {
        if (text == null) {
            throw new MapParseException("no map given");
        }
        return parseMap(Arrays.asList(text.split("\r?\n", -1)));
    }

    private Square parseSquare(char c, int x, int y, List<Monster> monsters, List<Square> starts) {
        TileType tile = TileType.fromSymbol(c);
        if (tile != null) {
            return new Square(tile);
        }
        switch (c) {
            case 'P': {
                Square square = new Square(TileType.FLOOR);
                starts.add(square);
                return square;
            }
            case 'G':
            case 'T': {
                Square square = new Square(TileType.FLOOR);
                Monster monster = levelFactory.createMonster(c);
                monster.occupy(square);
                monsters.add(monster);
                return square;
            }
            case '$':
                return floorWith(new Gold(GOLD_PER_PILE));
            case '!':
                return floorWith(new Potion(POTION_STRENGTH));
            case 'k':
                return floorWith(new Key());
            default:
                throw new MapParseException("unknown character '" + c + "' at row " + (y + 1)
                        + ", column " + (x + 1));
        }
    }

    private static Square floorWith(Item item) {
        Square square = new Square(TileType.FLOOR);
        square.placeItem(item);
        return square;
    }
}
