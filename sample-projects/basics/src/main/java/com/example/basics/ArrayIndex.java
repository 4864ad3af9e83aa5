package com.example.basics;

/**
 * The branch depends on an array element selected by the input.
 */
public class ArrayIndex {

    private final boolean[] array = {false, true, true, false, true};

    public int x(int i) {
        if (array[i]) {
            return 1; // target
        }
        return 0;
    }
}
