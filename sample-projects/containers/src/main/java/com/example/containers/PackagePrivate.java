package com.example.containers;

/**
 * The method under test is package-private: only code in com.example.containers can call it.
 */
public class PackagePrivate {

    private static final int DISCOUNT_FROM = 100;

    /** Discount granted on an order of {@code amount}: a tenth of it from 100 on, else nothing. */
    int discount(int amount) {
        if (amount >= DISCOUNT_FROM) {
            return amount / 10; // target
        }
        return 0;
    }
}
