package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FloatEdgeTest {

    @Test
    void classifiesSpecialDoubles() {
        assertEquals("NaN", FloatEdge.classify(Double.NaN));
        assertEquals("+0.0", FloatEdge.classify(0.0));
        assertEquals("-0.0", FloatEdge.classify(-0.0));
        assertEquals("+Infinity", FloatEdge.classify(Double.POSITIVE_INFINITY));
        assertEquals("-Infinity", FloatEdge.classify(Double.NEGATIVE_INFINITY));
        assertEquals("finite", FloatEdge.classify(1.5));
    }

    @Test
    void notANumber() {
        assertTrue(FloatEdge.isNotANumber(Float.NaN));
        assertFalse(FloatEdge.isNotANumber(1f));
    }

    @Test
    void floatCompareOrdersZerosAndNaN() {
        assertEquals("less", FloatEdge.order(-0.0f, 0.0f));
        assertEquals("greater", FloatEdge.order(Float.NaN, Float.POSITIVE_INFINITY));
        assertEquals("same", FloatEdge.order(Float.NaN, Float.NaN));
    }

    @Test
    void identity() {
        assertTrue(FloatEdge.identical(1f, 1f));
        assertFalse(FloatEdge.identical(0.0f, -0.0f));
        assertTrue(FloatEdge.identical(Float.NaN, Float.NaN));
        assertFalse(FloatEdge.identical(Float.NaN, 1f));
        assertFalse(FloatEdge.identical(1f, 2f));
    }
}
