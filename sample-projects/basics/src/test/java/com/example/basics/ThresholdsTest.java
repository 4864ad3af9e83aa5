package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ThresholdsTest {

    private final Thresholds thresholds = new Thresholds();

    @Test
    void limitIsTenByDefault() {
        assertEquals(10, Thresholds.limit);
    }

    @Test
    void readingsAreComparedWithTheLimit() {
        assertEquals("high", thresholds.classify(11));
        assertEquals("at limit", thresholds.classify(10));
        assertEquals("normal", thresholds.classify(9));
    }
}
