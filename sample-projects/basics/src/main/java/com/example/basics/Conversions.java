package com.example.basics;

/**
 * Branches on narrowed and converted values.
 */
public final class Conversions {

    private Conversions() {
    }

    /** Sign of the lowest byte of {@code value}. */
    public static String lowByteSign(int value) {
        byte low = (byte) value;
        if (low < 0) {
            return "negative";
        }
        if (low == 0) {
            return "zero";
        }
        return "positive";
    }

    /** Reads a byte as an unsigned value between 0 and 255. */
    public static int unsigned(byte b) {
        if (b < 0) {
            return b + 256;
        }
        return b;
    }

    /** True when the UTF-16 unit of {@code code} (its low 16 bits) is the letter A. */
    public static boolean isLetterA(int code) {
        char c = (char) code;
        if (c == 'A') {
            return true;
        }
        return false;
    }

    /** Next value of a 16-bit sequence number, which wraps around to zero after 32767. */
    public static short nextSequence(short current) {
        short next = (short) (current + 1);
        if (next < current) {
            return 0;
        }
        return next;
    }

    /** The whole part of {@code f}, or a note when the conversion saturated or {@code f} is not a number. */
    public static String wholePart(float f) {
        int whole = (int) f;
        if (whole == Integer.MAX_VALUE) {
            return "too large";
        }
        if (whole == Integer.MIN_VALUE) {
            return "too small";
        }
        if (whole == 0 && f != f) {
            return "not a number";
        }
        return Integer.toString(whole);
    }
}
