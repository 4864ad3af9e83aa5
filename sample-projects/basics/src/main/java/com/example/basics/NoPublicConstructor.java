package com.example.basics;

/**
 * Bad input: no public constructor and no factory, so no caller outside the class can get an instance.
 */
public class NoPublicConstructor {

    private int value;

    private NoPublicConstructor() {
    }

    public void set(int value) {
        this.value = value;
    }

    public boolean isBig() {
        if (value > 1000) {
            return true;
        }
        return false;
    }
}
