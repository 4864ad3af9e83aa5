package com.example.basics;

/**
 * The corners of IEEE 754: NaN, signed zeros and infinities.
 */
public final class FloatEdge {

    private FloatEdge() {
    }

    public static String classify(double x) {
        if (Double.isNaN(x)) {
            return "NaN";
        }
        if (x == 0.0) {
            // -0.0 == 0.0, but dividing by it gives negative infinity
            return 1.0 / x < 0 ? "-0.0" : "+0.0";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "+Infinity" : "-Infinity";
        }
        return "finite";
    }

    /** NaN is the only value not equal to itself. */
    public static boolean isNotANumber(float f) {
        return f != f;
    }

    /** Three-way comparison by {@link Float#compare}, which orders -0.0 before 0.0 and NaN last. */
    public static String order(float a, float b) {
        int c = Float.compare(a, b);
        if (c < 0) {
            return "less";
        }
        if (c > 0) {
            return "greater";
        }
        return "same";
    }

    /** True when {@code a} and {@code b} are the same float value, treating NaN as equal to NaN and -0.0 as distinct from 0.0. */
    public static boolean identical(float a, float b) {
        if (a == b) {
            return Float.compare(a, b) == 0;
        }
        return a != a && b != b;
    }
}
