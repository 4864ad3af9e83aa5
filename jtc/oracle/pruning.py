"""Keeping the observer assertions that pay, by a cheap rule rather than by mutation analysis.

An observation is dropped when another assertion of the same test already states it: the same call
on the same object asserted with the same value, or `isEmpty()` beside `size()` of the same object.
Of the rest a test keeps at most `MAX_OBSERVATIONS`, the rarest answers first: an observer's answer
that few of the suite's tests share (the `DOWN` trend after a non-positive amount) tells this test's
behaviour apart, the one every test shares (a count of 0) adds least; ties go to the observer found
first. When mutation analysis chooses the assertions (`jtc generate --select-assertions`, see
jtc/amplification/assertions.py), the rule only narrows the candidates it is given, to `SELECTION_CANDIDATES`.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

from jtc.model.program import Invoke
from jtc.model.testcases import (Observation, Returns, ReturnsBoxed, ReturnsConstant, ReturnsObject, ReturnsText, Stated,
                                 TestCase)

MAX_OBSERVATIONS = 3
SELECTION_CANDIDATES = 24  # an answer most tests share (`getAttackPower()` is 2) may be the one a mutant changes


def _asserted_calls(case: TestCase) -> set[tuple[int, str, str, tuple, Stated]]:
    """(receiver, name, desc, args, value) of the calls whose values the test asserts."""
    stated = list(case.values)
    if isinstance(case.expectation, (Returns, ReturnsBoxed, ReturnsConstant, ReturnsText)):
        stated.append((len(case.program) - 1, case.expectation))
    calls = set()
    for index, value in stated:
        statement = case.program[index]
        if isinstance(statement, Invoke) and statement.receiver is not None:
            calls.add((statement.receiver.index, statement.name, statement.desc, statement.args, value))
    return calls


def _implied(observation: Observation, case: TestCase, asserted: set[tuple[int, str, str, tuple, Stated]]) -> bool:
    if (observation.receiver, observation.name, observation.desc, observation.args, observation.value) in asserted:
        return True
    sizes = {o.value for o in case.observations if o.receiver == observation.receiver and o.name == "size"
             and o.desc == "()I"}
    return observation.name == "isEmpty" and observation.desc == "()Z" and bool(sizes)


def with_the_result_stated(case: TestCase, chosen: Sequence[int], order: Sequence[int]) -> list[int]:
    """`chosen` positions of `case.observations`, with one more, the first in `order`, that reads the
    object the call under test returned when none of them does: the test states that object by its
    state rather than by `assertNotNull`."""
    last = len(case.program) - 1
    if not isinstance(case.expectation, ReturnsObject) or any(case.observations[i].receiver == last for i in chosen):
        return list(chosen)
    on_result = next((i for i in order if case.observations[i].receiver == last), None)
    return sorted([*chosen, on_result]) if on_result is not None else list(chosen)


def prune(tests: tuple[TestCase, ...], limit: int = MAX_OBSERVATIONS) -> tuple[TestCase, ...]:
    """Each test without implied observations, and with at most `limit` of the rest (one more where
    none of them states the object the call under test returned)."""
    shared: Counter[Observation] = Counter()  # in how many tests each observer gave each answer
    for case in tests:
        shared.update({dataclasses.replace(o, receiver=0) for o in case.observations})
    pruned = []
    for case in tests:
        asserted = _asserted_calls(case)
        kept = [o for o in case.observations if not _implied(o, case, asserted)]
        ranked = sorted(range(len(kept)), key=lambda i: (shared[dataclasses.replace(kept[i], receiver=0)], i))
        reduced = dataclasses.replace(case, observations=tuple(kept))
        chosen = with_the_result_stated(reduced, sorted(ranked[:limit]), ranked)
        pruned.append(dataclasses.replace(case, observations=tuple(kept[i] for i in chosen)))
    return tuple(pruned)
