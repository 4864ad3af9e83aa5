package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GcdTest {

    @Test
    void zeroSecondArgumentIsTheBaseCase() {
        assertEquals(7, Gcd.gcd(7, 0));
    }

    @Test
    void recursesUntilTheRemainderIsZero() {
        assertEquals(6, Gcd.gcd(48, 18));
        assertEquals(1, Gcd.gcd(17, 5));
    }

    @Test
    void argumentOrderDoesNotMatter() {
        assertEquals(Gcd.gcd(12, 30), Gcd.gcd(30, 12));
    }
}
