"""Measuring: the written tests run once more under JaCoCo, in a fresh JVM, by a deadline; the
coverage of the class under test and its nested classes, or why there is none."""

from __future__ import annotations

import time
from pathlib import Path

from jtc.coverage import measure as jacoco
from jtc.coverage.model import ClassCoverage
from jtc.emit.validate import ValidationReport
from jtc.errors import CoverageError
from jtc.model.types import InternalName
from jtc.pipeline.context import RunContext


def measure(context: RunContext, validation: ValidationReport, class_under_test: InternalName, work_dir: Path,
            deadline: float) -> ClassCoverage | CoverageError | None:
    """The validated tests' coverage of `class_under_test` (and its nested classes), measured in
    `work_dir` by `deadline`; the error when JaCoCo could not measure them (they are written all
    the same); None when the deadline came first."""
    assert validation.test_class is not None and validation.classes_dir is not None  # it was validated
    if deadline <= time.monotonic():
        return None
    try:
        run = jacoco.measure([validation.test_class], [validation.classes_dir], context.classpath.entries,
                             [class_under_test], work_dir, wall_timeout_s=min(900.0, deadline - time.monotonic()))
    except CoverageError as error:
        return error
    if not run.tests.completed and time.monotonic() >= deadline:
        return None
    return run.report.including_nested(class_under_test)
