package com.example.containers;

import java.util.EmptyStackException;

/**
 * A bounded stack of distinct ints. Pushing a value that is already on the stack moves it to the top
 * instead of storing it twice.
 */
public class UBStack {

    private static final int DEFAULT_CAPACITY = 3;

    private final int[] elements;
    private int count;

    public UBStack() {
        this(DEFAULT_CAPACITY);
    }

    public UBStack(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        elements = new int[capacity];
    }

    public void push(int value) {
        int index = indexOf(value);
        if (index >= 0) {
            moveToTop(index);
            return;
        }
        if (isFull()) {
            throw new IllegalStateException("stack is full");
        }
        elements[count++] = value;
    }

    public int pop() {
        if (isEmpty()) {
            throw new EmptyStackException();
        }
        return elements[--count];
    }

    public int top() {
        if (isEmpty()) {
            throw new EmptyStackException();
        }
        return elements[count - 1];
    }

    public boolean isEmpty() {
        return count == 0;
    }

    public boolean isFull() {
        return count == elements.length;
    }

    public int size() {
        return count;
    }

    private int indexOf(int value) {
        for (int i = 0; i < count; i++) {
            if (elements[i] == value) {
                return i;
            }
        }
        return -1;
    }

    private void moveToTop(int index) {
        int value = elements[index];
        for (int i = index; i < count - 1; i++) {
            elements[i] = elements[i + 1];
        }
        elements[count - 1] = value;
    }
}
