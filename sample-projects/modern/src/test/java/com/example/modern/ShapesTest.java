package com.example.modern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.modern.Shapes.Circle;
import com.example.modern.Shapes.Rectangle;
import com.example.modern.Shapes.Size;
import com.example.modern.Shapes.Square;
import org.junit.jupiter.api.Test;

class ShapesTest {

    @Test
    void rejectsNegativeDimensions() {
        assertThrows(IllegalArgumentException.class, () -> new Circle(-1));
        assertThrows(IllegalArgumentException.class, () -> new Rectangle(-1, 1));
        assertThrows(IllegalArgumentException.class, () -> new Rectangle(1, -1));
        assertThrows(IllegalArgumentException.class, () -> new Square(-1));
    }

    @Test
    void areasOfEveryKind() {
        assertEquals(Math.PI, Shapes.area(new Circle(1)), 1e-12);
        assertEquals(6.0, Shapes.area(new Rectangle(2, 3)));
        assertEquals(4.0, Shapes.area(new Square(2)));
        assertThrows(IllegalArgumentException.class, () -> Shapes.area(null));
    }

    @Test
    void sizes() {
        assertEquals(Size.SMALL, Shapes.size(new Square(0.5)));
        assertEquals(Size.MEDIUM, Shapes.size(new Square(5)));
        assertEquals(Size.LARGE, Shapes.size(new Square(10)));
    }

    @Test
    void rectanglesWithEqualSidesAreSquares() {
        assertTrue(new Rectangle(2, 2).isSquare());
        assertFalse(new Rectangle(2, 3).isSquare());
    }

    @Test
    void descriptions() {
        assertEquals("a large circle of radius 7.0", Shapes.describe(new Circle(7)));
        assertEquals("a square 2.0 x 2.0", Shapes.describe(new Rectangle(2, 2)));
        assertEquals("a small rectangle 0.5 x 1.0", Shapes.describe(new Rectangle(0.5, 1)));
        assertEquals("a square 3.0 x 3.0", Shapes.describe(new Square(3)));
        assertThrows(IllegalArgumentException.class, () -> Shapes.describe(null));
    }
}
