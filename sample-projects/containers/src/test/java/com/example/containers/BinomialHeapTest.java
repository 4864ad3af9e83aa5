package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.Random;

import org.junit.jupiter.api.Test;

class BinomialHeapTest {

    private final BinomialHeap heap = new BinomialHeap();

    private void insertAll(int... keys) {
        for (int key : keys) {
            heap.insert(key);
        }
    }

    private void assertExtracts(int... keys) {
        for (int key : keys) {
            assertEquals(key, heap.extractMin());
        }
        assertTrue(heap.isEmpty());
    }

    @Test
    void emptyHeapHasNoMinimum() {
        assertTrue(heap.isEmpty());
        assertThrows(NoSuchElementException.class, heap::min);
        assertThrows(NoSuchElementException.class, heap::extractMin);
        assertFalse(heap.delete(1));
    }

    @Test
    void extractsInAscendingOrder() {
        insertAll(7, 3, 9, 1, 8, 2, 6, 5, 4);
        assertEquals(9, heap.size());
        assertFalse(heap.isEmpty());
        assertEquals(1, heap.min());
        assertExtracts(1, 2, 3, 4, 5, 6, 7, 8, 9);
    }

    @Test
    void duplicateKeysAreKept() {
        insertAll(4, 4, 2, 4);
        assertExtracts(2, 4, 4, 4);
    }

    @Test
    void extractingTheRootOfTheLargestTreeMergesItsChildren() {
        // seven keys form trees of 1, 2 and 4 nodes; the minimum sits in the 4-node tree
        insertAll(1, 10, 11, 12, 20, 21, 22);
        assertEquals(1, heap.extractMin());
        assertExtracts(10, 11, 12, 20, 21, 22);
    }

    @Test
    void deleteRemovesARoot() {
        insertAll(5, 3, 8);
        assertTrue(heap.delete(8));
        assertExtracts(3, 5);
    }

    @Test
    void deleteRemovesAKeyDeepInATree() {
        insertAll(1, 2, 3, 4, 5, 6, 7, 8);
        assertTrue(heap.delete(8));
        assertTrue(heap.delete(4));
        assertEquals(6, heap.size());
        assertExtracts(1, 2, 3, 5, 6, 7);
    }

    @Test
    void deleteOfAMissingKeyChangesNothing() {
        insertAll(2, 4, 6, 8);
        assertFalse(heap.delete(5));
        assertFalse(heap.delete(1));
        assertFalse(heap.delete(9));
        assertEquals(4, heap.size());
    }

    @Test
    void randomOperationsAgreeWithPriorityQueue() {
        Random random = new Random(42);
        PriorityQueue<Integer> expected = new PriorityQueue<>();
        for (int step = 0; step < 2000; step++) {
            int key = random.nextInt(40);
            switch (random.nextInt(4)) {
                case 0:
                case 1:
                    heap.insert(key);
                    expected.add(key);
                    break;
                case 2:
                    if (!expected.isEmpty()) {
                        assertEquals(expected.poll(), heap.extractMin());
                    }
                    break;
                default:
                    assertEquals(expected.remove(key), heap.delete(key));
            }
            assertEquals(expected.size(), heap.size());
            if (!expected.isEmpty()) {
                assertEquals(expected.peek(), heap.min());
            }
        }
    }
}
