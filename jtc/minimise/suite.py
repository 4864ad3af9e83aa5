"""Minimising the suite: the tests that add nothing the others do not show go.

What a test shows is its coverage of the class under test (branch edges and lines), the outcome of
its call under test (a member that returns, a member that throws an exception of a class), and, for
a run on a comparison's boundary, that boundary (kept for the mutants only it can kill). Once each
test is minimised, two tests may be one program, and a test the greedy choice took early may show
nothing the later ones do not. A test goes when everything it shows is shown by the tests kept; the
tests that show least are tried first, so the suite ends irredundant.

What each test kept shows alone (a branch no other test takes) is what tells it apart, and is what
its name can say (see conditions.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from jtc.oracle.selection import Candidate


def shown(candidate: Candidate) -> frozenset[Hashable]:
    """What a test shows: its coverage items, its outcome, and its boundary if it is a run on one."""
    boundary = {("boundary", candidate.execution.program)} if candidate.on_boundary else set()
    return frozenset({*candidate.covers, ("outcome", candidate.outcome_key), *boundary})


def minimal_suite(chosen: list[Candidate]) -> list[Candidate]:
    """`chosen` without the tests whose programs an earlier test repeats, and without the tests
    whose every item another kept test shows, in the order given."""
    unique: list[Candidate] = []
    programs = set()
    for candidate in chosen:
        if candidate.execution.program not in programs:
            programs.add(candidate.execution.program)
            unique.append(candidate)
    items = [shown(candidate) for candidate in unique]
    counts: Counter[Hashable] = Counter(item for found in items for item in found)
    kept = set(range(len(unique)))
    for position in sorted(kept, key=lambda p: (len(items[p]), -p)):
        if all(counts[item] > 1 for item in items[position]):
            kept.remove(position)
            counts.subtract(items[position])
    return [candidate for position, candidate in enumerate(unique) if position in kept]


def shown_alone(chosen: list[Candidate]) -> list[frozenset[Hashable]]:
    """For each test, the coverage items no other test of `chosen` has."""
    counts: Counter[Hashable] = Counter(item for candidate in chosen for item in candidate.covers)
    return [frozenset(item for item in candidate.covers if counts[item] == 1) for candidate in chosen]
