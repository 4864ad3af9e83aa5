package com.example.basics;

/**
 * Bad input: never returns for zero or negative arguments.
 */
public class Spinner {

    /** How many halvings take {@code n} down to 1 (0 and negatives get stuck at 0). */
    public int halvings(int n) {
        int count = 0;
        while (n != 1) {
            n = n / 2;
            count++;
        }
        return count;
    }
}
