package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.NoSuchElementException;

import org.junit.jupiter.api.Test;

class LinkedListTest {

    private final LinkedList<String> list = new LinkedList<>();

    @Test
    void newListIsEmpty() {
        assertTrue(list.isEmpty());
        assertThrows(NoSuchElementException.class, list::removeLast);
        assertThrows(NoSuchElementException.class, list::getFirst);
        assertThrows(NoSuchElementException.class, list::getLast);
    }

    @Test
    void addAppends() {
        list.add("a");
        list.add("b");
        assertEquals(2, list.size());
        assertFalse(list.isEmpty());
        assertEquals("a", list.getFirst());
        assertEquals("b", list.getLast());
    }

    @Test
    void removeLastTakesFromTheEnd() {
        list.add("a");
        list.add("b");
        assertEquals("b", list.removeLast());
        assertEquals("a", list.removeLast());
        assertTrue(list.isEmpty());
    }

    @Test
    void removeTakesTheFirstEqualElement() {
        list.add("a");
        list.add("b");
        list.add("a");
        assertTrue(list.remove("a"));
        assertEquals("b", list.getFirst());
        assertEquals("a", list.getLast());
        assertFalse(list.remove("c"));
        assertEquals(2, list.size());
    }

    @Test
    void nullElementsCanBeStoredAndRemoved() {
        assertFalse(list.remove(null));
        list.add("a");
        list.add(null);
        assertTrue(list.contains(null));
        assertTrue(list.remove(null));
        assertFalse(list.contains(null));
        assertFalse(list.remove(null));
        assertEquals("a", list.getLast());
    }

    @Test
    void containsUsesEquals() {
        list.add(null);
        list.add("x");
        assertTrue(list.contains(new String("x")));
        assertFalse(list.contains("y"));
    }
}
