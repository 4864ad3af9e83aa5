"""Stage 7, writing: the suite validated (parsed, compiled, run twice under the JUnit Platform; an
unstable assertion given up, a failing test dropped), with --select-assertions cut to the tests and
answers that kill mutants and validated again, written, and measured by JaCoCo in a fresh JVM."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Callable, Hashable

from jtc.amplification.assertions import quick_rule, selected_by_kills
from jtc.coverage.measure import measure
from jtc.emit.behaviour import behaviour_of
from jtc.emit.validate import ValidationReport, validate_suite
from jtc.errors import CoverageError, InternalError
from jtc.model.program import Program
from jtc.model.testcases import TestSuite
from jtc.model.types import InternalName
from jtc.pipeline.context import Clock, RunContext
from jtc.pipeline.report import ClassReport


def write(context: RunContext, suite: TestSuite, clock: Clock, report: ClassReport,
          shown_by_program: dict[Program, frozenset[Hashable]], tidy: Callable[[TestSuite], TestSuite],
          judge: Callable[[TestSuite], TestSuite] | None = None) -> None:
    """`shown_by_program`: what each test's program shows besides its kills, which the selection
    by mutants weighs (a test not in it, a likely bug's reproduction, stays); `tidy`: what the tests
    about to be written lose once their assertions are chosen (the statements nothing uses); `judge`:
    what --ask makes of them (after the selection by mutants, which it leaves out)."""
    settings = context.settings
    asked = judge or (lambda tests: tests)

    def final(tests: TestSuite) -> TestSuite:
        return asked(tidy(tests))
    with tempfile.TemporaryDirectory(prefix="jtc-generate-") as scratch:
        work = Path(scratch)
        with report.timed("validation"):
            validation = _validated(context, suite if settings.select_assertions else final(suite),
                                    work / "validate", report)
        fallback = ""
        if settings.select_assertions and validation.suite is not None:
            with report.timed("selection"):
                validated = validation.suite
                budgets = settings.budgets
                try:
                    selected, kept, complete = selected_by_kills(
                        validated, context.classpath.entries, context.index, work / "select",
                        lambda position: shown_by_program.get(validated.tests[position].program,
                                                              frozenset({("unknown", position)})), settings.minimise,
                        max(1.0, clock.share(budgets.selection_share, budgets.selection_floor_seconds) - time.monotonic()))
                    if not complete:
                        fallback = "the mutation run was stopped at its time limit: tests and assertions chosen " \
                                   "by the mutants it finished, with the quick rule's assertions besides"
                except InternalError as error:  # the mutation run failed: the quick rule
                    selected, kept = quick_rule(validated), -1
                    fallback = f"tests and assertions chosen by the quick rule: {error}"
                if report.minimising is not None and kept >= 0:
                    report.minimising.tests_after = kept
                validation = _validated(context, final(selected), work / "validate-selected", report)
        report.tests_written = len(validation.kept)
        if validation.rendered is not None and validation.suite is not None:
            report.behaviour = behaviour_of(validation.rendered, validation.suite)
        report.disabled = len(validation.disabled)
        report.failing = validation.failing
        report.test_file = str(validation.written) if validation.written else None
        report.note = "; ".join(filter(None, [validation.note, fallback]))
        if validation.written is not None and settings.measure_coverage:
            with report.timed("coverage"):
                _measure(context, validation, suite.class_under_test, work / "coverage", report)


def _validated(context: RunContext, suite: TestSuite, work_dir: Path, report: ClassReport) -> ValidationReport:
    settings = context.settings
    validation = validate_suite(suite, context.classpath.entries, settings.output_dir, work_dir=work_dir,
                                index=context.index, fold=settings.fold)
    report.dropped += [(d.name, d.reason) for d in validation.dropped]
    report.masked += [(d.name, d.reason) for d in validation.masked]
    return validation


def _measure(context: RunContext, validation: ValidationReport, class_under_test: InternalName, work_dir: Path,
             report: ClassReport) -> None:
    assert validation.test_class is not None and validation.classes_dir is not None  # it was written
    try:
        run = measure([validation.test_class], [validation.classes_dir], context.classpath.entries,
                      [class_under_test], work_dir)
    except CoverageError as error:
        report.coverage_error = error
        return
    coverage = run.report.including_nested(class_under_test)
    report.coverage = coverage
    report.branch = (coverage.branch.covered, coverage.branch.total)
    report.line = (coverage.line.covered, coverage.line.total)
