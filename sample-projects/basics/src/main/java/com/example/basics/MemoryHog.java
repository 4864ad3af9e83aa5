package com.example.basics;

import java.util.ArrayList;
import java.util.List;

/**
 * Bad input: keeps allocating until the heap runs out on negative or very large arguments.
 */
public class MemoryHog {

    private static final int MEGABYTE = 1 << 20;

    /** Allocates {@code megabytes} one-megabyte blocks and returns how many it holds. */
    public int reserve(int megabytes) {
        List<byte[]> blocks = new ArrayList<>();
        for (int i = 0; i != megabytes; i++) {
            blocks.add(new byte[MEGABYTE]);
        }
        return blocks.size();
    }
}
