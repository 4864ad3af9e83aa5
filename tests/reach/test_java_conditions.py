"""Conditions over inputs written as Java for the report of unreachable lines."""

from __future__ import annotations

import z3

from jtc.reach.java_conditions import java_conjunction

X = z3.BitVec("s1.Dead.check(I)I.x", 32)
Y = z3.BitVec("s1.Dead.pair(II)I.y", 32)
NAME = z3.String("s1.Dead.greet(Ljava/lang/String;)V.name")


def test_relations_read_as_the_test_names_read_them():
    assert java_conjunction([X > 5, z3.Not(X >= 3)]) == "x > 5 && x < 3"
    assert java_conjunction([X == Y]) == "x == y"


def test_other_terms_operator_by_operator():
    assert java_conjunction([z3.SRem(X, 7) == 3, X / 7 == 800]) == "(x % 7) == 3 && (x / 7) == 800"
    assert java_conjunction([z3.Or(X < 0, X + Y > 10)]) == "(x < 0 || (x + y) > 10)"
    assert java_conjunction([z3.Length(NAME) > 3, z3.Not(X + 1 <= Y)]) == "name.length() > 3 && (x + 1) > y"
