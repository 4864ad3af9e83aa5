package com.example.containers;

import java.util.Arrays;
import java.util.EmptyStackException;

/**
 * A stack of ints backed by an array that doubles when it fills up.
 */
public class IntStack {

    private static final int INITIAL_CAPACITY = 4;

    private int[] elements = new int[INITIAL_CAPACITY];
    private int size;

    public void push(int value) {
        if (size == elements.length) {
            grow();
        }
        elements[size++] = value;
    }

    public int pop() {
        if (isEmpty()) {
            throw new EmptyStackException();
        }
        return elements[--size];
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    private void grow() {
        elements = Arrays.copyOf(elements, 2 * elements.length);
    }
}
