package com.example.shelf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class IsbnTest {
    @Test
    void parsesWithDashes() {
        assertEquals("0306406152", Isbn.parse("0-306-40615-2").toString());
    }

    @Test
    void refusesABadCheckDigit() {
        assertThrows(IllegalArgumentException.class, () -> Isbn.parse("0306406153"));
    }
}
