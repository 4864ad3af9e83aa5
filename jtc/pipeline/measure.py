"""Measuring: the coverage of the class under test and its nested classes by the written tests, or
why there is none. The validation's last clean run ran them under JaCoCo's agent already
(emit/validate.py), so only its record is analysed, by a deadline."""

from __future__ import annotations

import subprocess
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
    """The validated tests' coverage of `class_under_test` (and its nested classes), analysed in
    `work_dir` by `deadline`; the error when JaCoCo could not measure them (they are written all
    the same); None when the deadline came first."""
    assert validation.measured is not None  # it was validated, in a work folder
    left = deadline - time.monotonic()
    if left <= 0:
        return None
    refused = jacoco.refusal(validation.measured.output)
    if refused is not None:
        return refused
    try:
        report = jacoco.measured(validation.measured.exec_file, context.classpath.entries, [class_under_test],
                                 work_dir, timeout_s=min(300.0, left))
    except CoverageError as error:
        return error
    except subprocess.TimeoutExpired:
        return None
    return report.including_nested(class_under_test)
