package com.example.dungeon.level;

import com.example.dungeon.board.Board;
import com.example.dungeon.board.BoardFactory;
import com.example.dungeon.board.Square;
import com.example.dungeon.items.Gold;
import com.example.dungeon.units.Monster;
import com.example.dungeon.units.UnitFactory;

import java.util.Collections;
import java.util.List;

/**
 * Creates levels, and the monsters that go on them.
 */
public class LevelFactory {

    /** What one pile of gold in a training room is worth. */
    public static final int TRAINING_GOLD = 5;

    private final UnitFactory units;
    private final BoardFactory boards;

    public LevelFactory(UnitFactory units, BoardFactory boards) {
        this.units = units;
        this.boards = boards;
    }

    /**
     * Creates a level from a finished board. The monsters must already stand on the board.
     *
     * @throws IllegalArgumentException if there is no start square, or a monster is not on the board
     */
    public Level createLevel(Board board, List<Monster> monsters, List<Square> startSquares) {
        for (Monster monster : monsters) {
            if (!monster.hasSquare()) {
                throw new IllegalArgumentException("monster " + monster.getSymbol() + " is not on the board");
            }
        }
        return new Level(board, monsters, startSquares, new Collisions());
    }

    /** @see UnitFactory#createMonster(char) */
    public Monster createMonster(char symbol) {
        return units.createMonster(symbol);
    }

    /**
     * Creates an empty walled room for practice: heroes start in the top left corner and one pile of
     * gold lies in the bottom right corner.
     */
    public Level createTrainingRoom(int width, int height) {
        Board board = boards.createRoom(width, height);
        Square start = board.squareAt(1, 1);
        Square treasure = board.squareAt(width - 2, height - 2);
        if (treasure != start) {
            treasure.placeItem(new Gold(TRAINING_GOLD));
        }
        return createLevel(board, Collections.<Monster>emptyList(), Collections.singletonList(start));
    }
}
