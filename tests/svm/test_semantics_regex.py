"""Semantics of the java.util.regex models (svm/models/regex.py) against the JVM, as in
test_semantics.py: whether a String matches is a decision of the path, groups and their positions
are terms, a pattern that is not regular is the run's answer, counted (tests/fixtures/semantics/sem/Regexes.java)."""

from __future__ import annotations

import pytest
import z3

from jtc.solver.solver import model_value
from jtc.svm.inputs import constant
from test_semantics import _jvm_outcome, check, run_all

REGEXES = "sem/Regexes"
STRING = "(Ljava/lang/String;)I"


@pytest.fixture(scope="module")
def engine(semantics_engine):
    semantics_engine.load("sem.Regexes")
    return semantics_engine


def _decisions(runs) -> set:
    return {d.label for r in runs for d in r.execution.replay.decisions if d.kind == "model"}


def _exact(runs) -> None:
    assert all(r.execution.replay.approximations == 0 for r in runs), \
        [(r.assignment, r.execution.replay.approximations) for r in runs]


def test_an_address_s_parts_are_terms_of_the_text(engine):
    runs = check(engine, "address", STRING, [(v,) for v in ("1.2.3.4", "256.1.1.999", "10.0.0", "a.b.c.d", "",
                                                            "123.45.6.789", "1.2.3.4.5", "300.300.300.300")],
                 REGEXES)
    _exact(runs)
    assert [_jvm_outcome(r)[1] for r in runs] == [4, 2, -1, -1, -1, 3, -1, 0]
    assert {"matches", "differs"} <= _decisions(runs)


def test_groups_of_fixed_length_and_case_insensitive_letters(engine):
    runs = check(engine, "code", STRING, [(v,) for v in ("AB-1234-F", "ab-0001-c", "AB-12-F", "A1-1234-F", "AB-1234-g")],
                 REGEXES)
    _exact(runs)
    assert [_jvm_outcome(r)[1] for r in runs] == [12350, 20, -1, -1, -1]


def test_string_matches_pattern_matches_looking_at_and_find(engine):
    _exact(check(engine, "identifier", STRING, [(v,) for v in ("a", "_x9", "9a", "abcdefgh", "abcdefghi", "")],
                 REGEXES))
    _exact(check(engine, "digits", STRING, [(v,) for v in ("12ab", "ab", "ax1", "1x2", "", "x")], REGEXES))
    _exact(check(engine, "staticMatches", STRING, [(v,) for v in ("abc", "ABf", "abg", "")], REGEXES))


def test_a_group_no_term_places_is_fixed_by_a_layout_decision(engine):
    runs = check(engine, "listing", STRING, [(v,) for v in ("dir 12 name", "file  512  a.txt", "x 1", "a b c",
                                                            "ab 7 cd", "ab  999 c")], REGEXES)
    _exact(runs)
    assert any(isinstance(label, tuple) and label[0] == "layout" for label in _decisions(runs))


def test_a_back_reference_is_the_run_s_answer_counted(engine):
    runs = check(engine, "twice", STRING, [(v,) for v in ("aa", "aaa", "b")], REGEXES)
    assert all(r.execution.replay.approximations > 0 for r in runs)


def test_a_pattern_of_more_than_24_classes_is_the_run_s_answer_counted(engine):
    """regex.MAX_CLASSES: z3 left nearly every query of longer patterns unknown (commons-net's listings)."""
    inputs = [(v,) for v in ("a1b2c3d4e5f6g7h8i9j0k1l2", "a1b2c3d4e5f6g7h8i9j0k1l2x", "a1", "")]
    widest = check(engine, "widest", STRING, inputs, REGEXES)
    _exact(widest)
    assert {"matches", "differs"} <= _decisions(widest)
    too_wide = check(engine, "tooWide", STRING, inputs, REGEXES)
    assert all(r.execution.replay.approximations > 0 for r in too_wide)
    assert not {"matches", "differs"} & _decisions(too_wide)


def _shapes(runs) -> list:
    return [d for r in runs for d in r.execution.replay.decisions if isinstance(d.label, tuple) and d.label[0] == "shape"]


def _shaped_soundly(engine, name: str, texts: list[str], alternatives: int) -> None:
    """A run's own inputs satisfy its path condition (the groups' terms are the texts the JVM
    returned), and every text a shape's condition admits, the run's shape or one it did not take,
    matches in Java."""
    runs, variables = run_all(engine, name, STRING, [(t,) for t in texts], REGEXES)
    names = variables.by_name()
    for run in runs:
        fixed = [names[n] == constant(names[n], variables.descs[n], v) for n, v in run.assignment.items() if n in names]
        solver = z3.Solver()
        solver.add(*fixed, *(d.cond for d in run.execution.replay.decisions))
        assert solver.check() == z3.sat, run.assignment
    shapes = _shapes(runs)
    assert len(shapes) == sum(_jvm_outcome(r)[1] != -1 for r in runs)
    assert all(len(d.others()) == alternatives for d in shapes)
    (text,) = {n for n in names if variables.descs[n] == "Ljava/lang/String;"}
    made = set()
    for decision in shapes:
        for cond in (decision.cond, *(c for _, c in decision.others())):
            solver = z3.Solver()
            solver.add(cond)
            for _ in range(3):
                assert solver.check() == z3.sat
                value = model_value(solver.model(), names[text], "Ljava/lang/String;")
                made.add(value)
                solver.add(names[text] != z3.StringVal(value))
    matched, _ = run_all(engine, name, STRING, [(t,) for t in sorted(made)], REGEXES)
    assert all(_jvm_outcome(r)[1] != -1 for r in matched), [(r.assignment, _jvm_outcome(r)) for r in matched]


def test_a_pattern_too_large_for_z3_is_decided_in_the_shape_the_run_matched(engine):
    """regex_near.py: the optional count and the optional tail are the shapes the run did not take."""
    _shaped_soundly(engine, "entry", ["drwx 12 Jan name", "-r-- Feb a -> b", "x", "lrw- 7 Dec x y", "c---\tNov n"], 2)


def test_groups_no_layout_places_are_read_in_the_run_s_shape(engine):
    _shaped_soundly(engine, "loose", ["ab 12", "x1  y 7", "xy 345", "a", "q r s 1"], 0)
