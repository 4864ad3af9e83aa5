package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

// process(-1) would end the test JVM with exit code 3, so only the normal path is exercised here.
class ExiterTest {

    @Test
    void nonNegativeStatusIsIncremented() {
        assertEquals(1, new Exiter().process(0));
        assertEquals(42, new Exiter().process(41));
    }
}
