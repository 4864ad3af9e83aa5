"""Observer answers asserted once per state, not once per test.

Tests of the members that read a class's state share their set-up: every getter test of a level
parses the same map and starts the same game, then calls its getter. After a last call that changes
no state, the observers answer what the set-up left, so the same answers (`isAnyHeroAlive()` true,
the heroes `[Hero hello (10/10)]`) would be asserted in every such test. An answer already asserted
by an earlier test with the same set-up whose last call changed no state either checks nothing new
(a mutant that changes it changes it in both tests) and goes; the first test keeps it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable

from jtc.model.program import Statement
from jtc.model.testcases import TestCase, TestSuite


def unrepeated(suite: TestSuite, reads_only: Callable[[Statement], bool]) -> TestSuite:
    """`suite` without the observer answers an earlier test states of the same state; `reads_only`
    tells a call that changes no state."""
    stated: set[Hashable] = set()
    tests: list[TestCase] = []
    for case in suite.tests:
        if not case.observations or case.likely_bug or not reads_only(case.program[-1]):
            tests.append(case)
            continue
        setup = case.program[:-1]
        kept = []
        for observation in case.observations:
            key = (setup, observation)
            if key not in stated:
                stated.add(key)
                kept.append(observation)
        tests.append(dataclasses.replace(case, observations=tuple(kept)))
    return dataclasses.replace(suite, tests=tuple(tests))
