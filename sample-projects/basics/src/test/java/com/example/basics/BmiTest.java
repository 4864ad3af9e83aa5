package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BmiTest {

    private final Bmi bmi = new Bmi();

    @Test
    void lightPersonIsUnderweight() {
        assertEquals("underweight", bmi.weightCategory(50, 1.80));
    }

    @Test
    void averagePersonIsNormal() {
        assertEquals("normal", bmi.weightCategory(70, 1.80));
    }

    @Test
    void heavyPersonIsOverweight() {
        assertEquals("overweight", bmi.weightCategory(100, 1.80));
    }

    @Test
    void boundariesBelongToTheHigherCategory() {
        assertEquals("normal", bmi.weightCategory(18.5, 1.0));
        assertEquals("overweight", bmi.weightCategory(25.0, 1.0));
    }

    // The two tests below need assertions enabled (-ea), as Gradle and the reference run do.
    @Test
    void nonPositiveMassFailsTheAssertion() {
        assertThrows(AssertionError.class, () -> bmi.weightCategory(0, 1.80));
    }

    @Test
    void nonPositiveLengthFailsTheAssertion() {
        assertThrows(AssertionError.class, () -> bmi.weightCategory(70, -1));
    }
}
