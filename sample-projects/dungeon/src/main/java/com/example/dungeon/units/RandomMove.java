package com.example.dungeon.units;

import com.example.dungeon.board.Direction;
import com.example.dungeon.board.Square;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Wanders about: picks any direction the monster can step in, avoiding other monsters.
 */
public class RandomMove implements MoveStrategy {

    private final Random random;

    public RandomMove(Random random) {
        if (random == null) {
            throw new IllegalArgumentException("a random source is required");
        }
        this.random = random;
    }

    @Override
    public Direction nextMove(Monster monster, List<Hero> heroes) {
        Square here = monster.getSquare();
        if (here == null) {
            return null;
        }
        List<Direction> options = new ArrayList<>();
        for (Direction direction : Direction.values()) {
            Square next = here.getNeighbour(direction);
            if (next != null && monster.canEnter(next) && next.findOccupant(Monster.class) == null) {
                options.add(direction);
            }
        }
        if (options.isEmpty()) {
            return null;
        }
        return options.get(random.nextInt(options.size()));
    }
}
