"""Stage 5, minimisation: each chosen test cut to the statements it needs, then the tests that became
one program made one; and, once their assertions are chosen, the statements nothing uses that change
nothing taken out of the tests to be written."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import time
from collections.abc import Callable

from jtc.execution.runs import Execution
from jtc.exploration.session import SearchReport
from jtc.minimise.makers import PublicMakers, shortest_makers
from jtc.minimise.statements import StatementMinimiser
from jtc.minimise.suite import distinct_programs
from jtc.minimise.rewrite import Positions
from jtc.minimise.unread import alike
from jtc.minimise.unused import states_all, without_unused
from jtc.model.program import Program
from jtc.model.public_api import PublicApi
from jtc.model.testcases import TestCase, TestSuite
from jtc.oracle.probe import probe
from jtc.oracle.selection import Candidate, candidates
from jtc.pipeline.context import RunContext
from jtc.pipeline.report import ClassReport
from jtc.pipeline.setup import Subject
from jtc.pipeline.suite import prober_of
from jtc.deadline import DeadlineReached


def minimise(context: RunContext, subject: Subject, chosen: list[Candidate], search: SearchReport, deadline: float,
             report: ClassReport) -> tuple[list[Candidate], dict[Program, Execution]]:
    """The minimised tests (runs of an executor of their own, until `deadline`; with
    --select-assertions also cut without calls of the class under test, the longer test on trial; an
    object made the long way swapped for the search's shortest making of its kind, one
    made a hidden way for a public making of its kind (model/public_api.py); an input of the call
    under test that no decision read given the value of the call's first test), and the search's
    run each reduced program was cut from. Not run with --no-minimise."""
    settings = context.settings
    with report.timed("minimise"):
        executor = context.executor()
        api = PublicApi(context.index)
        minimiser = StatementMinimiser(lambda program: executor.execute(program, None, {}, deadline),
                                       subject.internal_name, subject.members, deadline,
                                       shortening=settings.select_assertions, makers=shortest_makers(search.executions),
                                       api=api, public=PublicMakers(search.executions, api))
        named = {(target.owner, target.name, target.desc): target.param_names for target in subject.targets}
        alike_inputs = alike(minimiser, chosen, minimiser.minimise(chosen),
                             lambda call: named.get((call.owner, call.name, call.desc)))
        minimised = distinct_programs(alike_inputs)
        report.minimising = dataclasses.replace(minimiser.report, tests_after=len(minimised))
    return minimised, minimiser.cut_from


def unused_dropped(context: RunContext, subject: Subject) -> Callable[[TestSuite, float], TestSuite]:
    """What the suite to be written loses once its assertions are chosen, by a deadline: the
    statements nothing uses that the test does without, each cut checked by running the test again
    (the minimiser's check) and probing it (its assertions hold)."""

    def tidied(suite: TestSuite, deadline: float) -> TestSuite:
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

    return tidied


def _run(minimiser: StatementMinimiser, program: Program) -> Candidate | None:
    """`program` run by the minimiser as a test of the class under test, None when it ends otherwise."""
    found = candidates([minimiser.run(program)], minimiser.class_name, minimiser.subjects)
    return found[0] if found else None
