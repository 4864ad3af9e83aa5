package com.example.containers;

public class Square extends Figure {

    private final double side;

    public Square(double side) {
        if (side < 0) {
            throw new IllegalArgumentException("negative side");
        }
        this.side = side;
    }

    @Override
    public int corners() {
        return 4;
    }

    @Override
    public double area() {
        return side * side;
    }
}
