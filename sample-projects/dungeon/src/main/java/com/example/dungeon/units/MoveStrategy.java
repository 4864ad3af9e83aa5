package com.example.dungeon.units;

import com.example.dungeon.board.Direction;

import java.util.List;

/**
 * Decides how a monster walks.
 */
public interface MoveStrategy {

    /**
     * @param monster the monster that is about to move; it stands on the board
     * @param heroes  the heroes of the level, dead ones included
     * @return the direction to step in, or {@code null} to stay put
     */
    Direction nextMove(Monster monster, List<Hero> heroes);
}
