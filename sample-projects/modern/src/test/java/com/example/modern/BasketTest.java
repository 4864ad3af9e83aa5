package com.example.modern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BasketTest {

    private static Basket basket() {
        Basket basket = new Basket(5000);
        basket.add("apple", 6, 40);
        basket.add("cheese", 1, 1250);
        basket.add("wine", 2, 899);
        return basket;
    }

    @Test
    void linesAreValidated() {
        Basket basket = new Basket(5000);
        assertThrows(IllegalArgumentException.class, () -> basket.add("apple", 0, 40));
        assertThrows(IllegalArgumentException.class, () -> basket.add("apple", 1, -1));
        assertEquals(0, basket.size());
    }

    @Test
    void totalsAndCounts() {
        Basket basket = basket();
        assertEquals(3, basket.size());
        assertEquals(240 + 1250 + 1798, basket.total());
        assertEquals(2, basket.countPricierThan(899));
    }

    @Test
    void bulkItems() {
        assertEquals("apple x6, wine x2", basket().bulkItems(2));
        assertEquals("", basket().bulkItems(10));
        assertThrows(IllegalArgumentException.class, () -> basket().bulkItems(1));
    }

    @Test
    void shippingIsFreeFromAThreshold() {
        assertEquals(0, new Basket(5000).shippingCents());
        assertEquals(495, basket().shippingCents());
        Basket big = basket();
        big.add("caviar", 1, 9900);
        assertEquals(0, big.shippingCents());
    }
}
