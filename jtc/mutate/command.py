"""`jtc mutate`: mutation scores of test suites against the classes under test, printed and as JSON."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Callable

from jtc.coverage.report_command import check_suite_folders
from jtc.coverage.suites import SuiteFolder
from jtc.errors import ExitCode
from jtc.model.classpath import Classpath
from jtc.mutate.report import mutation_json, mutation_table
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites


def run_mutate(classpath_args: list[str], given: list[SuiteFolder], classes: list[str], json_file: Path | None,
               timeouts: Timeouts, say: Callable[[str], None]) -> ExitCode:
    classpath = Classpath.parse(classpath_args)
    check_suite_folders(given)
    with tempfile.TemporaryDirectory(prefix="jtc-mutate-") as scratch:
        suites = mutate_suites([suite.folder for suite in given], list(classpath.entries), classes, Path(scratch),
                               timeouts, [suite.name for suite in given])
    for line in mutation_table(suites):
        say(line)
    if json_file is not None:
        json_file.write_text(json.dumps(mutation_json(suites), indent=2) + "\n", encoding="utf-8")
    return ExitCode.OK
