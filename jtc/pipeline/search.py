"""Stage 2, the search: concolic exploration of the subject's candidate sequences until the class's
deadline, its execution bound, or nothing is left to gain."""

from __future__ import annotations

from jtc.exploration.growth import Growth
from jtc.exploration.open_targets import OpenTargets
from jtc.exploration.seeds import constants_of
from jtc.exploration.session import ClassSession, SearchReport
from jtc.exploration.space import SearchSettings, SearchSpace
from jtc.oracle.selection import in_class
from jtc.pipeline.context import Clock, RunContext
from jtc.pipeline.setup import Subject
from jtc.solver.solver import Solver


def search(context: RunContext, subject: Subject, clock: Clock) -> tuple[ClassSession, SearchReport]:
    """The search's session (later stages solve on its trees) and its report."""
    settings = context.settings
    generator, pool, targets = subject.generator, subject.pool, subject.targets
    solver = Solver(settings.solver_rlimit, settings.solver_timeout_ms, settings.seed)
    space = SearchSpace(lambda stop, wanted: generator.skeletons(targets, stop, wanted),
                        lambda coverage: OpenTargets(targets, pool.methods_run_by, coverage),
                        lambda method: in_class(method, subject.internal_name), generator.influences,
                        subject.valid.covered, Growth(generator, targets, settings.generation.max_length).extensions,
                        constants_of(subject.table))
    session = ClassSession(space, context.executor(), solver, SearchSettings.of(settings))
    report = session.run(settings.time_budget, settings.max_executions, clock.deadline)
    report.completed_length = generator.completed_length
    return session, report
