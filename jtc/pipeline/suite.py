"""Stage 6, the suite: the chosen tests as test cases with what they assert (the outcome of the call
under test, the condition on the inputs a test alone meets, the answers of observers read by
running each test again), and the likely bugs with their shortest reproductions."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence

from jtc.analysis.influence import Effects
from jtc.emit.render import test_method_source
from jtc.execution.runs import Execution
from jtc.making.taking import sets_nothing
from jtc.minimise.conditions import alone_condition
from jtc.minimise.observations import unrepeated
from jtc.minimise.suite import shown_alone
from jtc.model.classindex import ClassIndex
from jtc.model.program import Invoke, Program
from jtc.model.testcases import TestCase, TestSuite
from jtc.oracle.bugs import BugGroup, ReportedBug, group_crashes
from jtc.oracle.observers import fields, observers, queries
from jtc.oracle.outcomes import outcome_at
from jtc.oracle.probe import Prober, probe_suite
from jtc.oracle.pruning import MAX_OBSERVATIONS, SELECTION_CANDIDATES
from jtc.oracle.selection import Candidate, build_suite
from jtc.pipeline.choice import Choice
from jtc.pipeline.context import RunContext
from jtc.pipeline.report import ClassReport
from jtc.pipeline.setup import Subject


def suite_of(context: RunContext, subject: Subject, chosen: list[Candidate], cut_from: dict[Program, Execution],
             choice: Choice, report: ClassReport, loops: Sequence[TestCase] = ()) -> TestSuite:
    """The chosen tests stated, then `loops` (stated as they were made), then the likely bugs'
    reproductions."""
    settings, index = context.settings, context.index
    suite = build_suite(subject.internal_name, chosen, index.declares_checked)
    if settings.minimise:
        suite = dataclasses.replace(suite, tests=tuple(
            dataclasses.replace(case, condition=alone_condition(
                cut_from.get(candidate.execution.program, candidate.execution), alone))
            for case, candidate, alone in zip(suite.tests, chosen, shown_alone(chosen))))
    reproductions = likely_bug_groups(subject, group_crashes(choice.crashed), index)
    with report.timed("probe"):
        effects = functools.cache(subject.analysis.effects)
        prober = prober_of(context, subject, effects)
        suite = probe_suite(suite, [candidate.execution.result for candidate in chosen], prober,
                            SELECTION_CANDIDATES if settings.select_assertions else MAX_OBSERVATIONS)
        if settings.minimise:
            suite = unrepeated(suite, lambda statement: isinstance(statement, Invoke) and statement.receiver is not None
                               and sets_nothing(effects(statement.owner, statement.name, statement.desc)))
    suite = dataclasses.replace(suite, tests=suite.tests + tuple(loops))
    report.likely_bugs = [group for group, _ in reproductions]
    if settings.emit_likely_bugs:
        suite = dataclasses.replace(suite, tests=suite.tests + tuple(case for _, case in reproductions))
    return suite


def prober_of(context: RunContext, subject: Subject, effects: Callable[[str, str, str], Effects]) -> Prober:
    """The probe of the class's tests: the observers and queries of a class are its members that
    change nothing (`effects`: the influence analysis's), and the fields its tests can read that no
    such method reads; with --select-assertions also those of the objects a call of the class under
    test was given or gave back."""
    index = context.index
    return Prober(index, subject.internal_name, context.run,
                  functools.cache(lambda receiver: observers(index, effects, receiver)
                                  + fields(index, effects, receiver, subject.internal_name)),
                  functools.cache(lambda receiver: queries(index, effects, receiver)), context.settings.select_assertions)


def likely_bug_groups(subject: Subject, groups: list[BugGroup],
                      index: ClassIndex) -> list[tuple[ReportedBug, TestCase]]:
    """Each group of crashes as reported (with how many executions showed it and the Java source of
    its shortest reproduction), and that reproduction as a test case to write @Disabled."""
    class_name = subject.internal_name
    found = []
    for group in groups:
        bug, execution = group.bug, group.execution
        at_bug = Candidate(execution, outcome_at(execution, bug.statement), frozenset(), ())
        case = dataclasses.replace(build_suite(class_name, [at_bug], index.declares_checked).tests[0],
                                   likely_bug=f"likely bug: {bug.summary}")
        source = test_method_source(case, class_name, index)
        found.append((ReportedBug(bug.exception, bug.message, bug.site, bug.called_from, tuple(bug.java_stack),
                                  group.executions, source), case))
    return found
