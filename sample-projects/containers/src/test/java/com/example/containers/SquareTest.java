package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SquareTest {

    @Test
    void hasFourCornersAndTheUsualArea() {
        Square square = new Square(3);
        assertEquals(4, square.corners());
        assertEquals(9.0, square.area());
    }

    @Test
    void sideMustNotBeNegative() {
        assertThrows(IllegalArgumentException.class, () -> new Square(-0.5));
    }
}
