package com.example.dungeon.units;

import com.example.dungeon.board.Direction;
import com.example.dungeon.board.Navigation;
import com.example.dungeon.board.Square;

import java.util.List;

/**
 * Walks towards the nearest living hero it can see; when no hero is in sight it falls back to another
 * strategy, or stays put if there is none.
 */
public class ChaseMove implements MoveStrategy {

    private final int sightRange;
    private final MoveStrategy fallback;

    /**
     * @param sightRange how many steps away a hero can be noticed (at least 1)
     * @param fallback   what to do when no hero is in sight; may be {@code null}
     */
    public ChaseMove(int sightRange, MoveStrategy fallback) {
        if (sightRange < 1) {
            throw new IllegalArgumentException("sight range must be at least 1: " + sightRange);
        }
        this.sightRange = sightRange;
        this.fallback = fallback;
    }

    public int getSightRange() {
        return sightRange;
    }

    @Override
    public Direction nextMove(Monster monster, List<Hero> heroes) {
        Square here = monster.getSquare();
        if (here == null) {
            return null;
        }
        List<Direction> best = null;
        for (Hero hero : heroes) {
            if (!hero.isAlive() || !hero.hasSquare()) {
                continue;
            }
            if (Navigation.manhattanDistance(here, hero.getSquare()) > sightRange) {
                continue;
            }
            List<Direction> path = Navigation.shortestPath(here, hero.getSquare(), monster);
            if (path == null || path.isEmpty() || path.size() > sightRange) {
                continue;
            }
            if (best == null || path.size() < best.size()) {
                best = path;
            }
        }
        if (best != null) {
            return best.get(0);
        }
        return fallback == null ? null : fallback.nextMove(monster, heroes);
    }
}
