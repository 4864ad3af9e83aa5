package com.example.modern;

/**
 * An amount of money: whole cents of one currency, named by its three-letter ISO code ("EUR").
 * A record whose compact constructor validates; equals, hashCode and toString come from the record.
 */
public record Money(long cents, String currency) {

    public Money {
        if (cents < 0) {
            throw new IllegalArgumentException("negative amount: " + cents);
        }
        if (currency == null || currency.length() != 3) {
            throw new IllegalArgumentException("not a currency code: " + currency);
        }
    }

    public Money plus(Money other) {
        if (!currency.equals(other.currency)) {
            throw new IllegalArgumentException("cannot add " + other.currency + " to " + currency);
        }
        return new Money(cents + other.cents, currency);
    }

    public Money times(int factor) {
        if (factor < 0) {
            throw new IllegalArgumentException("negative factor: " + factor);
        }
        return new Money(cents * factor, currency);
    }

    public boolean isMoreThan(Money other) {
        return currency.equals(other.currency) && cents > other.cents;
    }

    /** "12.05 EUR". */
    public String format() {
        long rest = cents % 100;
        return cents / 100 + (rest < 10 ? ".0" : ".") + rest + " " + currency;
    }
}
