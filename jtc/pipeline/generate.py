"""`jtc generate`: the pipeline of one class, stage after stage, and the run over many classes.

Errors of the input (unknown class, bad classpath, untestable class) end that class with one line
and its exit code. Problems of the code under test (System.exit, endless loops, stack or heap
exhaustion, a dead JVM) are reported per method; the tests for everything else are still written.
"""

from __future__ import annotations

import os
import tempfile
import time
import traceback
from pathlib import Path
from typing import Hashable, Iterable, Iterator

from jtc.config import Settings
from jtc.emit.validate import ValidationReport
from jtc.errors import InternalError, JtcError
from jtc.minimise.suite import shown
from jtc.model.program import Program
from jtc.model.testcases import TestSuite
from jtc.model.types import BinaryName
from jtc.oracle.selection import last_new_coverage
from jtc.pipeline.amplify import amplify
from jtc.pipeline.ask import judge
from jtc.pipeline.choice import choose
from jtc.pipeline.clock import Clock, Stage
from jtc.pipeline.context import RunContext
from jtc.pipeline.measure import measure
from jtc.pipeline.minimise import minimise
from jtc.pipeline.report import ClassReport, problems_of
from jtc.pipeline.search import search
from jtc.pipeline.selection import select
from jtc.pipeline.setup import set_up
from jtc.pipeline.subject import Subject
from jtc.pipeline.suite import suite_of
from jtc.pipeline.tidy import tidy
from jtc.pipeline.unreached import unreached, untested
from jtc.pipeline.validate import validate
from jtc.pipeline.write import write


def generate_class(context: RunContext, name: str) -> ClassReport:
    """Set up, search, choose, amplify, minimise, state (noting what the tests that make a value a
    hidden way show that the public ways did not), validate, select, tidy, judge, measure, write: one
    class's tests and its report, each stage within its deadline (pipeline/clock.py)."""
    settings = context.settings
    clock = Clock.of(settings)  # the budget covers the class's setup too
    started = time.perf_counter()
    with clock.stage(Stage.SEARCH) as deadline:
        subject = set_up(context, BinaryName(name), clock)  # as the command line names it
        set_up_seconds = time.perf_counter() - started
        session, explored = search(context, subject, deadline)
        seconds = {"setup": set_up_seconds - subject.valid_input_seconds, "valid inputs": subject.valid_input_seconds,
                   "search": explored.seconds}
        report = ClassReport(name, explored, session.cascade.solver.stats, problems_of(explored),
                             engine=session.executor.stats, seconds=seconds)
        with report.timed("unreached"):
            report.unreached = unreached(context, subject, session, explored)
        if settings.target is not None and settings.target.class_name == name:
            report.target_line = settings.target.line
        choice = choose(subject, explored, context.index)
    last = last_new_coverage(choice.found)
    report.final_coverage_seconds = explored.execution_seconds[last.index] if last is not None else 0.0
    with clock.stage(Stage.AMPLIFICATION):
        amplified = amplify(context, subject, session, choice, clock, report)
    if settings.minimise:
        with clock.stage(Stage.MINIMISE) as deadline:
            chosen, cut_from = minimise(context, subject, amplified.chosen, explored, deadline, report)
    else:
        chosen, cut_from = amplified.chosen, {}
    with clock.stage(Stage.PROBE) as deadline:
        suite = suite_of(context, subject, chosen, cut_from, choice, report, deadline, amplified.loops)
    shown_by_program = {candidate.execution.program: shown(candidate) for candidate in chosen}
    shown_by_program.update((loop.program, frozenset()) for loop in amplified.loops)  # kept for kills alone
    with tempfile.TemporaryDirectory(prefix="jtc-generate-") as scratch:
        work = Path(scratch)
        validation = _validated(context, subject, suite, shown_by_program, clock, report, work)
        if validation.written is not None and settings.measure_coverage:
            with report.timed("coverage"), clock.stage(Stage.COVERAGE) as deadline:
                report.note_coverage(measure(context, validation, suite.class_under_test, work / "coverage", deadline))
        report.test_file = write(settings.output_dir, validation)  # last: an interrupted class leaves the old file
    if report.coverage is not None:
        report.unreached = untested(report.unreached, report.coverage)
    report.seconds["total"] = time.perf_counter() - started
    report.plan = clock.account()
    return report


def _validated(context: RunContext, subject: Subject, suite: TestSuite,
               shown_by_program: dict[Program, frozenset[Hashable]], clock: Clock, report: ClassReport,
               work: Path) -> ValidationReport:
    """The tests to write, validated: without --select-assertions tidied, judged and validated; with
    it validated, chosen by mutants, tidied, judged and validated again (when that runs out of time,
    the first validation's tests are written)."""
    settings = context.settings
    notes = []
    if not settings.select_assertions:
        tests = _finished(context, subject, suite, clock, report)
        with report.timed("validation"), clock.stage(Stage.VALIDATION) as deadline:
            validation = validate(context, tests, work / "validate", deadline)
            report.note_dropped(validation)
    else:
        with report.timed("validation"), clock.stage(Stage.VALIDATION) as deadline:
            validation = validate(context, suite, work / "validate", deadline)
            report.note_dropped(validation)
        if validation.suite is not None:
            with report.timed("selection"), clock.stage(Stage.SELECTION) as deadline:
                selection = select(context, validation.suite, shown_by_program, work / "select", deadline)
            tests = _finished(context, subject, selection.suite, clock, report)
            # the chosen tests are some of those the first validation took this long for
            at_least = settings.plan.margin * validation.seconds
            with report.timed("validation"), clock.stage(Stage.REVALIDATION, at_least) as deadline:
                again = validate(context, tests, work / "validate-selected", deadline)
                report.note_dropped(again)
            if again.out_of_time:
                notes.append("the chosen tests' validation ran out of time: the tests of the first validation "
                             "written instead")
            else:
                validation = again
                notes.append(selection.note)
                report.selected = selection.kept
    report.note_validation(validation, notes)
    return validation


def _finished(context: RunContext, subject: Subject, suite: TestSuite, clock: Clock, report: ClassReport) -> TestSuite:
    """The tests about to be validated for the last time, tidied (unless --no-minimise) and judged
    (--ask; the time a person takes is on no stage's account)."""
    if context.settings.minimise:
        with clock.stage(Stage.TIDY) as deadline:
            suite = tidy(context, subject, suite, deadline)
    if context.settings.ask is not None:
        with clock.paused():
            suite, report.judged = judge(context, suite)
    return suite


def generate(settings: Settings, class_names: Iterable[str]) -> Iterator[tuple[str, ClassReport | JtcError]]:
    """Each class's report, or the error that ended it, as soon as the class is done. The names may
    come lazily (a worker process receives them one at a time); the JVM starts before the first."""
    with RunContext.open(settings) as context:
        for name in class_names:
            try:
                yield name, generate_class(context, name)
            except JtcError as error:
                yield name, error
            except Exception as error:  # a bug in jtc: report it, keep going with the next class
                if os.environ.get("JTC_DEBUG"):
                    traceback.print_exc()
                yield name, InternalError(f"internal error while testing {name}: {type(error).__name__}: {error} "
                                          f"(JTC_DEBUG=1 prints the traceback)")
