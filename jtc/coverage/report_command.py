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
from jtc.coverage.suites import measure_suites
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


def run_coverage(classpath_args: list[str], folders: list[Path], classes: list[str],
                 say: Callable[[str], None], outputs: ReportOutputs = ReportOutputs()) -> ExitCode:
    classpath = Classpath.parse(classpath_args)
    for folder in folders:
        if not folder.is_dir():
            raise UsageError(f"test folder {folder} does not exist")
    _check_outputs(outputs)
    with tempfile.TemporaryDirectory(prefix="jtc-coverage-") as scratch:
        suites = measure_suites(folders, list(classpath.entries), classes, Path(scratch),
                                jacoco_html=outputs.html / "jacoco" if outputs.html else None,
                                sources=outputs.sources)
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
