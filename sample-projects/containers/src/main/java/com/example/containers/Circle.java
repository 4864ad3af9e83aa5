package com.example.containers;

public class Circle extends Figure {

    private final double radius;

    public Circle(double radius) {
        if (radius < 0) {
            throw new IllegalArgumentException("negative radius");
        }
        this.radius = radius;
    }

    @Override
    public int corners() {
        return 0;
    }

    @Override
    public double area() {
        return Math.PI * radius * radius;
    }
}
