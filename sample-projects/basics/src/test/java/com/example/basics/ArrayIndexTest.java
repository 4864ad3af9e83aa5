package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ArrayIndexTest {

    private final ArrayIndex subject = new ArrayIndex();

    @Test
    void trueElementReachesTheTarget() {
        assertEquals(1, subject.x(1));
        assertEquals(1, subject.x(4));
    }

    @Test
    void falseElementFallsThrough() {
        assertEquals(0, subject.x(0));
        assertEquals(0, subject.x(3));
    }

    @Test
    void indexOutsideTheArrayThrows() {
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> subject.x(5));
    }
}
