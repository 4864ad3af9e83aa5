"""Comparisons of bit-vectors made from String integers, restated over the integers (solver/lowering.py):
the restatement is exact, leaves other formulas alone, and settles the queries of a checked format."""

from __future__ import annotations

import re

import z3

from jtc.solver.lowering import JAVA_MAX_LENGTH, lower
from jtc.solver.solver import SAT, UNKNOWN, UNSAT, Level, Solver
from jtc.svm.models import strings  # noqa: F401  (sets z3's string encoding to the BMP)

NAME = z3.String("name")
FIRST = z3.Int2BV(z3.StrToCode(z3.SubString(NAME, 0, 1)), 32)
LENGTH = z3.Int2BV(z3.Length(NAME), 32)
IDENTIFIER = z3.Concat(z3.Union(z3.Range("a", "z"), z3.Range("A", "Z"), z3.Re("_")),
                       z3.Loop(z3.Union(z3.Range("a", "z"), z3.Range("A", "Z"), z3.Range("0", "9"), z3.Re("_")), 2, 15))


def _same_truth(a: z3.BoolRef, b: z3.BoolRef, values: list[tuple[z3.ExprRef, z3.ExprRef]]) -> bool:
    """`a` and `b` have the same truth value with the constants of `values` put in (z3's simplifier
    evaluates them; proving them equal in general is beyond z3 in reasonable time)."""
    return z3.is_true(z3.simplify(z3.substitute(a, *values))) == z3.is_true(z3.simplify(z3.substitute(b, *values)))


def test_vectors_of_integers_that_may_not_fit_are_wrapped_as_java_does():
    x, y = z3.Ints("x y")
    edges = [0, 1, -1, 3, 64, 65, 66, 127, 128, -128, -129, 255, 256, 2**31 - 1, 2**31, -2**31, -2**31 - 1,
             2**32 + 5, -2**32 - 70, 10**12]
    for width in (8, 32):
        small = z3.Int2BV(x, width)
        formulas = [small + 1 > 0, small - z3.Int2BV(y, width) == 3, -small <= z3.BitVecVal(-5, width),
                    z3.SignExt(1, small) - z3.SignExt(1, z3.BitVecVal(65, width)) == 1, z3.BV2Int(small) > 3]
        for formula in formulas:
            lowered = lower(formula)
            assert not any(z3.is_bv(term) for term in _subterms(lowered)), formula
            for a in edges:
                for b in (0, -3, 2**width - 3):
                    assert _same_truth(formula, lowered, [(x, z3.IntVal(a)), (y, z3.IntVal(b))]), (formula, a, b)


def _subterms(term: z3.ExprRef) -> list[z3.ExprRef]:
    return [term] + [sub for child in term.children() for sub in _subterms(child)]


def test_chars_and_lengths_compare_as_integers_and_lengths_get_java_s_bound():
    formula = z3.And(FIRST == 95, LENGTH > 10)
    lowered = lower(formula)
    assert not any(z3.is_bv(term) for term in _subterms(lowered))
    assert any(term.eq(z3.Length(NAME) <= JAVA_MAX_LENGTH) for term in _subterms(lowered))
    for name in ("", "_", "_abcdefghij", "_abcdefghijk", "Aabcdefghijk", "\uffff"):
        assert _same_truth(formula, lowered, [(NAME, z3.StringVal(name))]), name


def test_formulas_without_such_comparisons_are_left_as_they_are():
    a, b = z3.BitVecs("a b", 32)
    rounded = z3.fpToSBV(z3.RTZ(), z3.FP("d", z3.Float64()), z3.BitVecSort(32))  # `(int) d`: operands of other sorts
    for formula in (a + b > 3, z3.InRe(NAME, IDENTIFIER), z3.And(a == 1, z3.Length(NAME) > 2),
                    z3.BV2Int(a) > 3, rounded + 1 > 3):
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


ROW = z3.String("row")


def _floor_row_query(solver: Solver) -> tuple[list, object]:
    """A parser's row after `#`, its second square asked to be floor (the valid-inputs fixture)."""
    def code(i: int) -> z3.BitVecRef:
        return z3.Int2BV(z3.StrToCode(z3.SubString(ROW, i, 1)), 32)
    length = z3.Int2BV(z3.Length(ROW), 32)
    prefix = [solver.constraint(z3.Length(ROW) <= 6), solver.constraint(z3.Not(z3.BitVecVal(0, 32) >= length)),
              solver.constraint(code(0) == ord("#")), solver.constraint(z3.Not(z3.BitVecVal(1, 32) >= length))]
    return prefix, solver.constraint(code(1) == ord("."))


def test_the_fast_attempt_solves_the_query_as_recorded_and_the_later_ones_lowered():
    """A FAST unknown goes to the fallback search, whose short, varied inputs a parser's valid inputs
    need; the lowered form (sat at the FAST limit here) is for the attempts after it."""
    solver = Solver()
    descs, variables = {"row": "Ljava/lang/String;"}, {"row": ROW}
    prefix, target = _floor_row_query(solver)
    lowered = z3.Solver()
    lowered.set("rlimit", solver.fast_rlimit)
    lowered.add(lower(z3.And([c.expr for c in prefix + [target]])))
    assert lowered.check() == z3.sat
    assert solver.solve(prefix, target, descs, variables, Level.FAST).status == UNKNOWN
    found = solver.solve(prefix, target, descs, variables, Level.QUICK)
    assert found.status == SAT and str(found.assignment["row"]).startswith("#.")



def test_a_search_position_compared_with_minus_one_or_zero_asks_whether_the_needle_occurs():
    needle = z3.String("needle")
    first = z3.Int2BV(z3.IndexOf(NAME, needle, 0), 32)
    last = z3.Int2BV(z3.LastIndexOf(NAME, needle), 32)
    minus_one, zero = z3.BitVecVal(-1, 32), z3.BitVecVal(0, 32)
    occurring = [first != minus_one, last >= zero, zero <= first, minus_one < last]
    missing = [first == minus_one, last < zero, first <= minus_one, zero > last]
    for formula in occurring + missing:
        lowered = lower(formula)
        assert any(z3.is_app(t) and t.decl().kind() == z3.Z3_OP_SEQ_CONTAINS for t in _subterms(lowered)), formula
        for text in ("", "a.DIR", ".DIR.DIR", "DI", "x"):
            for word in (".DIR", "", "x"):
                assert _same_truth(formula, lowered, [(NAME, z3.StringVal(text)), (needle, z3.StringVal(word))]), \
                    (formula, text, word)
    # a position compared otherwise, or searched from elsewhere than the start, keeps its comparison
    for formula in (first == zero, last > zero, z3.Int2BV(z3.IndexOf(NAME, needle, 1), 32) == minus_one):
        assert not any(z3.is_app(t) and t.decl().kind() == z3.Z3_OP_SEQ_CONTAINS for t in _subterms(lower(formula)))
