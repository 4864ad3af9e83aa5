"""`jtc mutate`: mutation scores of test suites against the classes under test, printed and as JSON,
by jtc's own operators and runner or by PIT."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Callable

from jtc.arguments import writable_folder
from jtc.coverage.report_command import check_suite_folders
from jtc.coverage.suites import SuiteFolder
from jtc.errors import ExitCode, UsageError
from jtc.model.classpath import Classpath
from jtc.model.types import InternalName
from jtc.mutate.report import mutation_json, mutation_table
from jtc.mutate.settings import Engine, MutateOptions, PitOptions
from jtc.mutate.suites import mutate_suites, pit_suites


def check_mutate_options(options: MutateOptions) -> None:
    """PIT's options go with --engine pit; its report folder must be writable."""
    if options.engine is Engine.PIT:
        if options.pit.sources and options.pit.html is None:
            raise UsageError("--sources shows the sources in PIT's HTML report: it goes with --html DIR")
        if options.pit.html is not None:
            writable_folder(options.pit.html, "PIT report")
        return
    given = [flag for flag, differs in (("--pit-mutators", options.pit.mutators != PitOptions().mutators),
                                        ("--html", options.pit.html is not None),
                                        ("--sources", bool(options.pit.sources))) if differs]
    if given:
        raise UsageError(f"{given[0]} is an option of PIT: it goes with --engine pit")


def run_mutate(classpath_args: list[str], given: list[SuiteFolder], classes: list[str], json_file: Path | None,
               options: MutateOptions, say: Callable[[str], None]) -> ExitCode:
    classpath = Classpath.parse(classpath_args)
    check_suite_folders(given)
    folders, labels = [suite.folder for suite in given], [suite.name for suite in given]
    with tempfile.TemporaryDirectory(prefix="jtc-mutate-") as scratch:
        if options.engine is Engine.PIT:
            suites = pit_suites(folders, list(classpath.entries), list(map(InternalName, classes)), Path(scratch), options.timeouts, options.pit,
                                labels)
        else:
            suites = mutate_suites(folders, list(classpath.entries), list(map(InternalName, classes)), Path(scratch), options.timeouts, labels)
    for line in mutation_table(suites):
        say(line)
    if options.pit.html is not None:
        for number, suite in enumerate(given, start=1):
            say(f"PIT's report of {suite.name}: {options.pit.html / f'suite-{number}' / 'index.html'}")
    if json_file is not None:
        json_file.write_text(json.dumps(mutation_json(suites), indent=2) + "\n", encoding="utf-8")
    return ExitCode.OK
