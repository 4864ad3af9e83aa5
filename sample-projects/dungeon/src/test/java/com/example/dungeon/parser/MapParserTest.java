package com.example.dungeon.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.dungeon.board.Board;
import com.example.dungeon.board.BoardFactory;
import com.example.dungeon.board.TileType;
import com.example.dungeon.items.Gold;
import com.example.dungeon.items.Key;
import com.example.dungeon.items.Potion;
import com.example.dungeon.level.Level;
import com.example.dungeon.level.LevelFactory;
import com.example.dungeon.units.Goblin;
import com.example.dungeon.units.Troll;
import com.example.dungeon.units.UnitFactory;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class MapParserTest {

    private final BoardFactory boards = new BoardFactory();
    private final MapParser parser =
            new MapParser(new LevelFactory(new UnitFactory(new Random(4)), boards), boards);

    @Test
    void readsTiles() {
        Board board = parser.parseMap(Arrays.asList(
                "#####",
                "#P D#",
                "#####")).getBoard();
        assertEquals(5, board.getWidth());
        assertEquals(3, board.getHeight());
        assertEquals(TileType.WALL, board.squareAt(0, 0).getType());
        assertEquals(TileType.FLOOR, board.squareAt(1, 1).getType());
        assertEquals(TileType.PIT, board.squareAt(2, 1).getType());
        assertEquals(TileType.DOOR, board.squareAt(3, 1).getType());
    }

    @Test
    void readsUnitsAndItems() {
        Level level = parser.parseMap(Arrays.asList(
                "#######",
                "#PG$!k#",
                "#..T..#",
                "#######"));
        Board board = level.getBoard();
        assertEquals(1, level.getStartSquares().size());
        assertEquals(2, level.getMonsters().size());
        assertTrue(board.squareAt(2, 1).findOccupant(Goblin.class) != null);
        assertTrue(board.squareAt(3, 2).findOccupant(Troll.class) != null);
        assertEquals(MapParser.GOLD_PER_PILE, ((Gold) board.squareAt(3, 1).getItem()).getAmount());
        assertTrue(board.squareAt(4, 1).getItem() instanceof Potion);
        assertTrue(board.squareAt(5, 1).getItem() instanceof Key);
        assertEquals(1, level.remainingGold());
    }

    @Test
    void boardRendersAsTheMap() {
        List<String> map = Arrays.asList("#####", "#G$!#", "#PDk#", "# ..#", "#####");
        // a start square is plain floor until a hero joins
        assertEquals(Arrays.asList("#####", "#G$!#", "#.Dk#", "# ..#", "#####"),
                parser.parseMap(map).getBoard().render());
    }

    @Test
    void parsesATextBlock() {
        Level level = parser.parseMap("####\r\n#P$#\r\n####\n");
        assertEquals(3, level.getBoard().getHeight());
        assertEquals(1, level.remainingGold());
    }

    @Test
    void unequalRowsAreAnError() {
        MapParseException e = assertThrows(MapParseException.class,
                () -> parser.parseMap(Arrays.asList("####", "#P#", "####")));
        assertEquals("row 2 has 3 characters, expected 4", e.getMessage());
    }

    @Test
    void unknownCharacterIsAnError() {
        MapParseException e = assertThrows(MapParseException.class,
                () -> parser.parseMap(Arrays.asList("####", "#P?#", "####")));
        assertEquals("unknown character '?' at row 2, column 3", e.getMessage());
    }

    @Test
    void mapNeedsAStart() {
        assertThrows(MapParseException.class, () -> parser.parseMap(Arrays.asList("###", "#$#", "###")));
    }
}
