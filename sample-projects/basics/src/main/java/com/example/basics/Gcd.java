package com.example.basics;

/**
 * Greatest common divisor by Euclid's algorithm.
 */
public final class Gcd {

    private Gcd() {
    }

    /** Returns the greatest common divisor of two non-negative numbers. */
    public static int gcd(int a, int b) {
        if (b == 0) {
            return a;
        }
        return gcd(b, a % b);
    }
}
