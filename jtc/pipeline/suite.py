"""Stage 6, the suite: the chosen tests as test cases with what they assert (the outcome of the call
under test, the condition on the inputs a test alone meets, the answers of observers read by
running each test again, within the probe's deadline), and the likely bugs with their shortest
reproductions (pipeline/reproductions.py)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

from jtc.execution.runs import Execution
from jtc.making.taking import sets_nothing
from jtc.minimise.conditions import alone_condition
from jtc.minimise.observations import unrepeated
from jtc.minimise.suite import shown_alone
from jtc.model.program import Invoke, Program
from jtc.model.testcases import TestCase, TestSuite
from jtc.oracle.bugs import group_crashes
from jtc.oracle.choice import Choice
from jtc.oracle.probe import probe_suite
from jtc.oracle.public_reach import noted
from jtc.oracle.pruning import MAX_OBSERVATIONS, SELECTION_CANDIDATES
from jtc.oracle.selection import Candidate, build_suite
from jtc.pipeline.context import RunContext
from jtc.pipeline.report import ClassReport
from jtc.pipeline.reproductions import likely_bug_groups
from jtc.pipeline.subject import Subject, prober_of


def suite_of(context: RunContext, subject: Subject, chosen: list[Candidate], cut_from: dict[Program, Execution],
             choice: Choice, report: ClassReport, deadline: float, loops: Sequence[TestCase] = ()) -> TestSuite:
    """The chosen tests stated (with what those that make a value a hidden way show that the public
    ways did not: oracle/public_reach.py), then `loops` (stated as they were made), then the likely
    bugs' reproductions. The probe reads answers until `deadline`: a test it did not reach keeps the
    outcome its search run showed, or, on trial, is left out."""
    settings, index = context.settings, context.index
    suite = noted(build_suite(subject.internal_name, chosen, index.declares_checked), chosen, choice.found, index)
    if settings.minimise:
        suite = dataclasses.replace(suite, tests=tuple(
            dataclasses.replace(case, condition=alone_condition(
                cut_from.get(candidate.execution.program, candidate.execution), alone))
            for case, candidate, alone in zip(suite.tests, chosen, shown_alone(chosen))))
    reproductions = likely_bug_groups(subject.internal_name, group_crashes(choice.crashed), index)
    with report.timed("probe"):
        effects = functools.cache(subject.analysis.effects)
        prober = prober_of(context, subject, effects, deadline)
        tests = len(suite.tests)
        suite = probe_suite(suite, [candidate.execution.result for candidate in chosen], prober,
                            SELECTION_CANDIDATES if settings.select_assertions else MAX_OBSERVATIONS, deadline)
        if len(suite.tests) < tests:
            report.add_notes(f"the probe's time ran out: {tests - len(suite.tests)} tests on trial left out")
        if settings.minimise:
            suite = unrepeated(suite, lambda statement: isinstance(statement, Invoke) and statement.receiver is not None
                               and sets_nothing(effects(statement.owner, statement.name, statement.desc)))
    suite = dataclasses.replace(suite, tests=suite.tests + tuple(loops))
    report.likely_bugs = [group for group, _ in reproductions]
    if settings.emit_likely_bugs:
        suite = dataclasses.replace(suite, tests=suite.tests + tuple(case for _, case in reproductions))
    return suite

