"""What a test that makes a value a hidden way shows that no run made the public way showed.

The choice of tests prefers runs that make their values the way the public API offers
(model/public_api.py), and the minimiser makes a chosen test's values that way where the test
still shows what it showed; a test that still makes one a hidden way is there for something the
public ways did not reach, and its comment says what: the lines of the class under test it
reaches that no such run of the search reached (`reached line 31 of Prices.format`), else the
outcome none showed (`showed Prices.total throwing IllegalStateException`).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable

from jtc.model.classindex import ClassIndex
from jtc.model.public_api import PublicApi
from jtc.model.testcases import TestSuite
from jtc.model.types import InternalName, simple_source_name
from jtc.oracle.outcomes import Kind
from jtc.oracle.selection import Candidate, Item

LINES_NAMED = 3  # the lines a comment names at most


def noted(suite: TestSuite, chosen: list[Candidate], found: list[Candidate], index: ClassIndex) -> TestSuite:
    """`suite`, whose first tests are the `chosen` ones stated, with each test's `beyond_public`
    words: what it shows that no run made the public way showed (runs of the search, `found`, and
    the chosen tests themselves), where it makes a value a hidden way."""
    words = beyond_public(chosen, [*found, *chosen], PublicApi(index))
    return dataclasses.replace(suite, tests=tuple(
        dataclasses.replace(case, beyond_public=said) for case, said in zip(suite.tests, words)) + suite.tests[len(words):])


def beyond_public(chosen: list[Candidate], found: list[Candidate], api: PublicApi) -> list[str]:
    """For each of the `chosen` tests that makes a value a hidden way, what it shows that none of
    the runs `found` that make theirs the public way showed, in words; "" for the others, and
    for one that shows nothing they did not (then it was kept for what it shows besides coverage
    and outcomes)."""
    public = [candidate for candidate in found if not api.hidden_ways_in(candidate.test_program)]
    covered = frozenset().union(*(candidate.covers for candidate in public))
    shown = {key for candidate in public for key in (candidate.outcome_key, *candidate.shown_before)}
    found_words = []
    for candidate in chosen:
        if not api.hidden_ways_in(candidate.test_program):
            found_words.append("")
        elif lines := _lines(candidate.covers - covered):
            found_words.append(f"reached {lines}")
        elif candidate.outcome_key not in shown:
            found_words.append(f"showed {_outcome(candidate.outcome_key)}")
        else:
            found_words.append("")
    return found_words


def _lines(items: Iterable[Item]) -> str:
    """`line 31 of Prices.format`, `lines 31 and 33 of Prices.format, line 12 of Prices.total`: the
    source lines of the items (branch edges and lines), LINES_NAMED at most, by method."""
    by_method: dict[str, set[int]] = defaultdict(set)
    for method, offset, label in items:
        line = label if offset == -1 else method.line_of(offset)
        if isinstance(line, int) and line > 0:
            by_method[_member(method.owner, method.name)].add(line)
    named, parts = 0, []
    for member, lines in sorted(by_method.items(), key=lambda entry: min(entry[1])):
        shown = sorted(lines)[:LINES_NAMED - named]
        if not shown:
            break
        named += len(shown)
        numbers = ", ".join(map(str, shown[:-1])) + " and " + str(shown[-1]) if len(shown) > 1 else str(shown[0])
        parts.append(f"line{'s' if len(shown) > 1 else ''} {numbers} of {member}")
    more = sum(map(len, by_method.values())) - named
    return ", ".join(parts) + (f" and {more} more" if more > 0 else "")


def _outcome(key: tuple) -> str:
    """`Prices.total throwing IllegalStateException`, `Prices.total returning`."""
    (owner, name), kind, exception = key
    member = _member(owner, name)
    if kind == Kind.THREW and exception:
        return f"{member} throwing {simple_source_name(exception.replace('.', '/'))}"
    return f"{member} returning"


def _member(owner: InternalName, name: str) -> str:
    """`Prices.total`, `new Currency` (a constructor), `Currency.<clinit>`."""
    return f"new {simple_source_name(owner)}" if name == "<init>" else f"{simple_source_name(owner)}.{name}"
