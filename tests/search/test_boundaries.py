"""Which branch conditions have a boundary, and what puts their two sides on it."""

from __future__ import annotations

import z3

from jtc.search.boundaries import edge
from jtc.svm.path import DecisionKind, binary, choice

SITE = (None, 0)  # edge() reads only the kind and the condition


def _edge(kind: DecisionKind, condition: z3.BoolRef, holds: bool = True) -> z3.BoolRef | None:
    return edge(choice(SITE, kind, (True, False), condition, holds))  # type: ignore[arg-type]


def _same(found: z3.BoolRef | None, expected: z3.BoolRef) -> bool:
    solver = z3.Solver()
    solver.add(found != expected)
    return found is not None and solver.check() == z3.unsat


def test_an_ordering_comparison_is_on_its_boundary_when_its_sides_are_equal() -> None:
    x, y = z3.BitVecs("x y", 32)
    assert _same(_edge(DecisionKind.BRANCH, x < 5), x == 5)
    assert _same(_edge(DecisionKind.BRANCH, z3.UGE(x, y), holds=False), x == y)  # the other outcome: same edge
    assert _same(_edge(DecisionKind.BRANCH, z3.Not(x + 7 > y)), x + 7 == y)


def test_a_floating_point_comparison_keeps_its_edge_under_the_nan_disjunct() -> None:
    a, b = z3.FPs("a b", z3.Float64())
    dcmpg_less = z3.Or(z3.Or(z3.fpIsNaN(a), z3.fpIsNaN(b)), z3.fpLT(a, b))
    assert _same(_edge(DecisionKind.BRANCH, dcmpg_less), z3.fpEQ(a, b))


def test_equalities_and_implicit_checks_have_no_boundary() -> None:
    x = z3.BitVec("x", 32)
    assert _edge(DecisionKind.BRANCH, x == 5) is None
    assert _edge(DecisionKind.BOUNDS, x < 5) is None
    assert edge(binary(SITE, DecisionKind.NULL_CHECK, True, False, z3.Bool("n"))) is None  # type: ignore[arg-type]
