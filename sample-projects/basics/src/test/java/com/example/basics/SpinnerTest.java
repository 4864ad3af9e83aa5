package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

// halvings(0) and halvings(-n) never return, so only positive arguments are exercised here.
class SpinnerTest {

    private final Spinner spinner = new Spinner();

    @Test
    void oneNeedsNoHalving() {
        assertEquals(0, spinner.halvings(1));
    }

    @Test
    void countsHalvingsDownToOne() {
        assertEquals(3, spinner.halvings(8));
        assertEquals(3, spinner.halvings(15));
    }
}
