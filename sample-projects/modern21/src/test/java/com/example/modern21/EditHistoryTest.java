package com.example.modern21;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class EditHistoryTest {

    @Test
    void needsRoom() {
        assertThrows(IllegalArgumentException.class, () -> new EditHistory(0));
    }

    @Test
    void undoesAndRedoes() {
        EditHistory history = new EditHistory(5);
        assertFalse(history.undo());
        assertFalse(history.redo());
        history.type("a");
        history.type("ab");
        history.type("ab");
        history.type(null);
        assertEquals(2, history.undoDepth());
        assertTrue(history.undo());
        assertEquals("a", history.text());
        assertTrue(history.redo());
        assertEquals("ab", history.text());
    }

    @Test
    void forgetsTheOldestBeyondItsCapacity() {
        EditHistory history = new EditHistory(2);
        history.type("a");
        history.type("b");
        history.type("c");
        assertEquals(2, history.undoDepth());
        assertEquals(List.of("b", "c"), history.recentOldestFirst());
        history.type("b");
        assertEquals("b", history.lastTyped());
        assertEquals(List.of("c", "b"), history.recentOldestFirst());
    }

    @Test
    void remembersTheLastTypedText() {
        assertNull(new EditHistory(3).lastTyped());
    }

    @Test
    void rollsBackToCheckpoints() {
        EditHistory history = new EditHistory(5);
        assertFalse(history.rollback());
        assertEquals("none", history.firstCheckpoint());
        history.type("draft");
        history.checkpoint("one");
        history.type("final");
        history.checkpoint("two");
        history.checkpoint("one");
        assertEquals("two", history.firstCheckpoint());
        history.type("oops");
        assertTrue(history.rollback());
        assertEquals("final", history.text());
    }
}
