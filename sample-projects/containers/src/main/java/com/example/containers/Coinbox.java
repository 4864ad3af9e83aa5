package com.example.containers;

/**
 * A vending machine's coin box: a drink costs two quarters.
 *
 * <p>It has a known defect, kept on purpose: {@link #returnQtrs()} gives the coins back but leaves vending
 * allowed, so after two quarters and a refund {@link #vend()} still hands out a drink.
 */
public class Coinbox {

    private static final int PRICE = 2;

    private int currentQtrs;
    private int totalQtrs;
    private boolean allowVend;

    public void addQtr() {
        currentQtrs++;
        if (currentQtrs >= PRICE) {
            allowVend = true;
        }
    }

    /** Gives back the quarters inserted so far and returns how many there were. */
    public int returnQtrs() {
        int returned = currentQtrs;
        currentQtrs = 0;
        return returned;
    }

    /** Sells a drink if enough quarters were inserted; returns whether it did. */
    public boolean vend() {
        if (!allowVend) {
            return false;
        }
        totalQtrs += PRICE;
        currentQtrs -= PRICE;
        allowVend = currentQtrs >= PRICE;
        return true; // target: also reached after addQtr, addQtr, returnQtrs (the defect)
    }

    public int getCurrentQtrs() {
        return currentQtrs;
    }

    public int getTotalQtrs() {
        return totalQtrs;
    }
}
