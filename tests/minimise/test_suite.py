"""The suite cut to the tests that show something the others do not."""

from __future__ import annotations

from types import SimpleNamespace

from jtc.minimise.suite import distinct_programs, irredundant, shown, shown_alone
from jtc.model.program import Literal
from jtc.oracle.outcomes import Kind, Outcome
from jtc.oracle.selection import Candidate


def _candidate(program: tuple, covers: set[str], outcome: str = "returned", boundary: bool = False) -> Candidate:
    execution = SimpleNamespace(program=program)
    return Candidate(execution, Outcome(Kind.RETURNED, 0), frozenset(covers), ("m", Kind.RETURNED, outcome),  # type: ignore[arg-type]
                     on_boundary=boundary)


def test_a_test_whose_items_others_show_goes() -> None:
    assert irredundant([frozenset("xy"), frozenset("xz"), frozenset("yw")], [1, 1, 1]) == [1, 2]
    assert irredundant([frozenset("xy"), frozenset("xy")], [1, 1]) == [0]  # of two alike, the first stays


def test_a_long_test_goes_before_the_short_ones_that_show_its_items() -> None:
    # A walk of 16 calls kills what three tests of 3 calls kill between them: the walk goes.
    assert irredundant([frozenset("abc"), frozenset("a"), frozenset("b"), frozenset("c")], [16, 3, 3, 3]) == [1, 2, 3]
    assert irredundant([frozenset("abc"), frozenset("a"), frozenset("b"), frozenset("c")], [3, 3, 3, 3]) == [0]


def test_repeated_programs_go_and_outcomes_and_boundaries_are_items() -> None:
    first = _candidate(("a",), {"x", "y"})
    again = _candidate(("a",), {"x", "y"})
    thrown = _candidate(("b",), {"x"}, outcome="IllegalStateException")
    boundary = _candidate(("c",), {"z"}, boundary=True)
    assert distinct_programs([first, again, thrown, boundary]) == [first, thrown, boundary]
    assert len(distinct_programs([_candidate((Literal("D", 0.0),), set()), _candidate((Literal("D", -0.0),), set())])) == 2
    assert irredundant([shown(first), shown(thrown), shown(boundary)], [1, 1, 1]) == [0, 1, 2]


def test_what_a_test_shows_alone() -> None:
    tests = [_candidate(("a",), {"x", "y"}), _candidate(("b",), {"x", "z"})]
    assert shown_alone(tests) == [frozenset({"y"}), frozenset({"z"})]
