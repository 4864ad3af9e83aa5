package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BufferTest {

    private final Buffer buffer = new Buffer();

    @Test
    void everySlotHoldsTheInitialValue() {
        buffer.initialise(42);
        for (int i = 0; i < Buffer.BUFFER_SIZE; i++) {
            assertEquals(42, buffer.read(i));
        }
    }

    @Test
    void readingBeforeInitialisingFails() {
        assertThrows(IllegalStateException.class, () -> buffer.read(0));
    }

    @Test
    void indexesOutsideTheBufferAreRejected() {
        buffer.initialise(1);
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.read(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.read(Buffer.BUFFER_SIZE));
    }
}
