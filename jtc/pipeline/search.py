"""Stage 2, the search: concolic exploration of the subject's candidate sequences until its
deadline, its execution bound, or nothing is left to gain."""

from __future__ import annotations

import functools
import math

from jtc.exploration.aim import Aim, MethodKey, aim_at
from jtc.exploration.growth import Growth
from jtc.exploration.open_targets import OpenTargets
from jtc.exploration.seeds import constants_of
from jtc.exploration.session import ClassSession, SearchReport
from jtc.exploration.space import SearchSettings, SearchSpace
from jtc.oracle.selection import in_class
from jtc.pipeline.context import RunContext
from jtc.pipeline.subject import Subject, class_tables
from jtc.solver.solver import Solver


def search(context: RunContext, subject: Subject, deadline: float) -> tuple[ClassSession, SearchReport]:
    """The search's session (later stages solve on its trees) and its report."""
    settings = context.settings
    generator, pool, targets = subject.generator, subject.pool, subject.targets
    aim = aim_of(context, subject)
    if aim is not None:  # the members that may run the line (all, if none can be seen to)
        targets = [t for t in targets if aim.methods & {(m.owner, m.name, m.desc) for m in pool.methods_run_by(t)}] \
            or targets
    solver = Solver(settings.solver_rlimit, settings.solver_timeout_ms, settings.seed)
    under_test = functools.partial(in_class, class_name=subject.internal_name)
    preparations = context.workshop(subject.internal_name.rpartition("/")[0]).preparations
    growth = Growth(generator, targets, settings.generation.max_length, preparations.aimed,
                    lambda method: subject.analysis.effects(method.owner, method.name, method.desc), under_test)
    space = SearchSpace(lambda stop, wanted: generator.skeletons(targets, stop, wanted),
                        lambda coverage: OpenTargets(targets, pool.methods_run_by, coverage),
                        under_test, generator.influences, subject.valid.covered, growth.extensions,
                        constants_of(subject.table), aim, prepare=growth.prepared)
    session = ClassSession(space, context.executor(), solver, SearchSettings.of(settings))
    report = session.run(math.inf, settings.max_executions, deadline)
    report.completed_length = generator.completed_length
    return session, report


def aim_of(context: RunContext, subject: Subject) -> Aim | None:
    """The aim at `--target`'s line when it is a line of this class (or its nested classes)."""
    target = context.settings.target
    if target is None or target.class_name != subject.name:
        return None
    index, analysis = context.index, subject.analysis

    def may_run(callee: MethodKey, methods: frozenset[MethodKey]) -> bool:
        return index.is_project_class(callee[0]) and bool(analysis.effects(*callee).runs & methods)

    return aim_at(target, class_tables(context, subject), may_run)

