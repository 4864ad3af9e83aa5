package com.example.modern21;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.modern21.Expr.Add;
import com.example.modern21.Expr.Div;
import com.example.modern21.Expr.Mul;
import com.example.modern21.Expr.Neg;
import com.example.modern21.Expr.Num;
import com.example.modern21.Expr.Var;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExprTest {

    private static final Map<String, Integer> ENV = Map.of("x", 6, "y", -2);
    private static final Expr X = new Var("x");
    private static final Expr Y = new Var("y");

    @Test
    void variablesNeedNames() {
        assertThrows(IllegalArgumentException.class, () -> new Var(null));
        assertThrows(IllegalArgumentException.class, () -> new Var(" "));
    }

    @Test
    void evaluatesEveryKindOfNode() {
        assertEquals(4, Expr.eval(new Num(4), ENV));
        assertEquals(6, Expr.eval(X, ENV));
        assertEquals(2, Expr.eval(new Neg(Y), ENV));
        assertEquals(4, Expr.eval(new Add(X, Y), ENV));
        assertEquals(-12, Expr.eval(new Mul(X, Y), ENV));
        assertEquals(-3, Expr.eval(new Div(X, Y), ENV));
    }

    @Test
    void unboundVariablesAndZeroDivisorsThrow() {
        assertThrows(IllegalArgumentException.class, () -> Expr.eval(new Var("z"), ENV));
        ArithmeticException zero = assertThrows(ArithmeticException.class,
                () -> Expr.eval(new Div(X, new Add(Y, new Num(2))), ENV));
        assertEquals("division by zero in (x / (y + 2))", zero.getMessage());
    }

    @Test
    void dropsNeutralElements() {
        assertSame(X, Expr.simplify(new Add(new Num(0), X)));
        assertSame(X, Expr.simplify(new Add(X, new Num(0))));
        assertSame(X, Expr.simplify(new Mul(new Num(1), X)));
        assertSame(X, Expr.simplify(new Mul(X, new Num(1))));
        assertSame(X, Expr.simplify(new Div(X, new Num(1))));
    }

    @Test
    void foldsConstantsAndNegations() {
        assertEquals(new Num(5), Expr.simplify(new Add(new Num(2), new Num(3))));
        assertEquals(new Num(0), Expr.simplify(new Mul(new Num(0), X)));
        assertSame(X, Expr.simplify(new Neg(new Neg(X))));
        assertEquals(new Num(-7), Expr.simplify(new Neg(new Num(7))));
    }

    @Test
    void leavesEverythingElseAlone() {
        Expr[] unchanged = {
            new Add(new Num(1), X), new Add(X, new Num(2)), new Add(X, Y),
            new Mul(new Num(2), X), new Mul(X, new Num(3)), new Mul(X, Y),
            new Neg(X), new Div(X, new Num(2)), new Div(X, Y), X, new Num(3),
        };
        for (Expr expr : unchanged) {
            assertSame(expr, Expr.simplify(expr));
        }
    }

    @Test
    void showsParenthesisedText() {
        Expr expr = new Add(X, new Mul(new Num(-2), new Div(new Neg(Y), new Num(3))));
        assertEquals("(x + ((-2) * (-y / 3)))", Expr.show(expr));
        assertEquals(10, Expr.size(new Add(expr, new Num(1))));
    }
}
