package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AbstractShapeTest {

    private static AbstractShape withArea(double area) {
        return new AbstractShape() {
            @Override
            public double area() {
                return area;
            }
        };
    }

    @Test
    void comparesAreas() {
        assertTrue(withArea(4).isLargerThan(withArea(3)));
        assertFalse(withArea(3).isLargerThan(withArea(3)));
    }
}
