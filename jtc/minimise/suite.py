"""Minimising the suite: the tests that add nothing the others do not show go.

Once each test is minimised, two tests may be one program: the second goes. A test whose coverage
(branch edges and lines), outcome (a member that returns, or throws an exception of a class) and
boundary (a run on a comparison's boundary) other tests show adds nothing to those, but it may still
kill mutants no other test kills (`read(1)` beside `read(0)`: the same lines and outcome, and only
one of them notices an index changed by one). On the basics, dropping such tests by coverage and
outcome lost 6 of 330 kills; so without mutation data only the repeated programs go, and the set
cover (`irredundant`) is for when kills are among the items.

What each test kept shows alone (a branch no other test takes) is what tells it apart, and is what
its name can say (see conditions.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence

from jtc.firsts import first_of_each
from jtc.oracle.selection import Candidate


def distinct_programs(chosen: list[Candidate]) -> list[Candidate]:
    """`chosen` without the tests whose programs an earlier test repeats, in the order given; by
    their text, since -0.0 == 0.0 in Python and a test of each is two tests in Java."""
    return first_of_each(chosen, lambda candidate: repr(candidate.execution.program))


def shown(candidate: Candidate) -> frozenset[Hashable]:
    """What a test shows: its coverage items, its outcome, and its boundary if it is a run on one."""
    boundary = {("boundary", candidate.execution.program)} if candidate.on_boundary else set()
    return frozenset({*candidate.covers, ("outcome", candidate.outcome_key), *boundary})


def irredundant(items: Sequence[frozenset[Hashable]], lengths: Sequence[int]) -> list[int]:
    """The positions of the tests to keep so that every item some test shows stays shown: a test
    goes when the tests kept show all its items. The longest (`lengths`: statements) are tried first,
    so that a long walk whose kills short tests share goes rather than the short tests; of equal
    length, those that show least."""
    counts: Counter[Hashable] = Counter(item for found in items for item in found)
    kept = set(range(len(items)))
    for position in sorted(kept, key=lambda p: (-lengths[p], len(items[p]), -p)):
        if all(counts[item] > 1 for item in items[position]):
            kept.remove(position)
            counts.subtract(items[position])
    return sorted(kept)


def shown_alone(chosen: list[Candidate]) -> list[frozenset[Hashable]]:
    """For each test, the coverage items no other test of `chosen` has."""
    counts: Counter[Hashable] = Counter(item for candidate in chosen for item in candidate.covers)
    return [frozenset(item for item in candidate.covers if counts[item] == 1) for candidate in chosen]
