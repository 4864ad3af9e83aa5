package com.example.dungeon.board;

import java.util.Locale;

/**
 * The four directions a unit can step in. North is up on the map, so it decreases the row number.
 */
public enum Direction {
    NORTH(0, -1),
    EAST(1, 0),
    SOUTH(0, 1),
    WEST(-1, 0);

    private final int deltaX;
    private final int deltaY;

    Direction(int deltaX, int deltaY) {
        this.deltaX = deltaX;
        this.deltaY = deltaY;
    }

    /** @return the change in column when stepping in this direction. */
    public int getDeltaX() {
        return deltaX;
    }

    /** @return the change in row when stepping in this direction. */
    public int getDeltaY() {
        return deltaY;
    }

    /** @return the direction pointing the other way. */
    public Direction opposite() {
        switch (this) {
            case NORTH:
                return SOUTH;
            case SOUTH:
                return NORTH;
            case EAST:
                return WEST;
            case WEST:
                return EAST;
            default:
                throw new AssertionError("unexpected direction " + this);
        }
    }

    /** @return the direction a quarter turn clockwise from this one. */
    public Direction turnRight() {
        Direction[] all = values();
        return all[(ordinal() + 1) % all.length];
    }

    /**
     * Reads a direction as typed by a player: the full name, its first letter, or up/down/left/right.
     *
     * @throws IllegalArgumentException if the text names no direction
     */
    public static Direction parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("no direction given");
        }
        switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "n":
            case "north":
            case "up":
                return NORTH;
            case "e":
            case "east":
            case "right":
                return EAST;
            case "s":
            case "south":
            case "down":
                return SOUTH;
            case "w":
            case "west":
            case "left":
                return WEST;
            default:
                throw new IllegalArgumentException("unknown direction: " + text);
        }
    }
}
