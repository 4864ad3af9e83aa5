package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

class TreeMapTest {

    private final TreeMap<String> map = new TreeMap<>();

    private void putAll(int... keys) {
        for (int key : keys) {
            map.put(key, "v" + key);
        }
    }

    @Test
    void emptyMap() {
        assertTrue(map.isEmpty());
        assertNull(map.get(1));
        assertNull(map.remove(1));
    }

    @Test
    void putThenGet() {
        assertNull(map.put(2, "two"));
        assertNull(map.put(1, "one"));
        assertNull(map.put(3, "three"));
        assertEquals("one", map.get(1));
        assertEquals("two", map.get(2));
        assertEquals("three", map.get(3));
        assertNull(map.get(4));
        assertTrue(map.containsKey(3));
        assertFalse(map.containsKey(0));
        assertEquals(3, map.size());
        assertFalse(map.isEmpty());
    }

    @Test
    void putReplacesTheValueOfAnExistingKey() {
        map.put(1, "one");
        assertEquals("one", map.put(1, "uno"));
        assertEquals("uno", map.get(1));
        assertEquals(1, map.size());
    }

    @Test
    void ascendingAndDescendingRunsStayBalanced() {
        for (int i = 0; i < 64; i++) {
            map.put(i, "up" + i);
            map.put(-1 - i, "down" + i);
        }
        assertEquals(128, map.size());
        for (int i = 0; i < 64; i++) {
            assertEquals("up" + i, map.get(i));
            assertEquals("down" + i, map.get(-1 - i));
        }
    }

    @Test
    void zigZagInsertionsNeedDoubleRotations() {
        putAll(10, 5, 7, 20, 30, 25);
        for (int key : new int[] {5, 7, 10, 20, 25, 30}) {
            assertEquals("v" + key, map.get(key));
        }
    }

    @Test
    void removeReturnsTheOldValue() {
        putAll(10, 5, 15);
        assertEquals("v10", map.remove(10));
        assertNull(map.get(10));
        assertNull(map.remove(10));
        assertEquals(2, map.size());
        assertEquals("v5", map.get(5));
        assertEquals("v15", map.get(15));
    }

    @Test
    void removeRootWithASingleChild() {
        putAll(10, 20);
        assertEquals("v10", map.remove(10));
        assertEquals("v20", map.get(20));
        assertEquals("v20", map.remove(20));
        assertTrue(map.isEmpty());
    }

    @Test
    void removingEverythingInEitherOrderEmptiesTheMap() {
        for (int i = 0; i < 50; i++) {
            map.put(i, "v" + i);
        }
        for (int i = 0; i < 50; i += 2) {
            assertEquals("v" + i, map.remove(i));
        }
        for (int i = 49; i > 0; i -= 2) {
            assertEquals("v" + i, map.remove(i));
        }
        assertTrue(map.isEmpty());
    }

    @Test
    void randomOperationsAgreeWithJavaUtilTreeMap() {
        Random random = new Random(7);
        Map<Integer, String> expected = new java.util.TreeMap<>();
        for (int step = 0; step < 5000; step++) {
            int key = random.nextInt(100);
            if (random.nextInt(3) < 2) {
                String value = "s" + step;
                assertEquals(expected.put(key, value), map.put(key, value));
            } else {
                assertEquals(expected.remove(key), map.remove(key));
            }
            assertEquals(expected.size(), map.size());
        }
        for (int key = 0; key < 100; key++) {
            assertEquals(expected.get(key), map.get(key));
        }
    }
}
