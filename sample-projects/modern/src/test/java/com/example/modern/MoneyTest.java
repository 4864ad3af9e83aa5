package com.example.modern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MoneyTest {

    @Test
    void validatesAmountAndCurrency() {
        assertThrows(IllegalArgumentException.class, () -> new Money(-1, "EUR"));
        assertThrows(IllegalArgumentException.class, () -> new Money(1, null));
        assertThrows(IllegalArgumentException.class, () -> new Money(1, "EURO"));
        assertEquals(0, new Money(0, "EUR").cents());
    }

    @Test
    void addsTheSameCurrencyOnly() {
        assertEquals(new Money(350, "EUR"), new Money(100, "EUR").plus(new Money(250, "EUR")));
        assertThrows(IllegalArgumentException.class, () -> new Money(100, "EUR").plus(new Money(1, "USD")));
    }

    @Test
    void multipliesByNonNegativeFactors() {
        assertEquals(new Money(300, "USD"), new Money(100, "USD").times(3));
        assertThrows(IllegalArgumentException.class, () -> new Money(100, "USD").times(-1));
    }

    @Test
    void comparesWithinOneCurrency() {
        assertTrue(new Money(2, "EUR").isMoreThan(new Money(1, "EUR")));
        assertFalse(new Money(1, "EUR").isMoreThan(new Money(1, "EUR")));
        assertFalse(new Money(2, "EUR").isMoreThan(new Money(1, "USD")));
    }

    @Test
    void formatsWithTwoDecimals() {
        assertEquals("12.05 EUR", new Money(1205, "EUR").format());
        assertEquals("0.50 CHF", new Money(50, "CHF").format());
    }

    @Test
    void isAValue() {
        assertEquals(new Money(5, "EUR").hashCode(), new Money(5, "EUR").hashCode());
        assertNotEquals(new Money(5, "EUR"), new Money(5, "USD"));
        assertEquals("Money[cents=5, currency=EUR]", new Money(5, "EUR").toString());
    }
}
