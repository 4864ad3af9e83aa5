"""The suite cut to the tests that show something the others do not."""

from __future__ import annotations

from types import SimpleNamespace

from jtc.minimise.suite import minimal_suite, shown_alone
from jtc.oracle.outcomes import Kind, Outcome
from jtc.oracle.selection import Candidate


def _candidate(program: tuple, covers: set[str], outcome: str = "returned", boundary: bool = False) -> Candidate:
    execution = SimpleNamespace(program=program)
    return Candidate(execution, Outcome(Kind.RETURNED, 0), frozenset(covers), ("m", Kind.RETURNED, outcome),  # type: ignore[arg-type]
                     on_boundary=boundary)


def test_a_test_whose_coverage_and_outcome_others_show_goes() -> None:
    early = _candidate(("a",), {"x", "y"})
    later = [_candidate(("b",), {"x", "z"}), _candidate(("c",), {"y", "w"})]
    assert minimal_suite([early, *later]) == later


def test_repeated_programs_new_outcomes_and_boundaries_stay_apart() -> None:
    first = _candidate(("a",), {"x", "y"})
    again = _candidate(("a",), {"x", "y"})
    thrown = _candidate(("b",), {"x"}, outcome="IllegalStateException")
    boundary = _candidate(("c",), {"z"}, boundary=True)
    assert minimal_suite([first, again, thrown, boundary]) == [first, thrown, boundary]


def test_what_a_test_shows_alone() -> None:
    tests = [_candidate(("a",), {"x", "y"}), _candidate(("b",), {"x", "z"})]
    assert shown_alone(tests) == [frozenset({"y"}), frozenset({"z"})]
