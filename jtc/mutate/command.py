"""`jtc mutate`: mutation scores of test suites against the classes under test, printed and as JSON."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Callable

from jtc.errors import ExitCode, UsageError
from jtc.model.classpath import Classpath
from jtc.mutate.report import mutation_json, mutation_table
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites


def run_mutate(classpath_args: list[str], folders: list[Path], classes: list[str], json_file: Path | None,
               timeouts: Timeouts, say: Callable[[str], None]) -> ExitCode:
    classpath = Classpath.parse(classpath_args)
    for folder in folders:
        if not folder.is_dir():
            raise UsageError(f"test folder {folder} does not exist")
    with tempfile.TemporaryDirectory(prefix="jtc-mutate-") as scratch:
        suites = mutate_suites(folders, list(classpath.entries), classes, Path(scratch), timeouts)
    for line in mutation_table(suites):
        say(line)
    if json_file is not None:
        json_file.write_text(json.dumps(mutation_json(suites), indent=2) + "\n", encoding="utf-8")
    return ExitCode.OK
