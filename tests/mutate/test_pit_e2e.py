"""`jtc mutate --engine pit` end to end on the small project of test_mutate_e2e.py: PIT's exact scores per
suite, class and union (a JUnit 4 suite run by the vintage engine among them), a test failing on the
original code named and left out, the JSON and PIT's HTML report; PIT and jtc's runner on Java 25 class
files, and their agreement on the mutants both make."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jtc.java.toolchain import use_jdk
from jtc.mutate.agreement import agreement
from jtc.mutate.runner import Timeouts
from jtc.mutate.settings import PitOptions
from jtc.mutate.suites import mutate_suites, pit_suites
from tests.conftest import compile_java, compile_release, require_jdk

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "scores"
WEAK, STRONG, JUNIT4 = FIXTURES / "weak", FIXTURES / "strong", FIXTURES / "junit4"
CLASSES = ["mut.Range", "mut.Tally"]


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess, dict, Path]:
    work = tmp_path_factory.mktemp("pit")
    classes = compile_java(FIXTURES / "main", work / "classes")
    run = subprocess.run([sys.executable, "-m", "jtc.cli", "mutate", "--engine", "pit", "--classpath", str(classes),
                          "--timeout", "1", "--tests", f"weak={WEAK}", "--tests", f"strong={STRONG}",
                          "--tests", f"junit4={JUNIT4}", "--json", str(work / "pit.json"), "--html", str(work / "html"),
                          "--sources", str(FIXTURES / "main"), *CLASSES], capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr
    return run, json.loads((work / "pit.json").read_text()), work / "html"


def _scores(entry: dict) -> tuple[int, int, int]:
    return entry["killed"], entry["total"], entry["timed_out"]


def test_pits_scores_per_suite_class_and_union(report: tuple[subprocess.CompletedProcess, dict, Path]) -> None:
    data = report[1]
    assert data["engine"] == "PIT 1.30.2 (DEFAULTS mutators, pitest-junit5-plugin 1.2.3)"
    suites = {suite["suite"]: suite for suite in data["suites"]}
    assert list(suites) == ["weak", "strong", "junit4", "union"]
    # PIT's defaults make 19 mutants: Range 15 (clamp 7, bits 5, isEven 3), Tally 4 (add 1, addTwice 2, total 1).
    # bits' boundary moved (n >= 0) never ends: killed by the time limit wherever bits(5) is called.
    assert _scores(suites["weak"]["classes"]["mut.Range"]) == (10, 15, 1)
    assert _scores(suites["weak"]["classes"]["mut.Tally"]) == (2, 4, 0)
    assert _scores(suites["strong"]) == (14, 19, 1)
    assert _scores(suites["strong"]["classes"]["mut.Tally"]) == (4, 4, 0)
    # The JUnit 4 suite, run by the vintage engine, checks addTwice only.
    assert _scores(suites["junit4"]["classes"]["mut.Range"]) == (0, 15, 0)
    assert _scores(suites["junit4"]["classes"]["mut.Tally"]) == (4, 4, 0)
    assert _scores(suites["union"]) == (17, 19, 1)


def test_the_survivors_of_the_union_are_the_equivalent_boundaries(
        report: tuple[subprocess.CompletedProcess, dict, Path]) -> None:
    union = report[1]["suites"][-1]
    assert [(s["method"], s["line"], s["operator"], s["covered"]) for s in union["survivors"]] == [
        ("clamp(III)I", 7, "ConditionalsBoundaryMutator", True), ("clamp(III)I", 10, "ConditionalsBoundaryMutator", True)]


def test_a_test_failing_on_the_original_is_named_and_left_out(
        report: tuple[subprocess.CompletedProcess, dict, Path]) -> None:
    run, data, _html = report
    weak = data["suites"][0]
    assert [t["test"] for t in weak["failing_tests"]] == ["mut.RangeTest#wrongOnTheOriginal"]
    assert "weak: 5 tests, 19 mutants, 12 killed (1 by timeout)" in run.stdout
    assert run.stdout.splitlines()[0] == "mutants made and run by " + data["engine"]


def test_pits_html_report_of_each_suite_is_kept(report: tuple[subprocess.CompletedProcess, dict, Path]) -> None:
    run, _data, html = report
    for number in (1, 2, 3):
        index = html / f"suite-{number}" / "index.html"
        assert f"{index}" in run.stdout
    page = (html / "suite-2" / "mut" / "Range.java.html").read_text()
    assert "return x;" in page  # the source view, from --sources


def test_on_java_25_class_files_the_tools_agree_on_the_mutants_they_share(tmp_path: Path) -> None:
    jdk = require_jdk(25)
    classes = compile_release(FIXTURES / "main", tmp_path / "classes", 25)
    with use_jdk(jdk):
        [ours] = mutate_suites([STRONG], [classes], CLASSES, tmp_path / "jtc", Timeouts(1.0))
        [pits] = pit_suites([STRONG], [classes], CLASSES, tmp_path / "pit", Timeouts(1.0), PitOptions())
    assert (pits.score().killed, pits.score().total) == (14, 19)
    found = agreement(ours, pits)
    # Every one of PIT's default mutants has its like among jtc's 25; both tools kill the same 14 of them.
    assert found.as_json() == {"jtc_mutants": 25, "pit_mutants": 19, "shared": 19, "jtc_killed": 14, "pit_killed": 14,
                               "both_killed": 14, "jtc_only": 0, "pit_only": 0, "neither": 5, "agreement": 1.0}
