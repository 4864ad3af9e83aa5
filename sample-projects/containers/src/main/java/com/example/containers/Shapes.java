package com.example.containers;

/**
 * Describes figures; which branch runs depends on the figure's class.
 */
public class Shapes {

    private static final double LARGE_AREA = 100.0;

    public String describe(Figure figure) {
        if (figure.corners() == 0) {
            return "round"; // target: needs a Circle
        }
        if (figure.area() > LARGE_AREA) {
            return "large polygon";
        }
        return "polygon";
    }
}
