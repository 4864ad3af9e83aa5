package com.example.containers;

import java.util.Arrays;
import java.util.NoSuchElementException;

/**
 * A binary max-heap of ints stored in an array: the children of index i are 2i+1 and 2i+2.
 */
public class HeapArray {

    private static final int INITIAL_CAPACITY = 4;

    private int[] heap = new int[INITIAL_CAPACITY];
    private int size;

    public void insert(int value) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, 2 * heap.length);
        }
        heap[size] = value;
        siftUp(size);
        size++;
    }

    /** The largest value, without removing it. */
    public int max() {
        if (size == 0) {
            throw new NoSuchElementException("heap is empty");
        }
        return heap[0];
    }

    /** Removes and returns the largest value. */
    public int extractMax() {
        int max = max();
        size--;
        heap[0] = heap[size];
        siftDown(0);
        return max;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    private void siftUp(int index) {
        while (index > 0) {
            int parent = (index - 1) / 2;
            if (heap[parent] >= heap[index]) {
                return;
            }
            swap(parent, index);
            index = parent;
        }
    }

    private void siftDown(int index) {
        while (true) {
            int larger = 2 * index + 1;
            if (larger >= size) {
                return;
            }
            int right = larger + 1;
            if (right < size && heap[right] > heap[larger]) {
                larger = right;
            }
            if (heap[index] >= heap[larger]) {
                return;
            }
            swap(index, larger);
            index = larger;
        }
    }

    private void swap(int i, int j) {
        int tmp = heap[i];
        heap[i] = heap[j];
        heap[j] = tmp;
    }
}
