package com.example.basics;

/**
 * Aggregates over int arrays.
 */
public final class ArraySum {

    private ArraySum() {
    }

    /** Sum of the positive elements; 0 for an empty array. */
    public static int sumOfPositives(int[] values) {
        if (values == null) {
            throw new IllegalArgumentException("values must not be null");
        }
        if (values.length == 0) {
            return 0;
        }
        int sum = 0;
        for (int value : values) {
            if (value > 0) {
                sum += value;
            }
        }
        return sum;
    }

    /** Index of the first largest element, or -1 for a null or empty array. */
    public static int indexOfMax(int[] values) {
        if (values == null || values.length == 0) {
            return -1;
        }
        int best = 0;
        for (int i = 1; i < values.length; i++) {
            if (values[i] > values[best]) {
                best = i;
            }
        }
        return best;
    }
}
