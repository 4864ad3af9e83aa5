"""Comparisons of bit-vectors made from String integers, restated over the integers (solver/lowering.py):
the restatement is exact, leaves other formulas alone, and settles the queries of a checked format."""

from __future__ import annotations

import re

import z3

from jtc.solver.lowering import JAVA_MAX_LENGTH, lower
from jtc.solver.solver import SAT, UNSAT, Level, Solver
from jtc.svm.models import strings  # noqa: F401  (sets z3's string encoding to the BMP)

NAME = z3.String("name")
FIRST = z3.Int2BV(z3.StrToCode(z3.SubString(NAME, 0, 1)), 32)
LENGTH = z3.Int2BV(z3.Length(NAME), 32)
IDENTIFIER = z3.Concat(z3.Union(z3.Range("a", "z"), z3.Range("A", "Z"), z3.Re("_")),
                       z3.Loop(z3.Union(z3.Range("a", "z"), z3.Range("A", "Z"), z3.Range("0", "9"), z3.Re("_")), 2, 15))


def _equivalent(a: z3.BoolRef, b: z3.BoolRef) -> bool:
    solver = z3.Solver()
    solver.add(a != b)
    return solver.check() == z3.unsat


def test_vectors_of_integers_that_may_not_fit_are_wrapped_as_java_does():
    x, y = z3.Ints("x y")
    for width in (8, 32):
        small = z3.Int2BV(x, width)
        for formula in (small + 1 > 0, small - z3.Int2BV(y, width) == 3, -small <= z3.BitVecVal(-5, width),
                        z3.SignExt(1, small) - z3.SignExt(1, z3.BitVecVal(65, width)) == 1):
            lowered = lower(formula)
            assert not lowered.eq(formula) and _equivalent(formula, lowered), formula
    unsigned = z3.BV2Int(z3.Int2BV(x, 8)) > 3
    assert not any(z3.is_bv(term) for term in _subterms(lower(unsigned))) and _equivalent(unsigned, lower(unsigned))


def _subterms(term: z3.ExprRef) -> list[z3.ExprRef]:
    return [term] + [sub for child in term.children() for sub in _subterms(child)]


def test_chars_and_lengths_compare_as_integers_and_lengths_get_java_s_bound():
    lowered = lower(z3.And(FIRST == 95, LENGTH > 10))
    assert not any(z3.is_bv(term) for term in _subterms(lowered))
    assert any(term.eq(z3.Length(NAME) <= JAVA_MAX_LENGTH) for term in _subterms(lowered))
    assert _equivalent(z3.And(FIRST == 95, LENGTH > 10, z3.Length(NAME) <= JAVA_MAX_LENGTH), lowered)


def test_formulas_without_such_comparisons_are_left_as_they_are():
    a, b = z3.BitVecs("a b", 32)
    for formula in (a + b > 3, z3.InRe(NAME, IDENTIFIER), z3.And(a == 1, z3.Length(NAME) > 2),
                    z3.BV2Int(a) > 3):
        assert lower(formula).eq(formula)


def test_the_char_checks_after_a_pattern_are_settled_at_the_quick_limit():
    """formats.Identifier's queries: z3 left each unknown at the quick limit before the lowering."""
    solver = Solver()
    descs = {"name": "Ljava/lang/String;"}
    variables = {"name": NAME}
    matched = solver.constraint(z3.And(z3.InRe(NAME, IDENTIFIER), LENGTH > 0))
    upper = solver.constraint(z3.And(FIRST != 95, FIRST >= 65, FIRST <= 90))
    result = solver.solve([matched], upper, descs, variables, Level.QUICK)
    assert result.status == SAT
    name = str(result.assignment["name"])
    assert re.fullmatch("[a-zA-Z_][a-zA-Z0-9_]{2,15}", name) and "A" <= name[0] <= "Z", name
    assert solver.solve([matched], solver.constraint(FIRST < 65), descs, variables, Level.QUICK).status == UNSAT
