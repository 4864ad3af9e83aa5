package com.example.shelf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BookTest {
    @Test
    void lendsUntilNoCopyIsLeft() {
        Book book = new Book("Dune", 1);
        assertTrue(book.lend());
        assertFalse(book.lend());
        assertEquals(0, book.available());
    }

    @Test
    void cannotGiveBackWhatWasNotLent() {
        assertThrows(IllegalStateException.class, () -> new Book("Dune", 2).giveBack());
    }
}
