package com.example.shelf;

/** Counts the loans of every book since the program started. */
public final class Loans {
    private static int total;

    private Loans() {
    }

    static void record() {
        total++;
    }

    public static int total() {
        return total;
    }

    public static String level() {
        if (total == 0) {
            return "quiet";
        }
        return total < 3 ? "steady" : "busy";
    }
}
