package com.example.dungeon.items;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class InventoryTest {

    private Inventory inventory;
    private Key key;

    @BeforeEach
    void fill() {
        inventory = new Inventory();
        key = new Key();
        inventory.add(new Gold(5));
        inventory.add(key);
        inventory.add(new Gold(7));
    }

    @Test
    void countsByName() {
        assertEquals(3, inventory.size());
        assertEquals(2, inventory.count(Gold.NAME));
        assertEquals(1, inventory.count(Key.NAME));
        assertEquals(0, inventory.count(Potion.NAME));
    }

    @Test
    void totalGold() {
        assertEquals(12, inventory.totalGold());
    }

    @Test
    void summarySortedByName() {
        Map<String, Integer> expected = new TreeMap<>();
        expected.put("gold", 2);
        expected.put("key", 1);
        assertEquals(expected, inventory.summary());
    }

    @Test
    void takeRemovesFirstOfKind() {
        assertSame(key, inventory.take(Key.class));
        assertNull(inventory.take(Key.class));
        assertEquals(5, inventory.take(Gold.class).getAmount());
        assertEquals(1, inventory.size());
    }

    @Test
    void removeAndEmpty() {
        assertTrue(inventory.remove(key));
        assertFalse(inventory.remove(key));
        inventory.take(Gold.class);
        inventory.take(Gold.class);
        assertTrue(inventory.isEmpty());
    }
}
