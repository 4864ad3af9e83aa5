package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ShapeTest {

    @Test
    void sizeDependsOnTheArea() {
        Shape big = () -> 150;
        Shape small = () -> 100;
        assertEquals("large", big.size());
        assertEquals("small", small.size());
    }
}
