package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CircleTest {

    @Test
    void hasNoCornersAndTheUsualArea() {
        Circle circle = new Circle(2);
        assertEquals(0, circle.corners());
        assertEquals(4 * Math.PI, circle.area(), 1e-12);
    }

    @Test
    void radiusMustNotBeNegative() {
        assertThrows(IllegalArgumentException.class, () -> new Circle(-1));
    }
}
