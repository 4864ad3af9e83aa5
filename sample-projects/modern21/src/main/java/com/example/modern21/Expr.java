package com.example.modern21;

import java.util.Map;

/**
 * Arithmetic expressions over integer variables: a sealed interface of records, evaluated,
 * simplified and printed by pattern switches with record patterns and guards.
 */
public sealed interface Expr permits Expr.Num, Expr.Var, Expr.Neg, Expr.Add, Expr.Mul, Expr.Div {

    record Num(int value) implements Expr {}

    record Var(String name) implements Expr {
        public Var {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a variable needs a name");
            }
        }
    }

    record Neg(Expr operand) implements Expr {}

    record Add(Expr left, Expr right) implements Expr {}

    record Mul(Expr left, Expr right) implements Expr {}

    record Div(Expr dividend, Expr divisor) implements Expr {}

    /** The value under `env`; an unknown variable or a division by zero throws. */
    static int eval(Expr expr, Map<String, Integer> env) {
        return switch (expr) {
            case Num(int value) -> value;
            case Var(String name) when env.containsKey(name) -> env.get(name);
            case Var(String name) -> throw new IllegalArgumentException("unbound variable " + name);
            case Neg(Expr operand) -> -eval(operand, env);
            case Add(Expr left, Expr right) -> eval(left, env) + eval(right, env);
            case Mul(Expr left, Expr right) -> eval(left, env) * eval(right, env);
            case Div(Expr dividend, Expr divisor) -> {
                int by = eval(divisor, env);
                if (by == 0) {
                    throw new ArithmeticException("division by zero in " + show(expr));
                }
                yield eval(dividend, env) / by;
            }
        };
    }

    /** One step of algebra at the top of the expression: neutral elements, double negation, constants. */
    static Expr simplify(Expr expr) {
        return switch (expr) {
            case Add(Num(int zero), Expr right) when zero == 0 -> right;
            case Add(Expr left, Num(int zero)) when zero == 0 -> left;
            case Add(Num(int a), Num(int b)) -> new Num(a + b);
            case Mul(Num(int one), Expr right) when one == 1 -> right;
            case Mul(Num(int zero), Expr right) when zero == 0 -> new Num(0);
            case Mul(Expr left, Num(int one)) when one == 1 -> left;
            case Neg(Neg(Expr inner)) -> inner;
            case Neg(Num(int value)) -> new Num(-value);
            case Div(Expr dividend, Num(int one)) when one == 1 -> dividend;
            default -> expr;
        };
    }

    /** Fully parenthesised text: {@code (x + (2 * y))}. */
    static String show(Expr expr) {
        return switch (expr) {
            case Num(int value) when value < 0 -> "(" + value + ")";
            case Num(int value) -> Integer.toString(value);
            case Var(String name) -> name;
            case Neg(Expr operand) -> "-" + show(operand);
            case Add(Expr left, Expr right) -> "(" + show(left) + " + " + show(right) + ")";
            case Mul(Expr left, Expr right) -> "(" + show(left) + " * " + show(right) + ")";
            case Div(Expr dividend, Expr divisor) -> "(" + show(dividend) + " / " + show(divisor) + ")";
        };
    }

    /** How many nodes the tree has. */
    static int size(Expr expr) {
        return switch (expr) {
            case Num n -> 1;
            case Var v -> 1;
            case Neg(Expr operand) -> 1 + size(operand);
            case Add(Expr l, Expr r) -> 1 + size(l) + size(r);
            case Mul(Expr l, Expr r) -> 1 + size(l) + size(r);
            case Div(Expr l, Expr r) -> 1 + size(l) + size(r);
        };
    }
}
