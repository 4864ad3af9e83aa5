"""`jtc coverage`: measure test suites against the classes under test and print the table; on request
also the HTML comparison report and the same figures as JSON."""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from jtc.arguments import writable_file, writable_folder
from jtc.coverage.comparison import as_json, compare
from jtc.coverage.html import write_html
from jtc.coverage.suites import SuiteFolder, measure_suites
from jtc.coverage.table import coverage_table
from jtc.errors import ExitCode, UsageError
from jtc.model.classpath import Classpath


@dataclass(frozen=True)
class ReportOutputs:
    html: Path | None = None  # folder of the HTML report
    json: Path | None = None  # file of the JSON figures
    sources: tuple[Path, ...] = ()  # folders of the classes' .java sources


def _check_outputs(outputs: ReportOutputs) -> None:
    for folder in outputs.sources:
        if not folder.is_dir():
            raise UsageError(f"sources folder {folder} does not exist")
    if outputs.html:
        writable_folder(outputs.html, "HTML report")
    if outputs.json:
        writable_file(outputs.json, "JSON report")


def check_suite_folders(given: list[SuiteFolder]) -> None:
    """Each suite's folder exists, and no two suites share a name."""
    for suite in given:
        if not suite.folder.is_dir():
            raise UsageError(f"test folder {suite.folder} does not exist")
    names = [suite.name for suite in given]
    for name in names:
        if names.count(name) > 1 or name == "union":
            raise UsageError(f"two suites are named {name}" if name != "union" else
                             "the name union is taken by the suites' union")


def run_coverage(classpath_args: list[str], given: list[SuiteFolder], classes: list[str],
                 say: Callable[[str], None], outputs: ReportOutputs = ReportOutputs()) -> ExitCode:
    classpath = Classpath.parse(classpath_args)
    check_suite_folders(given)
    _check_outputs(outputs)
    with tempfile.TemporaryDirectory(prefix="jtc-coverage-") as scratch:
        suites = measure_suites([suite.folder for suite in given], list(classpath.entries), classes, Path(scratch),
                                jacoco_html=outputs.html / "jacoco" if outputs.html else None,
                                sources=outputs.sources, labels=[suite.name for suite in given])
    for line in coverage_table(suites):
        say(line)
    comparison = compare(suites)
    if outputs.html:
        say(f"HTML report: {write_html(comparison, outputs.html, outputs.sources)}")
    if outputs.json:
        outputs.json.parent.mkdir(parents=True, exist_ok=True)
        outputs.json.write_text(json.dumps(as_json(comparison), indent=2) + "\n", encoding="utf-8")
        say(f"JSON report: {outputs.json}")
    return ExitCode.OK
