package com.example.basics;

/**
 * A fixed-size buffer that has to be initialised before it can be read.
 */
public class Buffer {

    public static final int BUFFER_SIZE = 2;

    private final int[] slots = new int[BUFFER_SIZE];
    private boolean initialised;

    /** Sets every slot to {@code value}. */
    public void initialise(int value) {
        for (int i = 0; i < BUFFER_SIZE; i++) {
            slots[i] = value;
        }
        initialised = true;
    }

    /** Returns the value in slot {@code index}. */
    public int read(int index) {
        if (!initialised) {
            throw new IllegalStateException("buffer has not been initialised");
        }
        if (index < 0 || index >= BUFFER_SIZE) {
            throw new IndexOutOfBoundsException("no slot " + index);
        }
        return slots[index]; // target
    }
}
