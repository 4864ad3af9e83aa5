package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PackagePrivateTest {

    private final PackagePrivate pricing = new PackagePrivate();

    @Test
    void smallOrdersGetNoDiscount() {
        assertEquals(0, pricing.discount(99));
    }

    @Test
    void largeOrdersGetATenth() {
        assertEquals(10, pricing.discount(100));
        assertEquals(25, pricing.discount(250));
    }
}
