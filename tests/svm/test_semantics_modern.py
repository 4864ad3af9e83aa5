"""Semantics of Java 21 to 25 (issue 33): pattern switches (SwitchBootstraps.typeSwitch and
enumSwitch), record patterns, guards, MatchException, sequenced collections and constructors with
statements before super(...), the VM against the JVM as in test_semantics.py.

The fixtures are compiled with a JDK that knows the release (jtc's own or one under /usr/lib/jvm)
and run on jtc's JDK: without a JDK 25 here, or with an agent whose ASM cannot read Java 21 and 25
class files, the tests are skipped with that reason. tests/fixtures/patterns is compiled twice: for
Java 21, whose javac switches on an enum through typeSwitch with enum labels, and for Java 25, whose
javac calls enumSwitch.
"""

from __future__ import annotations

from test_semantics import check

PATTERNS = "pat/Patterns"


def _kinds(runs) -> set[str]:
    return {str(d.kind) for r in runs for d in r.execution.replay.decisions}


def _exact(runs) -> None:
    """No run of these had a symbolic value made concrete: every condition is the model's own."""
    assert all(r.execution.replay.approximations == 0 for r in runs), \
        [(r.assignment, r.execution.replay.approximations) for r in runs if r.execution.replay.approximations]


def _outcomes(runs) -> set:
    return {r.execution.replay.outcomes[-1].value.c if hasattr(r.execution.replay.outcomes[-1].value, "c")
            else r.execution.replay.outcomes[-1].value for r in runs}


def test_integer_constants_and_guards_of_a_type_switch(patterns_engine):
    runs = check(patterns_engine, "boxes", "(Ljava/lang/Integer;)I", [(v,) for v in (1, 2, 3, 4, 101, 100, -6, -5, 0)],
                 PATTERNS)
    _exact(runs)
    assert "model" in _kinds(runs)  # the constant labels: which one the box equals is a decision


def test_a_character_matches_an_int_label_by_its_char(patterns_engine):
    runs = check(patterns_engine, "chars", "(Ljava/lang/Character;)I",
                 [(ord(c),) for c in "azZ095b:/"], PATTERNS)
    _exact(runs)


def test_string_constants_null_and_guards(patterns_engine):
    runs = check(patterns_engine, "words", "(Ljava/lang/String;)I",
                 [(v,) for v in (None, "stop", "go", "run", "long", "abc", "", "stops")], PATTERNS)
    _exact(runs)


def test_a_switch_without_case_null_throws_at_requireNonNull(patterns_engine):
    runs = check(patterns_engine, "strict", "(Ljava/lang/String;)I", [(None,), ("x",), ("y",), ("",)], PATTERNS)
    _exact(runs)
    threw = [r for r in runs if r.execution.replay.outcomes[-1].status == "threw"]
    assert len(threw) == 1 and "null" in _kinds(runs)


def test_type_patterns_on_an_object(patterns_engine):
    _exact(check(patterns_engine, "objects", "(Ljava/lang/Object;)I", [(v,) for v in (8, 7, 0, -1, 100)], PATTERNS))


def test_record_patterns_over_a_sealed_interface(patterns_engine):
    vectors = [(0, 11, 0), (0, 10, 0), (0, -3, 0), (1, 4, 0), (1, -2, 9), (2, 3, 3), (2, 3, 4), (5, 2, 2)]
    _exact(check(patterns_engine, "area", "(III)I", vectors, PATTERNS))


def test_nested_record_patterns_with_guards(patterns_engine):
    vectors = [(3, 10), (3, 1), (-6, 0), (-5, 0), (0, 0), (2, 5), (1, 3)]
    _exact(check(patterns_engine, "nested", "(II)I", vectors, PATTERNS))


def test_record_patterns_with_enum_components(patterns_engine):
    vectors = [(0, 11), (0, 10), (1, 1), (2, 5), (0, 1), (3, 1), (4, 1), (-1, 2)]
    check(patterns_engine, "cards", "(II)I", vectors, PATTERNS)


def test_a_pattern_switch_on_an_enum(patterns_engine):
    runs = check(patterns_engine, "suits", "(I)I", [(v,) for v in (-1, 0, 1, 2, 3, 4)], PATTERNS)
    assert _outcomes([r for r in runs if r.execution.replay.outcomes[-1].status == "ok"]) == {0, 1, 2, 3, 4}


def test_qualified_enum_constants_beside_types(patterns_engine):
    _exact(check(patterns_engine, "mixed", "(I)I", [(v,) for v in (1, 0, -1, -4, -3)], PATTERNS))


def test_an_accessor_that_throws_ends_the_switch_in_match_exception(patterns_engine):
    runs = check(patterns_engine, "readings", "(I)I", [(v,) for v in (5, 3, 0, -1, -7)], PATTERNS)
    _exact(runs)
    assert _outcomes(runs) == {1, 2, -1}


def test_the_ends_of_a_list(patterns_engine):
    check(patterns_engine, "listEnds", "(III)I", [(1, 2, 3), (3, 2, 1), (0, 9, -9), (-4, 6, 8)], PATTERNS)


def test_the_ends_of_a_sequenced_set(patterns_engine):
    runs = check(patterns_engine, "setEnds", "(II)I", [(1, 2), (2, 1), (5, 0), (-3, -2)], PATTERNS)
    assert _outcomes(runs) >= {1}


def test_the_ends_of_a_sequenced_map(patterns_engine):
    check(patterns_engine, "mapEnds", "(Ljava/lang/String;I)I", [("a", 5), ("b", 3), ("a", 1), (None, 2)], PATTERNS)


def test_the_ends_of_a_deque(patterns_engine):
    runs = check(patterns_engine, "dequeEnds", "(II)I", [(7, 1), (1, 2), (3, 9), (0, 4)], PATTERNS)
    assert _outcomes(runs) >= {1}


def test_statements_before_super_and_this(flexible_engine):
    check(flexible_engine, "make", "(II)I", [(1, 5), (0, 11), (-3, 20), (5, 1), (4, 4)], "flex/Flexible")
    check(flexible_engine, "centred", "(I)I", [(3,), (-8,), (0,), (6,)], "flex/Flexible")
