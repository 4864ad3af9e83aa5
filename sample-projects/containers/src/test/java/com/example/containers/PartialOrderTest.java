package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PartialOrderTest {

    private final PartialOrder order = new PartialOrder();

    @Test
    void nothingSet() {
        assertEquals(0, order.calculate());
    }

    @Test
    void progressFollowsTheSwitches() {
        order.setA(true);
        assertEquals(1, order.calculate());
        order.setB(true);
        assertEquals(2, order.calculate());
        order.setC(true);
        assertEquals(3, order.calculate());
    }

    @Test
    void orderOfSettingDoesNotMatter() {
        order.setC(true);
        order.setB(true);
        assertEquals(0, order.calculate());
        order.setA(true);
        assertEquals(3, order.calculate());
        order.setB(false);
        assertEquals(1, order.calculate());
    }
}
