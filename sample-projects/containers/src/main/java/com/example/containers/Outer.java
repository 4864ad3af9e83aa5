package com.example.containers;

/**
 * An inner (non-static) class that reads its enclosing instance, and a static nested class.
 */
public class Outer {

    private int limit = 3;

    public void setLimit(int limit) {
        this.limit = limit;
    }

    public Counter newCounter() {
        return new Counter();
    }

    /** Counts events and reports when the enclosing {@link Outer}'s limit is exceeded. */
    public class Counter {

        private int count;

        public void increment() {
            count++;
        }

        public boolean exceeded() {
            if (count > limit) {
                return true; // target
            }
            return false;
        }
    }

    /** A closed interval of ints. */
    public static class Range {

        private final int low;
        private final int high;

        public Range(int low, int high) {
            if (low > high) {
                throw new IllegalArgumentException("empty range " + low + ".." + high);
            }
            this.low = low;
            this.high = high;
        }

        public boolean contains(int value) {
            return value >= low && value <= high;
        }
    }
}
