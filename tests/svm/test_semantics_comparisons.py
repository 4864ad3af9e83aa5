"""Semantics of the library models whose result hides a comparison (svm/models/maths.py,
comparisons.py): each comparison is a decision of the path (DecisionKind.COMPARISON) and the result
is exact on its side, checked against the JVM as in test_semantics.py, at the edges: equal operands,
NaN and -0.0, MIN_VALUE for abs, mixed box classes, null Strings.

The methods of tests/fixtures/semantics/sem/Compared.java return the results as they are, so that
no branch of the caller decides what the model must."""

from __future__ import annotations

import pytest

from test_semantics import DOUBLES, FLOATS, INT_MAX, INT_MIN, INTS, LONG_MAX, LONG_MIN, LONGS, NAN, check, pairs
from jtc.svm.concrete import f32

COMPARED = "sem/Compared"
INF = float("inf")
EDGE_DOUBLES = [0.0, -0.0, 1.5, -2.25, NAN, INF, -INF, 5e-324]  # every pair of these, both ways
EDGE_FLOATS = [f32(0.0), f32(-0.0), f32(1.5), f32(1e-45), f32(3e38), NAN, INF, -INF]


@pytest.fixture(scope="module")
def engine(semantics_engine):
    semantics_engine.load("sem.Compared")
    return semantics_engine


def _comparisons(runs) -> set:
    """The outcomes of the comparison decisions the runs took."""
    return {d.label for r in runs for d in r.execution.replay.decisions if d.kind == "comparison"}


def _exact(runs) -> None:
    assert all(r.execution.replay.approximations == 0 for r in runs)


@pytest.mark.parametrize("name,desc,values", [
    ("minInt", "(II)I", INTS), ("maxInt", "(II)I", INTS), ("minLong", "(JJ)J", LONGS), ("maxLong", "(JJ)J", LONGS)])
def test_min_and_max_of_integers_decide_which_argument_they_return(engine, name, desc, values):
    runs = check(engine, name, desc, pairs(values, values), COMPARED)
    _exact(runs)
    assert _comparisons(runs) == {"first", "second"}


@pytest.mark.parametrize("name,desc,values", [
    ("minDouble", "(DD)D", EDGE_DOUBLES), ("maxDouble", "(DD)D", EDGE_DOUBLES),
    ("minFloat", "(FF)F", EDGE_FLOATS), ("maxFloat", "(FF)F", EDGE_FLOATS)])
def test_min_and_max_of_floating_point_follow_java_on_nan_and_negative_zero(engine, name, desc, values):
    runs = check(engine, name, desc, pairs(values, values), COMPARED)
    _exact(runs)
    assert _comparisons(runs) == {"first", "second"}


@pytest.mark.parametrize("name,desc,values", [
    ("absInt", "(I)I", INTS), ("absLong", "(J)J", LONGS), ("absDouble", "(D)D", DOUBLES),
    ("absFloat", "(F)F", FLOATS)])
def test_abs_decides_the_sign_and_min_value_stays_negative(engine, name, desc, values):
    runs = check(engine, name, desc, [(v,) for v in values], COMPARED)
    _exact(runs)
    assert _comparisons(runs) == {"negated", "kept"}


def test_a_cap_made_with_min_is_a_decision_on_the_product(engine):
    runs = check(engine, "capped", "(II)I", [(10, 20), (100, 20), (200, 10), (0, 0), (-3, 7), (INT_MAX, 2)],
                 COMPARED)
    [capped] = [r for r in runs if r.assignment[next(iter(r.assignment))] == 100]
    decision = capped.execution.replay.decisions[-1]
    assert (decision.kind, decision.label) == ("comparison", "first")  # the cap, 2000, is returned
    check(engine, "between", "(I)I", [(v,) for v in (-6, -5, 0, 5, 6, INT_MIN, INT_MAX)], COMPARED)


@pytest.mark.parametrize("name,desc,values", [
    ("compareInts", "(II)I", [0, 1, -1, INT_MIN, INT_MAX]), ("compareLongs", "(JJ)I", [0, -1, LONG_MIN, LONG_MAX]),
    ("compareChars", "(CC)I", [0, 97, 65535]), ("compareShorts", "(SS)I", [0, -32768, 32767]),
    ("compareBytes", "(BB)I", [0, -128, 127, 5]), ("compareBooleans", "(ZZ)I", [0, 1]),
    ("compareDoubles", "(DD)I", [0.0, -0.0, 1.5, NAN, -INF]),
    ("compareFloats", "(FF)I", [f32(0.0), f32(-0.0), f32(2.5), NAN])])
def test_compare_decides_less_equal_or_greater_and_returns_java_s_value(engine, name, desc, values):
    runs = check(engine, name, desc, pairs(values, values), COMPARED)
    _exact(runs)
    assert _comparisons(runs) == {"less", "equal", "greater"}


def test_compare_to_of_strings_and_boxes(engine):
    runs = check(engine, "compareStrings", "(Ljava/lang/String;Ljava/lang/String;)I",
                 pairs(["", "ab", "b", "abc"], ["ab", "", "ac", "b"]), COMPARED)
    assert _comparisons(runs) == {"less", "equal", "greater"}
    _exact(check(engine, "boxedChars", "(CC)I", pairs([0, 97, 65535], [97, 0]), COMPARED))
    _exact(check(engine, "boxedBytes", "(BB)I", pairs([0, -128, 127], [127, 0]), COMPARED))
    runs = check(engine, "boxedDoubles", "(DD)I", pairs([0.0, -0.0, NAN, 2.0], [0.0, NAN, -0.0]), COMPARED)
    _exact(runs)
    assert {r.execution.replay.outcomes[-1].value.c for r in runs} == {-1, 1, 10}  # 0.0 is not -0.0, NaN is NaN


def test_equals_of_boxes_and_objects_equals(engine):
    runs = check(engine, "equalBoxes", "(II)I", pairs([5, 200, INT_MIN], [5, 200, 0]), COMPARED)
    assert _comparisons(runs) == {"equal", "unequal"}
    runs = check(engine, "mixedBoxes", "(IS)I", pairs([5, -1], [5, -1]), COMPARED)
    assert not _comparisons(runs)  # an Integer never equals a Short: nothing to decide
    check(engine, "equalLongs", "(JJ)I", pairs([0, LONG_MIN, 2**40], [0, 2**40]), COMPARED)
    texts = [None, "", "a", "ab"]
    runs = check(engine, "equalStrings", "(Ljava/lang/String;Ljava/lang/String;)I", pairs(texts, texts), COMPARED)
    assert _comparisons(runs) == {"equal", "unequal"}
    check(engine, "sameText", "(Ljava/lang/String;Ljava/lang/String;)Z", pairs(texts, ["a", None]), COMPARED)


def _threw(runs) -> list:
    return [r for r in runs if r.execution.replay.outcomes[-1].status == "threw"]


def test_clamp_checks_its_bounds_then_compares_twice(clamps_engine):
    bounds = [(-5, 5), (5, 5), (6, 5), (INT_MIN, INT_MAX)]
    vectors = [(v, low, high) for v in (-6, -5, 0, 5, 6, INT_MIN, INT_MAX) for low, high in bounds]
    runs = check(clamps_engine, "ints", "(III)I", vectors, "clamp/Clamps")
    _exact(runs)
    assert len(_threw(runs)) == 7  # min > max
    assert _comparisons(runs) == {"at least min", "raised to min", "lowered to max", "at most max"}
    long_vectors = [(v, low, high) for v in (LONG_MIN, -1, 0, 9, LONG_MAX) for low, high in ((0, 9), (9, 0), (-1, -1))]
    _exact(check(clamps_engine, "longs", "(JJJ)J", long_vectors, "clamp/Clamps"))
    _exact(check(clamps_engine, "percent", "(J)I", [(v,) for v in (-1, 0, 50, 100, 101, LONG_MIN)], "clamp/Clamps"))


@pytest.mark.parametrize("name,desc,values", [("doubles", "(DDD)D", [0.0, -0.0, 1.5, NAN, -INF]),
                                              ("floats", "(FFF)F", [f32(0.0), f32(-0.0), f32(2.5), NAN])])
def test_clamp_of_floating_point_refuses_nan_and_misordered_zeros(clamps_engine, name, desc, values):
    vectors = [(v, low, high) for v in values for low in values for high in values]
    runs = check(clamps_engine, name, desc, vectors, "clamp/Clamps")
    _exact(runs)
    threw = _threw(runs)
    assert threw and len(threw) < len(runs)
