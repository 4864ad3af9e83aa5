package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class OverflowTest {

    @Test
    void longAdditionWithinRange() {
        assertEquals(5L, Overflow.add(2L, 3L));
        assertEquals(-1L, Overflow.add(2L, -3L));
        assertEquals(Long.MAX_VALUE, Overflow.add(Long.MAX_VALUE, 0L));
        assertEquals(Long.MAX_VALUE, Overflow.add(Long.MAX_VALUE - 1, 1L));
        assertEquals(Long.MIN_VALUE, Overflow.add(Long.MIN_VALUE + 1, -1L));
    }

    @Test
    void longAdditionPastTheBoundsThrows() {
        assertThrows(ArithmeticException.class, () -> Overflow.add(Long.MAX_VALUE, 1L));
        assertThrows(ArithmeticException.class, () -> Overflow.add(Long.MIN_VALUE, -1L));
    }

    @Test
    void intAddition() {
        assertEquals(7, Overflow.add(3, 4));
        assertThrows(ArithmeticException.class, () -> Overflow.add(Integer.MAX_VALUE, 1));
        assertThrows(ArithmeticException.class, () -> Overflow.add(Integer.MIN_VALUE, -1));
    }

    @Test
    void intMultiplication() {
        assertEquals(-42, Overflow.multiply(6, -7));
        assertThrows(ArithmeticException.class, () -> Overflow.multiply(1 << 16, 1 << 16));
    }

    @Test
    void negation() {
        assertEquals(-5, Overflow.negate(5));
        assertThrows(ArithmeticException.class, () -> Overflow.negate(Integer.MIN_VALUE));
    }
}
