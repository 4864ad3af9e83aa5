"""Stage 4, amplification: runs after the search that add tests beside the chosen ones.

Always: runs on the boundaries of the comparisons the chosen tests met. With --select-assertions,
the tests they add go on trial (mutation analysis keeps those that kill what the others miss),
together with the chosen tests made longer (extensions and walks), long walks and scenarios cut to
what their kills need, and the runs the coverage set cover left out (spares); a run of the
extensions or of a scenario (walks aimed at the branches still open) that takes a branch no chosen
test takes is a test, cut to the shortest prefix that takes it; and seeded loops over the calls
that change the object (amplification/loops.py), tests on trial written as loops.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jtc.amplification.boundaries import boundary_runs
from jtc.amplification.cuts import cut_runs
from jtc.amplification.extension import (Arguments, asking_calls, enum_constants, extension_runs, more_walks,
                                         taking_calls)
from jtc.amplification.loops import loop_cases
from jtc.amplification.scenarios import open_edges, scenario_runs
from jtc.amplification.trial import beside, on_the_boundary, on_trial, spares
from jtc.exploration.seeds import constants_of
from jtc.exploration.session import ClassSession
from jtc.model.testcases import TestCase
from jtc.model.types import binary_name
from jtc.oracle.choice import Choice
from jtc.oracle.outcomes import Kind
from jtc.oracle.selection import Candidate, candidates
from jtc.pipeline.clock import Clock, Stage
from jtc.pipeline.context import RunContext
from jtc.pipeline.report import ClassReport
from jtc.pipeline.subject import Subject, class_tables


@dataclass
class Amplified:
    chosen: list[Candidate]  # the chosen tests and those the runs after the search add
    loops: list[TestCase] = field(default_factory=list)  # seeded loops, on trial (written as loops)


def amplify(context: RunContext, subject: Subject, session: ClassSession, choice: Choice, clock: Clock,
            report: ClassReport) -> Amplified:
    """The chosen tests with those the runs after the search add, each kind of run within its
    part of the amplification stage of `clock` (StageBudgets' shares)."""
    settings, budgets = context.settings, context.settings.budgets
    shares = [budgets.boundaries_share] + ([budgets.extension_share, budgets.scenarios_share, budgets.cuts_share,
                                            budgets.loops_share] if settings.select_assertions else [])

    def part(at: int) -> float:
        return clock.part(Stage.AMPLIFICATION, shares[at], sum(shares[at + 1:]))

    chosen = list(choice.chosen)
    with report.timed("boundaries"):
        boundary = boundary_runs(session, [candidate.execution for candidate in chosen], context.executor(),
                                 settings.boundary_runs, part(0))
        on_edge = choice.sound(on_the_boundary(_candidates(boundary, subject), chosen))
    if not settings.select_assertions:
        return Amplified(chosen + on_edge)
    bases = chosen + on_edge  # a run on the edge, made once more, crosses it
    chosen += on_trial(on_edge)
    returned = [(c.execution.program, c.outcome.statement) for c in bases if c.outcome.kind == Kind.RETURNED]
    takers = taking_calls(subject.targets, subject.internal_name, subject.analysis)
    askers = asking_calls(subject.targets, subject.internal_name, subject.analysis)
    given = Arguments(subject.pool.assignable, enum_constants(context.index), subject.taking.paths)
    with report.timed("extension"):
        extended = extension_runs(returned, takers, given, context.executor(), settings.seed,
                                  part(1), askers)
    covered = {item for candidate in choice.found for item in candidate.covers}
    methods = [method for table in class_tables(context, subject) for method in table.methods if method.instrumented]
    with report.timed("scenarios"):
        aimed = scenario_runs(extended.runs, returned, takers, askers, given, subject.analysis,
                              open_edges(methods, covered), context.executor(), settings.seed,
                              part(2), constants_of(subject.table).ints)
    chosen += choice.sound(beside(_candidates(aimed.reaching, subject), chosen))  # tests: they cover what no other does
    walked = [e.program for e in extended.runs if e.program in extended.walks] + [e.program for e in aimed.runs]
    long_walks = [program for program in walked if len(program) > budgets.cut_above]
    with report.timed("cuts"):
        cut = cut_runs(subject.name, context.classpath.entries, [c.test_program for c in bases], long_walks,
                       more_walks(returned, takers, given, settings.seed, askers), context.run, context.executor(),
                       budgets, part(3), settings.execution_timeout_ms)
    skipped = set(long_walks)  # a long walk goes on trial as its cuts
    tried = cut + [e for e in extended.runs if e.program not in skipped]  # cuts first: the minimiser reaches them
    chosen += on_trial(choice.sound(beside(_candidates(tried, subject), chosen)))
    original = context.index.class_bytes(subject.internal_name)
    with report.timed("loops"):
        deadline = part(4)
        loops = loop_cases(returned, takers, askers, given, lambda program: context.run(
            program, settings.execution_timeout_ms, deadline, (binary_name(subject.internal_name), original)),
                           settings.seed, context.index.declares_checked, deadline) if original is not None else []
    return Amplified(chosen + spares(choice.without_crashes, chosen, budgets.spare_tests), loops)


def _candidates(runs: list, subject: Subject) -> list[Candidate]:
    return candidates(runs, subject.internal_name, subject.members)
