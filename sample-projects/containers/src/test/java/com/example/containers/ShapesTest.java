package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ShapesTest {

    private final Shapes shapes = new Shapes();

    @Test
    void circlesAreRound() {
        assertEquals("round", shapes.describe(new Circle(1)));
    }

    @Test
    void squaresArePolygonsOfSomeSize() {
        assertEquals("polygon", shapes.describe(new Square(10)));
        assertEquals("large polygon", shapes.describe(new Square(11)));
    }
}
