"""`jtc coverage`: measure test suites against the classes under test and print the table."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Callable

from jtc.coverage.suites import measure_suites
from jtc.coverage.table import coverage_table
from jtc.errors import ExitCode, UsageError
from jtc.model.classpath import Classpath


def run_coverage(classpath_args: list[str], folders: list[Path], classes: list[str],
                 say: Callable[[str], None]) -> ExitCode:
    classpath = Classpath.parse(classpath_args)
    for folder in folders:
        if not folder.is_dir():
            raise UsageError(f"test folder {folder} does not exist")
    with tempfile.TemporaryDirectory(prefix="jtc-coverage-") as scratch:
        suites = measure_suites(folders, list(classpath.entries), classes, Path(scratch))
    for line in coverage_table(suites):
        say(line)
    return ExitCode.OK
