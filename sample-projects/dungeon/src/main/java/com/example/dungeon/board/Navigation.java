package com.example.dungeon.board;

import com.example.dungeon.units.Unit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Path finding on the board.
 */
public final class Navigation {

    private Navigation() {
    }

    /**
     * Finds a shortest walk between two squares with a breadth-first search. Only squares the
     * traveller may enter are used (plain floor if there is no traveller); the destination itself is
     * always allowed, so a path can end on a wall or on another unit.
     *
     * @return the steps to take, empty if {@code from == to}, or {@code null} if there is no path
     */
    public static List<Direction> shortestPath(Square from, Square to, Unit traveller) {
        if (from == to) {
            return Collections.emptyList();
        }
        Map<Square, Square> previous = new HashMap<>();
        Map<Square, Direction> stepInto = new HashMap<>();
        Deque<Square> queue = new ArrayDeque<>();
        previous.put(from, null);
        queue.add(from);
        while (!queue.isEmpty()) {
            Square current = queue.poll();
            for (Direction direction : Direction.values()) {
                Square next = current.getNeighbour(direction);
                if (next == null || previous.containsKey(next)) {
                    continue;
                }
                if (next != to && !isPassable(next, traveller)) {
                    continue;
                }
                previous.put(next, current);
                stepInto.put(next, direction);
                if (next == to) {
                    return collectPath(to, previous, stepInto);
                }
                queue.add(next);
            }
        }
        return null;
    }

    /** @return the number of steps between two squares if there were no walls. */
    public static int manhattanDistance(Square a, Square b) {
        return Math.abs(a.getX() - b.getX()) + Math.abs(a.getY() - b.getY());
    }

    private static boolean isPassable(Square square, Unit traveller) {
        if (traveller == null) {
            return square.getType() == TileType.FLOOR;
        }
        return traveller.canEnter(square);
    }

    private static List<Direction> collectPath(Square end, Map<Square, Square> previous,
            Map<Square, Direction> stepInto) {
        List<Direction> path = new ArrayList<>();
        Square square = end;
        while (previous.get(square) != null) {
            path.add(stepInto.get(square));
            square = previous.get(square);
        }
        Collections.reverse(path);
        return path;
    }
}
