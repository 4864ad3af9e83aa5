package com.example.basics;

/**
 * Bad input: an interface, with one default method.
 */
public interface Shape {

    double area();

    default String size() {
        if (area() > 100) {
            return "large";
        }
        return "small";
    }
}
