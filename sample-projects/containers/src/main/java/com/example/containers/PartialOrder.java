package com.example.containers;

/**
 * Three independent switches; the calculation completes only once all three are set, in any order.
 */
public class PartialOrder {

    private boolean a;
    private boolean b;
    private boolean c;

    public void setA(boolean a) {
        this.a = a;
    }

    public void setB(boolean b) {
        this.b = b;
    }

    public void setC(boolean c) {
        this.c = c;
    }

    /** How far the calculation gets: 3 when all switches are set, otherwise the number of leading switches set. */
    public int calculate() {
        if (a) {
            if (b) {
                if (c) {
                    return 3; // target
                }
                return 2;
            }
            return 1;
        }
        return 0;
    }
}
