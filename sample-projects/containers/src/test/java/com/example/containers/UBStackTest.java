package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EmptyStackException;

import org.junit.jupiter.api.Test;

class UBStackTest {

    private final UBStack stack = new UBStack();

    @Test
    void pushAndPop() {
        stack.push(1);
        stack.push(2);
        assertEquals(2, stack.top());
        assertEquals(2, stack.pop());
        assertEquals(1, stack.pop());
        assertTrue(stack.isEmpty());
    }

    @Test
    void pushingTheTopAgainChangesNothing() {
        stack.push(1);
        stack.push(2);
        stack.push(2);
        assertEquals(2, stack.size());
        assertEquals(2, stack.pop());
        assertEquals(1, stack.pop());
    }

    @Test
    void pushingADuplicateMovesItToTheTop() {
        stack.push(1);
        stack.push(2);
        stack.push(3);
        stack.push(1);
        assertEquals(3, stack.size());
        assertEquals(1, stack.pop());
        assertEquals(3, stack.pop());
        assertEquals(2, stack.pop());
    }

    @Test
    void fullStackRejectsNewValuesButAcceptsDuplicates() {
        stack.push(1);
        stack.push(2);
        stack.push(3);
        assertTrue(stack.isFull());
        assertThrows(IllegalStateException.class, () -> stack.push(4));
        stack.push(2);
        assertEquals(2, stack.top());
    }

    @Test
    void emptyStackHasNoTop() {
        assertFalse(stack.isFull());
        assertThrows(EmptyStackException.class, stack::top);
        assertThrows(EmptyStackException.class, stack::pop);
    }

    @Test
    void capacityCanBeChosen() {
        UBStack single = new UBStack(1);
        single.push(7);
        assertTrue(single.isFull());
        assertThrows(IllegalArgumentException.class, () -> new UBStack(0));
    }
}
