package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StringsTest {

    @Test
    void greetsStrangers() {
        assertEquals("Hello, stranger", Strings.greet(null));
        assertEquals("Hello, stranger", Strings.greet(""));
    }

    @Test
    void greetsTheAdministrator() {
        assertEquals("Welcome back, administrator", Strings.greet("admin"));
    }

    @Test
    void greetsBots() {
        assertEquals("Hello, bot", Strings.greet("@deploy"));
    }

    @Test
    void shortensLongNames() {
        assertEquals("Hello, Maximilian...", Strings.greet("Maximiliane"));
        assertEquals("Hello, Ada", Strings.greet("Ada"));
    }

    @Test
    void palindromes() {
        assertTrue(Strings.isPalindrome(""));
        assertTrue(Strings.isPalindrome("racecar"));
        assertFalse(Strings.isPalindrome("rocket"));
    }
}
