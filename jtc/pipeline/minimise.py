"""Stage 5, minimisation: each chosen test cut to the statements it needs, then the tests that became
one program made one; and, once their assertions are chosen, the statements nothing uses that change
nothing taken out of the tests to be written."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable

from jtc.execution.runs import Execution
from jtc.exploration.session import SearchReport
from jtc.minimise.makers import shortest_makers
from jtc.minimise.statements import StatementMinimiser
from jtc.minimise.suite import distinct_programs
from jtc.minimise.unused import changes_nothing, without_unused
from jtc.model.program import Program
from jtc.model.testcases import TestSuite
from jtc.oracle.selection import Candidate
from jtc.pipeline.context import Clock, RunContext
from jtc.pipeline.report import ClassReport
from jtc.pipeline.setup import Subject


def minimise(context: RunContext, subject: Subject, chosen: list[Candidate], search: SearchReport, clock: Clock,
             report: ClassReport) -> tuple[list[Candidate], dict[Program, Execution]]:
    """The minimised tests (runs of an executor of their own, within the minimisation's share of the
    budget; with --select-assertions also cut without calls of the class under test, the longer test
    on trial; an object made the long way swapped for the search's shortest making of its kind), and
    the search's run each reduced program was cut from."""
    settings = context.settings
    if not settings.minimise:
        return chosen, {}
    with report.timed("minimise"):
        executor = context.executor()
        deadline = clock.share(settings.budgets.minimise_share)
        minimiser = StatementMinimiser(lambda program: executor.execute(program, None, {}, deadline),
                                       subject.internal_name, subject.members, deadline,
                                       shortening=settings.select_assertions, makers=shortest_makers(search.executions))
        minimised = distinct_programs(minimiser.minimise(chosen))
        report.minimising = dataclasses.replace(minimiser.report, tests_after=len(minimised))
    return minimised, minimiser.cut_from


def unused_dropped(context: RunContext, subject: Subject) -> Callable[[TestSuite], TestSuite]:
    """What the suite to be written loses once its assertions are chosen: the statements nothing
    uses that change nothing (none with --no-minimise, which keeps what the search chose)."""
    if not context.settings.minimise:
        return lambda suite: suite
    effects = functools.cache(subject.analysis.effects)
    return functools.partial(without_unused, changes_nothing=functools.partial(
        changes_nothing, effects=effects, is_project_class=context.index.is_project_class))
