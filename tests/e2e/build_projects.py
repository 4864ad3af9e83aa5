"""What the Gradle and Maven end-to-end tests share: the small project they build (tests/e2e/projects/
shelf: four classes, a hand-written JUnit 5 suite, a likely bug in Book.initial() and static state in
Loans), Debian's Maven repository that stands in for Maven Central, and the checks of the reports
each build tool's jtc goals write."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import ROOT

DEBIAN_MAVEN_REPO = Path("/usr/share/maven-repo")
SHELF = ROOT / "tests" / "e2e" / "projects" / "shelf"


def jupiter_version() -> str:
    """The JUnit 5 release Debian's Maven repository holds (its version folders, 'debian' aside)."""
    folder = DEBIAN_MAVEN_REPO / "org" / "junit" / "jupiter" / "junit-jupiter-api"
    return max((path.name for path in folder.iterdir() if path.name[0].isdigit()), default="missing")


def copy_shelf(target: Path) -> Path:
    shutil.copytree(SHELF / "src", target / "src")
    return target


def check_reports(reports: Path, generated_runs: int | None = None) -> None:
    """The comparison names the suites hand-written and generated; no generated test fails in it (a
    test that needs fresh static state was dropped before it was written), and they cover more than
    the hand-written ones; the likely-bug report holds Book.initial()'s crash."""
    coverage = json.loads((reports / "coverage.json").read_text())
    suites = {suite["label"]: suite for suite in coverage["suites"]}
    assert list(suites) == ["hand-written", "generated", "union"]
    assert suites["hand-written"]["tests_run"] == 4 and suites["generated"]["tests_failed"] == 0
    assert suites["generated"]["tests_run"] > 10 and suites["generated"]["failures"] == []
    if generated_runs is not None:
        assert suites["generated"]["tests_run"] == generated_runs  # the same suite the build tool ran
    totals = {figures["suite"]: figures["branches"] for figures in coverage["project"]}
    assert totals["generated"]["covered"] > totals["hand-written"]["covered"]
    bugs = json.loads((reports / "likely-bugs.json").read_text())
    assert [(c["class"], b["exception"]) for c in bugs["classes"] for b in c["likely_bugs"]] == [
        ("com.example.shelf.Book", "java.lang.StringIndexOutOfBoundsException")]
    assert (reports / "likely-bugs.txt").is_file() and (reports / "index.html").is_file()
