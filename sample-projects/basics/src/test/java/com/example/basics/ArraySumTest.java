package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ArraySumTest {

    @Test
    void nullArrayIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> ArraySum.sumOfPositives(null));
    }

    @Test
    void emptyArraySumsToZero() {
        assertEquals(0, ArraySum.sumOfPositives(new int[0]));
    }

    @Test
    void negativesAreSkipped() {
        assertEquals(9, ArraySum.sumOfPositives(new int[] {4, -2, 5, 0}));
    }

    @Test
    void indexOfMaxOfNothingIsMinusOne() {
        assertEquals(-1, ArraySum.indexOfMax(null));
        assertEquals(-1, ArraySum.indexOfMax(new int[0]));
    }

    @Test
    void indexOfMaxPicksTheFirstLargest() {
        assertEquals(0, ArraySum.indexOfMax(new int[] {7}));
        assertEquals(2, ArraySum.indexOfMax(new int[] {1, 3, 9, 9, 2}));
    }
}
