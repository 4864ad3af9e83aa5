"""Differences grouped for the reader: by member, one entry per distinct change (the call, what the
tests stated, what happened instead), each shown by the shortest test that fails that way."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from jtc.differ.replay import Difference


@dataclass(frozen=True)
class Shown:
    """One change of one member, and the tests that show it, shortest first."""

    member: str
    call: str
    before: str
    now: str
    tests: tuple[Difference, ...]

    @property
    def shortest(self) -> Difference:
        return self.tests[0]


def _length(difference: Difference) -> tuple[int, int, str]:
    test = difference.test
    return test.statements, len(test.checks), test.test


def by_member(differences: Iterable[Difference]) -> dict[str, list[Shown]]:
    """Per member (in the order first met), its distinct changes, each with its tests shortest first."""
    grouped: dict[str, dict[tuple[str, str, str], list[Difference]]] = {}
    for difference in differences:
        key = (difference.call, difference.before, difference.now)
        grouped.setdefault(difference.member, {}).setdefault(key, []).append(difference)
    return {member: [Shown(member, *key, tuple(sorted(tests, key=_length))) for key, tests in changes.items()]
            for member, changes in grouped.items()}


def difference_lines(changes: dict[str, list[Shown]], written: dict[tuple[str, str], str]) -> list[str]:
    """The report: each member, each of its changes, and the test that shows it (`written`: the file
    each written test went to, by test class and method)."""
    if not changes:
        return ["no differences"]
    lines = []
    for member, shown in changes.items():
        lines.append(f"{member}: {len(shown)} difference{'s' if len(shown) > 1 else ''}")
        for change in shown:
            test = change.shortest
            lines.append(f"  {change.call}: was {change.before}; now {change.now}")
            where = written.get((test.test_class, test.test.method))
            more = len(change.tests) - 1
            others = f", {more} more test{'s' if more > 1 else ''} fail{'' if more > 1 else 's'} the same way" \
                if more else ""
            lines.append(f"    shown by {test.test_class}.{test.test.test} ({test.test.statements} statements"
                         f"{others}){f' in {where}' if where else ''}")
    total = sum(map(len, changes.values()))
    lines.append(f"{total} difference{'s' if total > 1 else ''} in {len(changes)} member{'s' if len(changes) > 1 else ''}")
    return lines


def members_json(changes: dict[str, list[Shown]]) -> list[dict]:
    """The same as JSON: [{"member", "differences": [{"call", "before", "now", "test", "tests"}]}]."""
    return [{"member": member, "differences": [
        {"call": change.call, "before": change.before, "now": change.now,
         "test": f"{change.shortest.test_class}#{change.shortest.test.test}",
         "tests": [f"{d.test_class}#{d.test.test}" for d in change.tests]} for change in shown]}
        for member, shown in changes.items()]


def shortest_tests(changes: dict[str, list[Shown]]) -> Sequence[Difference]:
    """The shortest test of every change, once each."""
    seen: dict[tuple[str, str], Difference] = {}
    for shown in changes.values():
        for change in shown:
            seen.setdefault((change.shortest.test_class, change.shortest.test.test), change.shortest)
    return list(seen.values())
