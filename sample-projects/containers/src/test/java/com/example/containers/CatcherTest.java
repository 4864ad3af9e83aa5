package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CatcherTest {

    private final Catcher catcher = new Catcher();

    @Test
    void parsesDigits() {
        assertEquals(1234, catcher.parseOrDefault("1234", -1));
    }

    @Test
    void fallsBackOnMissingText() {
        assertEquals(-1, catcher.parseOrDefault(null, -1));
        assertEquals(-1, catcher.parseOrDefault("", -1));
    }

    @Test
    void fallsBackOnCharactersOtherThanDigits() {
        assertEquals(7, catcher.parseOrDefault("12a", 7));
        assertEquals(7, catcher.parseOrDefault("/", 7));
    }
}
