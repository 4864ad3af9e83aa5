"""The valid-input sub-searches of setup (making/valid_inputs.py): a parsing producer explored on
its own, deepest-first, before the main search, with an executor and solver of its own."""

from __future__ import annotations

import dataclasses
import math

from jtc.calls.invokables import Invokable
from jtc.calls.steps import Skeleton
from jtc.config import Strategy
from jtc.exploration.open_targets import OpenTargets
from jtc.exploration.session import ClassSession
from jtc.exploration.space import SearchSettings, SearchSpace
from jtc.exploration.templates import Limits
from jtc.making.pool import Pool
from jtc.making.valid_inputs import Explore, Run
from jtc.pipeline.context import RunContext
from jtc.solver.solver import Solver


def sub_search(context: RunContext, pool: Pool, deadline: float) -> Explore:
    """A deepest-first search of one producer's skeletons with an executor and solver of its own,
    bounded by the sub-search's executions or the executions asked for (and, as a safety net,
    `deadline`), over short arrays and Strings (a loop over a long row repeats what a short one
    shows): its runs."""
    settings, budgets = context.settings, context.settings.budgets

    def explore(producer: Invokable, skeletons: list[Skeleton], executions: int | None) -> list[Run]:
        executor = context.executor()
        solver = Solver(settings.solver_rlimit, settings.solver_timeout_ms, settings.seed)
        space = SearchSpace(lambda stop, wanted: iter(skeletons),
                            lambda coverage: OpenTargets([producer], pool.methods_run_by, coverage))
        search = dataclasses.replace(SearchSettings.of(settings), strategy=Strategy.DEEPEST,
                                     limits=Limits.of(settings).at_most(budgets.sub_search_length))
        session = ClassSession(space, executor, solver, search)
        session.run(math.inf, executions or budgets.sub_search_executions, deadline)
        return [Run(skeleton, e.program, e.returned, frozenset(e.replay.edges) if e.replay is not None else frozenset(),
                    e.result.executed)
                for e in executor.executions if (skeleton := session.skeleton_run(e)) is not None]
    return explore
