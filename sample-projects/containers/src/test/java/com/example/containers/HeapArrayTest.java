package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.NoSuchElementException;

import org.junit.jupiter.api.Test;

class HeapArrayTest {

    private final HeapArray heap = new HeapArray();

    @Test
    void emptyHeapHasNoMaximum() {
        assertTrue(heap.isEmpty());
        assertThrows(NoSuchElementException.class, heap::max);
        assertThrows(NoSuchElementException.class, heap::extractMax);
    }

    @Test
    void extractsInDescendingOrder() {
        int[] values = {5, 3, 9, 1, 7, 9, 2, 8};
        for (int value : values) {
            heap.insert(value);
        }
        assertEquals(values.length, heap.size());
        assertFalse(heap.isEmpty());
        assertEquals(9, heap.max());
        int[] expected = {9, 9, 8, 7, 5, 3, 2, 1};
        for (int value : expected) {
            assertEquals(value, heap.extractMax());
        }
        assertTrue(heap.isEmpty());
    }

    @Test
    void valueMovedToTheRootStopsAboveSmallerChildren() {
        heap.insert(10);
        heap.insert(1);
        heap.insert(2);
        assertEquals(10, heap.extractMax());
        assertEquals(2, heap.max());
        assertEquals(2, heap.size());
    }

    @Test
    void ascendingInsertionsBubbleToTheTop() {
        for (int i = 1; i <= 6; i++) {
            heap.insert(i);
            assertEquals(i, heap.max());
        }
    }
}
