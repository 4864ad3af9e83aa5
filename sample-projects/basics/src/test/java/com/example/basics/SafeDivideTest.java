package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SafeDivideTest {

    private final SafeDivide divide = new SafeDivide();

    @Test
    void ordinaryPercentage() {
        assertEquals(25, divide.percent(1, 4));
        assertEquals(0, divide.getFailures());
    }

    @Test
    void percentageIsCappedAtOneHundred() {
        assertEquals(100, divide.percent(3, 2));
    }

    @Test
    void zeroWholeIsCaughtAndCounted() {
        assertEquals(-1, divide.percent(5, 0));
        assertEquals(1, divide.getFailures());
    }

    @Test
    void everyCallCountsAsAnAttempt() {
        divide.percent(1, 2);
        divide.percent(3, 2);
        divide.percent(1, 0);
        assertEquals(3, divide.getAttempts());
    }
}
