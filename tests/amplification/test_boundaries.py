"""Which branch conditions have a boundary, and what puts their two sides on it."""

from __future__ import annotations

import z3

from jtc.amplification.boundaries import goals
from jtc.svm.path import DecisionKind, binary, choice

SITE = (None, 0)  # edge() reads only the kind and the condition


def _goals(kind: DecisionKind, condition: z3.BoolRef, holds: bool = True) -> tuple[z3.BoolRef, ...]:
    return goals(choice(SITE, kind, (True, False), condition, holds))  # type: ignore[arg-type]


def _same(found: z3.BoolRef, expected: z3.BoolRef) -> bool:
    solver = z3.Solver()
    solver.add(found != expected)
    return solver.check() == z3.unsat


def test_an_integer_comparison_is_on_its_boundary_when_its_sides_are_equal_or_one_apart_on_the_side_taken() -> None:
    x, y = z3.BitVecs("x y", 32)
    equal, next_to = _goals(DecisionKind.BRANCH, x > 0)
    assert _same(equal, x == 0)
    assert _same(next_to, x == 1)
    equal, next_to = _goals(DecisionKind.BRANCH, x > 0, holds=False)  # the other outcome: the same edge
    assert _same(equal, x == 0) and _same(next_to, x == -1)
    assert _same(_goals(DecisionKind.BRANCH, z3.Not(x + 7 > y))[0], x + 7 == y)
    # One apart never wraps around: MIN_VALUE - MAX_VALUE is 1 in 32 bits, but MIN_VALUE > MAX_VALUE is false.
    max_minus_min = z3.And(x == 2 ** 31 - 1, y == -2 ** 31)
    assert z3.Solver().check(_goals(DecisionKind.BRANCH, x > y)[1], max_minus_min) == z3.unsat


def test_a_floating_point_comparison_keeps_its_edge_under_the_nan_disjunct() -> None:
    a, b = z3.FPs("a b", z3.Float64())
    dcmpg_less = z3.Or(z3.Or(z3.fpIsNaN(a), z3.fpIsNaN(b)), z3.fpLT(a, b))
    [equal] = _goals(DecisionKind.BRANCH, dcmpg_less)
    assert _same(equal, z3.fpEQ(a, b))


def test_equalities_and_implicit_checks_have_no_boundary() -> None:
    x = z3.BitVec("x", 32)
    assert _goals(DecisionKind.BRANCH, x == 5) == ()
    assert _goals(DecisionKind.BOUNDS, x < 5) == ()
    assert goals(binary(SITE, DecisionKind.NULL_CHECK, True, False, z3.Bool("n"))) == ()  # type: ignore[arg-type]


def test_a_comparison_a_library_call_makes_has_its_boundary_too() -> None:
    """`Math.min(2000, hours * rate)`: the cap is reached exactly where the product is 2000; a
    double `Math.max` keeps its edge under Java's cases for NaN and zeros; `Integer.compare`'s less."""
    from jtc.svm.models.comparisons import integer_order
    from jtc.svm.models.maths import fp_max, int_min
    hours, rate = z3.BitVecs("hours rate", 32)
    cond, _, _ = int_min(z3.BitVecVal(2000, 32), hours * rate)
    equal, next_to = _goals(DecisionKind.COMPARISON, cond, holds=False)
    assert _same(equal, hours * rate == 2000) and _same(next_to, hours * rate == 1999)  # under the cap
    a, b = z3.FPs("a b", z3.Float64())
    [equal] = _goals(DecisionKind.COMPARISON, fp_max(a, b)[0])
    assert _same(equal, z3.fpEQ(a, b))
    less, same, _ = integer_order(hours, rate)
    assert _same(_goals(DecisionKind.COMPARISON, less)[0], hours == rate)
    assert _goals(DecisionKind.COMPARISON, same) == ()  # an equality: its other outcomes are the boundary
