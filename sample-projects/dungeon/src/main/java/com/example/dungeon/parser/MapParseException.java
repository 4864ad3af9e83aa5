package com.example.dungeon.parser;

/**
 * Thrown when a map cannot be turned into a level.
 */
public class MapParseException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public MapParseException(String message) {
        super(message);
    }
}
