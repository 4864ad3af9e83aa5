package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DeepRecursionTest {

    private final DeepRecursion recursion = new DeepRecursion();

    @Test
    void sumsSmallRanges() {
        assertEquals(0, recursion.sumTo(0));
        assertEquals(55, recursion.sumTo(10));
    }

    @Test
    void negativeArgumentOverflowsTheStack() {
        assertThrows(StackOverflowError.class, () -> recursion.sumTo(-1));
    }
}
