package com.example.basics;

/**
 * Classifies readings against a limit held in a static field.
 */
public class Thresholds {

    static int limit;

    static {
        limit = 10;
    }

    public String classify(int reading) {
        if (reading > limit) {
            return "high";
        }
        if (reading == limit) {
            return "at limit";
        }
        return "normal";
    }
}
