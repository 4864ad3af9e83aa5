package com.example.basics;

/**
 * Arithmetic that refuses to overflow silently.
 */
public final class Overflow {

    private Overflow() {
    }

    /** Long addition with the bounds checked before adding. */
    public static long add(long a, long b) {
        if (b > 0 && a > Long.MAX_VALUE - b) {
            throw new ArithmeticException("long overflow");
        }
        if (b < 0 && a < Long.MIN_VALUE - b) {
            throw new ArithmeticException("long underflow");
        }
        return a + b;
    }

    /** Int addition: an overflow flips the sign of the result relative to both operands. */
    public static int add(int a, int b) {
        int sum = a + b;
        if (((a ^ sum) & (b ^ sum)) < 0) {
            throw new ArithmeticException("int overflow");
        }
        return sum;
    }

    /** Int multiplication done in long arithmetic and narrowed back. */
    public static int multiply(int a, int b) {
        long product = (long) a * b;
        if (product != (int) product) {
            throw new ArithmeticException("int overflow");
        }
        return (int) product;
    }

    public static int negate(int a) {
        if (a == Integer.MIN_VALUE) {
            throw new ArithmeticException("int overflow");
        }
        return -a;
    }
}
