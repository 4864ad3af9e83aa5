package com.example.containers;

/**
 * A plane figure, for the polymorphic-dispatch example ({@link Shapes}).
 */
public abstract class Figure {

    public abstract int corners();

    public abstract double area();
}
