package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ConversionsTest {

    @Test
    void onlyTheLowByteDecidesTheSign() {
        assertEquals("negative", Conversions.lowByteSign(0x80));
        assertEquals("zero", Conversions.lowByteSign(0x100));
        assertEquals("positive", Conversions.lowByteSign(-255));
    }

    @Test
    void unsignedBytes() {
        assertEquals(255, Conversions.unsigned((byte) -1));
        assertEquals(127, Conversions.unsigned((byte) 127));
    }

    @Test
    void letterAIncludingWrappedCodes() {
        assertTrue(Conversions.isLetterA('A'));
        assertTrue(Conversions.isLetterA('A' + 0x10000));
        assertFalse(Conversions.isLetterA('B'));
    }

    @Test
    void sequenceNumbersWrapToZero() {
        assertEquals((short) 8, Conversions.nextSequence((short) 7));
        assertEquals((short) 0, Conversions.nextSequence(Short.MAX_VALUE));
    }

    @Test
    void wholePartOfOrdinaryFloats() {
        assertEquals("3", Conversions.wholePart(3.9f));
        assertEquals("0", Conversions.wholePart(0.5f));
        assertEquals("-2", Conversions.wholePart(-2.5f));
    }

    @Test
    void conversionSaturates() {
        assertEquals("too large", Conversions.wholePart(1e10f));
        assertEquals("too small", Conversions.wholePart(Float.NEGATIVE_INFINITY));
        assertEquals("not a number", Conversions.wholePart(Float.NaN));
    }
}
