package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OuterTest {

    @Test
    void counterIsExceededAfterMoreEventsThanTheLimit() {
        Outer outer = new Outer();
        Outer.Counter counter = outer.newCounter();
        for (int i = 0; i < 3; i++) {
            counter.increment();
        }
        assertFalse(counter.exceeded());
        counter.increment();
        assertTrue(counter.exceeded());
    }

    @Test
    void counterReadsTheCurrentLimitOfItsOuterInstance() {
        Outer outer = new Outer();
        Outer.Counter counter = outer.new Counter();
        counter.increment();
        outer.setLimit(0);
        assertTrue(counter.exceeded());
    }

    @Test
    void rangeIncludesBothEnds() {
        Outer.Range range = new Outer.Range(1, 5);
        assertTrue(range.contains(1));
        assertTrue(range.contains(5));
        assertFalse(range.contains(0));
        assertFalse(range.contains(6));
    }

    @Test
    void rangeMustNotBeEmpty() {
        assertThrows(IllegalArgumentException.class, () -> new Outer.Range(2, 1));
    }
}
