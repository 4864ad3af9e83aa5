package com.example.dungeon.board;

/**
 * What a square of the dungeon is made of.
 */
public enum TileType {
    /** Plain floor that anyone can walk on. */
    FLOOR('.'),
    /** Solid rock. */
    WALL('#'),
    /** A hole in the floor; whoever steps in falls to their death. */
    PIT(' '),
    /** A locked door that only opens with a key. */
    DOOR('D');

    private final char symbol;

    TileType(char symbol) {
        this.symbol = symbol;
    }

    /** @return the character that stands for this tile on a map. */
    public char getSymbol() {
        return symbol;
    }

    /**
     * Finds the tile drawn with the given character.
     *
     * @return the tile type, or {@code null} if no tile uses that character
     */
    public static TileType fromSymbol(char symbol) {
        for (TileType type : values()) {
            if (type.symbol == symbol) {
                return type;
            }
        }
        return null;
    }
}
