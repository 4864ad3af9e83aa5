package com.example.basics;

/**
 * Percentages that survive a zero denominator.
 */
public class SafeDivide {

    private int attempts;
    private int failures;

    /**
     * Returns {@code part} as a percentage of {@code whole}, capped at 100, or -1 when {@code whole} is zero.
     */
    public int percent(int part, int whole) {
        try {
            int result = part * 100 / whole;
            if (result > 100) {
                return 100;
            }
            return result;
        } catch (ArithmeticException e) {
            failures++;
            return -1;
        } finally {
            attempts++;
        }
    }

    public int getAttempts() {
        return attempts;
    }

    public int getFailures() {
        return failures;
    }
}
