package com.example.dungeon.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DirectionTest {

    @ParameterizedTest
    @EnumSource(Direction.class)
    void oppositeUndoesTheStep(Direction direction) {
        Direction back = direction.opposite();
        assertEquals(0, direction.getDeltaX() + back.getDeltaX());
        assertEquals(0, direction.getDeltaY() + back.getDeltaY());
        assertEquals(direction, back.opposite());
    }

    @Test
    void northGoesUp() {
        assertEquals(0, Direction.NORTH.getDeltaX());
        assertEquals(-1, Direction.NORTH.getDeltaY());
    }

    @Test
    void parsesNamesLettersAndArrows() {
        assertEquals(Direction.NORTH, Direction.parse("north"));
        assertEquals(Direction.SOUTH, Direction.parse(" S "));
        assertEquals(Direction.WEST, Direction.parse("Left"));
        assertEquals(Direction.EAST, Direction.parse("e"));
    }

    @Test
    void rejectsUnknownDirections() {
        assertThrows(IllegalArgumentException.class, () -> Direction.parse("up-left"));
        assertThrows(IllegalArgumentException.class, () -> Direction.parse(null));
    }
}
