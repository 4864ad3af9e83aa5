package com.example.basics;

/**
 * Bad input: an abstract class cannot be instantiated directly.
 */
public abstract class AbstractShape {

    public abstract double area();

    public boolean isLargerThan(AbstractShape other) {
        if (area() > other.area()) {
            return true;
        }
        return false;
    }
}
