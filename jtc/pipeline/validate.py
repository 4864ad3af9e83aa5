"""Validation: the tests parsed, compiled and run twice under the JUnit Platform, by a deadline; an
assertion that does not hold the same way twice given up, a test that fails dropped (emit/validate.py).
It runs before the choice by mutants (on every test on trial) and after it (on the chosen tests)."""

from __future__ import annotations

from pathlib import Path

from jtc.emit.validate import ValidationReport, ValidationSettings, validate_suite
from jtc.model.testcases import TestSuite
from jtc.pipeline.context import RunContext


def validate(context: RunContext, suite: TestSuite, work_dir: Path, deadline: float) -> ValidationReport:
    """`suite` validated by `deadline`, in `work_dir` (the test file too: the class's is written
    when the class is done, pipeline/write.py)."""
    return validate_suite(suite, context.classpath.entries, work_dir / "written", ValidationSettings(deadline=deadline),
                          work_dir=work_dir, index=context.index, fold=context.settings.fold)
