"""Stage 7, writing: the suite validated (parsed, compiled, run twice under the JUnit Platform; an
unstable assertion given up, a failing test dropped), with --select-assertions cut to the tests and
answers that kill mutants and validated again, measured by JaCoCo in a fresh JVM, and written.

Each step ends by its stage's deadline (pipeline/clock.py; the first validation has none): the
second validation that runs out validates nothing and the first validation's tests are written
instead, a mutation run that runs out chooses by the mutants it finished, and a coverage run that
runs out measures nothing. The
test file is written once, at the end, whole (jtc/atomic.py): a run interrupted at any point leaves
the previous file or the new one.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Callable, Hashable

from jtc.amplification.assertions import quick_rule, selected_by_kills
from jtc.atomic import write_atomically
from jtc.coverage.measure import measure
from jtc.emit.behaviour import behaviour_of
from jtc.emit.validate import ValidationReport, ValidationSettings, validate_suite
from jtc.errors import CoverageError, InternalError
from jtc.model.program import Program
from jtc.model.testcases import TestSuite
from jtc.pipeline.clock import Clock, Stage
from jtc.pipeline.context import RunContext
from jtc.pipeline.report import ClassReport


def write(context: RunContext, suite: TestSuite, clock: Clock, report: ClassReport,
          shown_by_program: dict[Program, frozenset[Hashable]], tidy: Callable[[TestSuite, float], TestSuite],
          judge: Callable[[TestSuite], TestSuite] | None = None) -> None:
    """`shown_by_program`: what each test's program shows besides its kills, which the selection
    by mutants weighs (a test not in it, a likely bug's reproduction, stays); `tidy`: what the tests
    about to be written lose once their assertions are chosen (the statements nothing uses), by a
    deadline; `judge`: what --ask makes of them (after the selection by mutants, which it leaves out;
    the time a person takes is on no stage's account)."""
    settings = context.settings

    def final(tests: TestSuite) -> TestSuite:
        if settings.minimise:
            with clock.stage(Stage.TIDY) as deadline:
                tests = tidy(tests, deadline)
        if judge is not None:
            with clock.paused():
                tests = judge(tests)
        return tests

    with tempfile.TemporaryDirectory(prefix="jtc-generate-") as scratch:
        work = Path(scratch)
        notes = []
        if not settings.select_assertions:
            tests = final(suite)
            with report.timed("validation"), clock.stage(Stage.VALIDATION) as deadline:
                validation = _validated(context, tests, work / "validate", report, deadline)
        else:
            with report.timed("validation"), clock.stage(Stage.VALIDATION) as deadline:
                validation = _validated(context, suite, work / "validate", report, deadline)
            if validation.suite is not None:
                with report.timed("selection"), clock.stage(Stage.SELECTION) as deadline:
                    selected, kept, said = _selected(context, validation.suite, shown_by_program, work / "select",
                                                     deadline)
                tests = final(selected)
                # the chosen tests are some of those the first validation took this long for
                at_least = settings.plan.margin * validation.seconds
                with report.timed("validation"), clock.stage(Stage.REVALIDATION, at_least) as deadline:
                    again = _validated(context, tests, work / "validate-selected", report, deadline)
                if again.out_of_time:
                    notes.append("the chosen tests' validation ran out of time: the tests of the first validation "
                                 "written instead")
                else:
                    validation = again
                    notes.append(said)
                    if report.minimising is not None and kept >= 0:
                        report.minimising.tests_after = kept
        report.tests_written = len(validation.kept)
        if validation.rendered is not None and validation.suite is not None:
            report.behaviour = behaviour_of(validation.rendered, validation.suite)
        report.disabled = len(validation.disabled)
        report.failing = validation.failing
        report.note = "; ".join(filter(None, [report.note, validation.note, *notes]))
        if validation.written is not None and settings.measure_coverage:
            # one run of these tests under JaCoCo, and its report: about what a round of their validation took
            at_least = settings.plan.margin * validation.seconds / max(validation.rounds, 1)
            with report.timed("coverage"), clock.stage(Stage.COVERAGE, at_least) as deadline:
                _measure(context, validation, suite.class_under_test, work / "coverage", report, deadline)
        if validation.written is not None and validation.rendered is not None:
            written = settings.output_dir / validation.rendered.relative_path
            write_atomically(written, validation.rendered.source)
            report.test_file = str(written)


def _validated(context: RunContext, suite: TestSuite, work_dir: Path, report: ClassReport,
               deadline: float) -> ValidationReport:
    """`suite` validated by `deadline`, in `work_dir` (the test file too: the class's is written at
    the end)."""
    settings = context.settings
    validation = validate_suite(suite, context.classpath.entries, work_dir / "written",
                                ValidationSettings(deadline=deadline), work_dir=work_dir, index=context.index,
                                fold=settings.fold)
    report.dropped += [(d.name, d.reason) for d in validation.dropped]
    report.masked += [(d.name, d.reason) for d in validation.masked]
    return validation


def _selected(context: RunContext, validated: TestSuite, shown_by_program: dict[Program, frozenset[Hashable]],
              work_dir: Path, deadline: float) -> tuple[TestSuite, int, str]:
    """The tests and answers the mutants choose, by `deadline`; how many tests were kept (-1: the
    quick rule chose), and what the summary says of a choice that is not the mutants' whole."""
    settings = context.settings
    try:
        selected, kept, complete = selected_by_kills(
            validated, context.classpath.entries, context.index, work_dir,
            lambda position: shown_by_program.get(validated.tests[position].program, frozenset({("unknown", position)})),
            settings.minimise, deadline)
    except InternalError as error:  # the mutation run failed: the quick rule
        return quick_rule(validated), -1, f"tests and assertions chosen by the quick rule: {error}"
    if complete:
        return selected, kept, ""
    return selected, kept, "the mutation run was stopped at its time limit: tests and assertions chosen by the " \
                           "mutants it finished, with the quick rule's assertions besides"


def _measure(context: RunContext, validation: ValidationReport, class_under_test: str, work_dir: Path,
             report: ClassReport, deadline: float) -> None:
    assert validation.test_class is not None and validation.classes_dir is not None  # it was validated
    unmeasured = "coverage not measured: its time ran out"
    if deadline <= time.monotonic():
        report.note = "; ".join(filter(None, [report.note, unmeasured]))
        return
    try:
        run = measure([validation.test_class], [validation.classes_dir], context.classpath.entries,
                      [class_under_test], work_dir, wall_timeout_s=min(900.0, deadline - time.monotonic()))
    except CoverageError as error:
        report.coverage_error = error
        return
    if not run.tests.completed and time.monotonic() >= deadline:
        report.note = "; ".join(filter(None, [report.note, unmeasured]))
        return
    coverage = run.report.including_nested(class_under_test)
    report.coverage = coverage
    report.branch = (coverage.branch.covered, coverage.branch.total)
    report.line = (coverage.line.covered, coverage.line.total)
