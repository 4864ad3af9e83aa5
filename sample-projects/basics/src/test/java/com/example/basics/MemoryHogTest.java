package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

// reserve(-1) allocates until OutOfMemoryError, which takes the whole heap; only small requests are exercised here.
class MemoryHogTest {

    @Test
    void reservesTheRequestedBlocks() {
        assertEquals(0, new MemoryHog().reserve(0));
        assertEquals(3, new MemoryHog().reserve(3));
    }
}
