package com.example.modern;

/**
 * A sealed hierarchy of plane shapes (two records and a final class) and what can be said about
 * them. Java 17 has no pattern switch, so the type tests are chains of pattern {@code instanceof}.
 */
public final class Shapes {

    private Shapes() {
    }

    public sealed interface Shape permits Circle, Rectangle, Square {
    }

    public record Circle(double radius) implements Shape {
        public Circle {
            if (radius < 0) {
                throw new IllegalArgumentException("negative radius: " + radius);
            }
        }
    }

    public record Rectangle(double width, double height) implements Shape {
        public Rectangle {
            if (width < 0 || height < 0) {
                throw new IllegalArgumentException("negative side: " + width + " x " + height);
            }
        }

        public boolean isSquare() {
            return width == height;
        }
    }

    public static final class Square implements Shape {
        private final double side;

        public Square(double side) {
            if (side < 0) {
                throw new IllegalArgumentException("negative side: " + side);
            }
            this.side = side;
        }

        public double side() {
            return side;
        }
    }

    public enum Size { SMALL, MEDIUM, LARGE }

    public static double area(Shape shape) {
        if (shape instanceof Circle c) {
            return Math.PI * c.radius() * c.radius();
        } else if (shape instanceof Rectangle r) {
            return r.width() * r.height();
        } else if (shape instanceof Square s) {
            return s.side() * s.side();
        }
        throw new IllegalArgumentException("no shape");
    }

    public static Size size(Shape shape) {
        double area = area(shape);
        if (area < 1) {
            return Size.SMALL;
        }
        return area < 100 ? Size.MEDIUM : Size.LARGE;
    }

    /** "a large circle of radius 7.0", "a square 2.0 x 2.0". */
    public static String describe(Shape shape) {
        String what;
        if (shape instanceof Circle c) {
            what = "circle of radius " + c.radius();
        } else if (shape instanceof Rectangle r) {
            what = (r.isSquare() ? "square " : "rectangle ") + r.width() + " x " + r.height();
        } else if (shape instanceof Square s) {
            what = "square " + s.side() + " x " + s.side();
        } else {
            throw new IllegalArgumentException("no shape");
        }
        return switch (size(shape)) {
            case SMALL -> "a small " + what;
            case MEDIUM -> "a " + what;
            case LARGE -> "a large " + what;
        };
    }
}
