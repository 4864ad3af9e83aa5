"""The tidying, once the assertions of the tests to be written are chosen: the statements nothing
uses that change nothing taken out (minimise/unused.py), each cut checked by running the test."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import time

from jtc.deadline import DeadlineReached
from jtc.minimise.rewrite import Positions
from jtc.minimise.statements import StatementMinimiser
from jtc.minimise.unused import states_all, without_unused
from jtc.model.program import Program
from jtc.model.testcases import TestCase, TestSuite
from jtc.oracle.probe import probe
from jtc.oracle.selection import Candidate, candidates
from jtc.pipeline.context import RunContext
from jtc.pipeline.subject import Subject, prober_of


def tidy(context: RunContext, subject: Subject, suite: TestSuite, deadline: float) -> TestSuite:
    """`suite` without the statements nothing uses that its tests do without, by `deadline`: each
    cut checked by running the test again (the minimiser's check) and probing it (its assertions
    hold), and kept when what coverage the test loses another test has."""
    if time.monotonic() >= deadline:
        return suite
    executor = context.executor()
    minimiser = StatementMinimiser(lambda program: executor.execute(program, None, {}, deadline),
                                   subject.internal_name, subject.members, deadline)
    prober = prober_of(context, subject, functools.cache(subject.analysis.effects), deadline)
    runs: dict[Program, Candidate | None] = {}  # each test that runs (not @Disabled) once: what it covers

    def keeps(case: TestCase, reduced: TestCase, positions: Positions) -> bool:
        """The reduced test ends as the test did, its assertions hold, and what coverage it loses
        another test has."""
        if not runs:
            runs.update((test.program, _run(minimiser, test.program)) for test in suite.tests
                        if not test.disabled_reason)
        before = runs.get(case.program) or _run(minimiser, case.program)
        if before is None or time.monotonic() >= deadline:
            return False
        others = frozenset().union(*(run.covers for program, run in runs.items()
                                     if run and program != case.program))
        alone = dataclasses.replace(before, covers=before.covers - others)
        after = minimiser.cut(alone, reduced.program, positions)
        if after is None or not states_all(reduced, probe(reduced, after.execution.result, prober)):
            return False
        runs.pop(case.program, None)
        runs[reduced.program] = after
        return True

    with contextlib.suppress(DeadlineReached):
        return without_unused(suite, keeps)
    return suite

def _run(minimiser: StatementMinimiser, program: Program) -> Candidate | None:
    """`program` run by the minimiser as a test of the class under test, None when it ends otherwise."""
    found = candidates([minimiser.run(program)], minimiser.class_name, minimiser.subjects)
    return found[0] if found else None
