"""The Java coverage reporter (java-agent/src/report/java, bundled with jtc): run per analysis.

JaCoCo's analysis API is Java, so jtc ships a small main class that reads an execution data file
and the class files under test, and writes JaCoCo's XML report plus per-class line rows (and, when
asked, JaCoCo's own HTML report).
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jtc.coverage.model import CoverageReport, parse_reports
from jtc.errors import CoverageError
from jtc.java.bundle import jacoco_version, reporter_classpath
from jtc.java.toolchain import toolchain

MAIN_CLASS = "jtc.report.CoverageReport"


@dataclass(frozen=True)
class JacocoHtml:
    """Where JaCoCo writes its own HTML report of an analysis, its title, and the source folders it
    shows the classes' sources from (package folders below them)."""

    out_dir: Path
    title: str
    sources: tuple[Path, ...] = ()

    @property
    def index(self) -> Path:
        return self.out_dir / "index.html"

    def arguments(self) -> list[str]:
        return [str(self.out_dir), self.title, ":".join(str(folder.resolve()) for folder in self.sources)]


def analyse(exec_files: Sequence[Path], class_dir: Path, out_dir: Path, timeout_s: float = 300.0,
            html: JacocoHtml | None = None) -> CoverageReport:
    """Coverage of every class file under `class_dir` by the merged execution data of `exec_files`
    (a missing file means nothing ran). Writes `jacoco.xml` and `lines.tsv` into `out_dir`, and
    JaCoCo's HTML report when `html` says where."""
    out_dir.mkdir(parents=True, exist_ok=True)
    xml, lines = out_dir / "jacoco.xml", out_dir / "lines.tsv"
    command = [str(toolchain().java), "-cp", ":".join(map(str, reporter_classpath())), MAIN_CLASS,
               ":".join(map(str, exec_files)), str(class_dir), str(xml), str(lines),
               *(html.arguments() if html else [])]
    completed = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s)
    if completed.returncode != 0:
        raise CoverageError(failure_message(completed.stdout + completed.stderr))
    return parse_reports(xml, lines)


def failure_message(output: str) -> str:
    """What went wrong in the reporter, in one line: the class JaCoCo could not analyse and the root
    cause of its exception (say, "Unsupported class file major version 70"), else the first line it printed."""
    lines = [line.strip() for line in output.strip().splitlines() if line.strip()]
    where = next((line.rpartition("Error while analyzing ")[2].rstrip(".") for line in lines
                  if "Error while analyzing " in line), None)
    causes = [line.partition("Caused by: ")[2] for line in lines if line.startswith("Caused by: ")]
    cause = causes[-1] if causes else (lines[0] if lines else "no output")
    subject = f" {Path(where).name}" if where else ""
    return f"JaCoCo {jacoco_version()} could not analyse{subject}: {cause}"
