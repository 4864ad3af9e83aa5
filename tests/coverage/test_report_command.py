"""`jtc coverage --html --json --sources` end to end, on fixtures/compare, where it is known who reaches what:

cmp.Grade (src/cmp/Grade.java)   generated/ (JUnit 5): of(95), of(-1)     handwritten/ (JUnit 4): of(60), clamp(5)
  line  3  class (constructor)   -                                        -                         neither
  lines 6, 9  the first two ifs  both                                                               both
  lines 7, 10 throw, return "A"  generated only                                                     first-only
  lines 12, 13  third if, pass   handwritten only                                                   others-only
  line 15  return "fail"         -                                        -                         neither
  line 19  clamp                 handwritten only                                                   others-only
  branches: generated 3/8, handwritten 4/8, union 6/8; lines 4/9, 5/9, 7/9.
cmp.Unused is reached by neither (no branches, 2 lines).

Bad input (a missing sources folder, an HTML folder that cannot be made, a JSON path that is a folder) is
refused with one line before any test runs.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from report_pages import read_page

from jtc.cli import main
from jtc.coverage.suites import SuiteFolder
from jtc.java.javac import compile_sources
from jtc.errors import ExitCode

COMPARE = Path(__file__).resolve().parent / "fixtures" / "compare"
GENERATED, HANDWRITTEN = str(COMPARE / "generated"), str(COMPARE / "handwritten")


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("compare") / "classes"
    assert compile_sources(sorted((COMPARE / "src").rglob("*.java")), [], out) == []
    return out


@pytest.fixture(scope="module")
def report(classes: Path) -> tuple[Path, dict, str]:
    """The HTML folder, the JSON data and the printed table of one run."""
    out = classes.parent
    run = subprocess.run([sys.executable, "-m", "jtc.cli", "coverage", "--classpath", str(classes),
                          "--tests", GENERATED, "--tests", HANDWRITTEN, "--sources", str(COMPARE / "src"),
                          "--html", str(out / "html"), "--json", str(out / "figures.json"), "cmp.Grade", "cmp.Unused"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return out / "html", json.loads((out / "figures.json").read_text()), run.stdout


@pytest.mark.slow
def test_the_index_lists_every_class_with_the_measured_bars(report: tuple[Path, dict, str]) -> None:
    html, _, printed = report
    index = read_page(html / "index.html")
    assert index.classes == ["cmp.Grade", "cmp.Unused"]
    assert [(bar["data-suite"], bar["data-kind"], bar["data-percent"]) for bar in index.bars[6:12]] == [
        (GENERATED, "branches", "37.5%"), (HANDWRITTEN, "branches", "50.0%"), ("union", "branches", "75.0%"),
        (GENERATED, "lines", "44.4%"), (HANDWRITTEN, "lines", "55.6%"), ("union", "lines", "77.8%")]
    assert index.bar("union", "lines")["data-covered"] == "7" and index.bar("union", "lines")["data-total"] == "11"
    assert f"HTML report: {html / 'index.html'}" in printed


@pytest.mark.slow
def test_the_class_page_marks_the_lines_each_suite_reaches(report: tuple[Path, dict, str]) -> None:
    page = read_page(report[0] / "classes" / "cmp.Grade.html")
    assert page.marked("first-only") == [7, 10]
    assert page.marked("others-only") == [12, 13, 19]
    assert page.marked("both") == [6, 9]
    assert page.marked("neither") == [3, 15]
    assert 'return "pass";' in page.text


@pytest.mark.slow
def test_a_junit4_suite_is_run_and_measured(report: tuple[Path, dict, str]) -> None:
    _, data, printed = report
    assert [(suite["tests_run"], suite["tests_failed"]) for suite in data["suites"]] == [(2, 0), (2, 0), (4, 0)]
    assert f"{HANDWRITTEN}: 2 tests run, 0 failed" in printed


@pytest.mark.slow
def test_the_json_holds_the_same_figures(report: tuple[Path, dict, str]) -> None:
    _, data, _ = report
    assert [suite["label"] for suite in data["suites"]] == [GENERATED, HANDWRITTEN, "union"]
    grade, unused = data["classes"]
    assert [(c["branches"]["covered"], c["branches"]["total"], c["lines"]["covered"]) for c in grade["coverage"]] \
        == [(3, 8, 4), (4, 8, 5), (6, 8, 7)]
    assert {line["line"]: line["mark"] for line in grade["lines"]} == {
        3: "neither", 6: "both", 7: "first-only", 9: "both", 10: "first-only", 12: "others-only",
        13: "others-only", 15: "neither", 19: "others-only"}
    assert grade["lines"][2] == {"line": 7, "mark": "first-only", "reached_by": [GENERATED],
                                 "branches": [{"suite": GENERATED, "covered": 0, "total": 0},
                                              {"suite": HANDWRITTEN, "covered": 0, "total": 0}]}
    branches = {line["line"]: [(b["covered"], b["total"]) for b in line["branches"]] for line in grade["lines"]}
    assert (branches[6], branches[9], branches[12], branches[19]) == ([(2, 2), (1, 2)], [(1, 2), (1, 2)],
                                                                      [(0, 2), (1, 2)], [(0, 2), (1, 2)])
    assert unused["coverage"][2]["branches"] == {"covered": 0, "total": 0}
    assert data["project"][2]["lines"] == {"covered": 7, "total": 11}


@pytest.mark.slow
def test_jacocos_own_report_per_suite_is_linked(report: tuple[Path, dict, str]) -> None:
    html, data, _ = report
    index = read_page(html / "index.html")
    assert [link for link in index.links if link.startswith("jacoco/")] == [
        "jacoco/suite-1/index.html", "jacoco/suite-2/index.html", "jacoco/union/index.html"]
    assert [suite["jacoco_html"] for suite in data["suites"]] == [
        str(html / "jacoco" / name / "index.html") for name in ("suite-1", "suite-2", "union")]
    # A class page links to the class's page in each of JaCoCo's reports.
    assert [link for link in read_page(html / "classes" / "cmp.Grade.html").links if "jacoco/" in link] == [
        "../jacoco/suite-1/cmp/Grade.html", "../jacoco/suite-2/cmp/Grade.html", "../jacoco/union/cmp/Grade.html"]
    source_page = (html / "jacoco" / "suite-2" / "cmp" / "Grade.java.html").read_text()
    assert "return x &gt; 100 ? 100 : x;" in source_page


@pytest.mark.slow
def test_the_index_renders_in_a_browser(report: tuple[Path, dict, str], tmp_path: Path) -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no headless browser installed (apt-get install chromium to run this check)")
    screenshot = tmp_path / "index.png"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--window-size=1280,1000", f"--screenshot={screenshot}", (report[0] / "index.html").as_uri()],
                   capture_output=True, timeout=120)
    # A PNG of the window's size, and not one colour: the page drew something.
    data = screenshot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (1280, 1000)
    assert len(data) > 20_000


@pytest.mark.parametrize("option,problem", [
    ("--sources", "sources folder {tmp}/nowhere does not exist"),
    ("--html", "cannot write the HTML report to {tmp}/a-file/html: Not a directory"),
    ("--json", "cannot write the JSON report to {tmp}: it is a folder"),
])
def test_bad_report_options_get_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str,
                                         problem: str) -> None:
    (tmp_path / "a-file").write_text("")
    value = {"--sources": tmp_path / "nowhere", "--html": tmp_path / "a-file" / "html", "--json": tmp_path}[option]
    code = main(["coverage", "--classpath", str(tmp_path), "--tests", str(tmp_path), option, str(value), "cmp.Grade"])
    assert code == ExitCode.USAGE
    assert capsys.readouterr().err.splitlines() == [f"jtc: error: {problem.format(tmp=tmp_path)}"]


@pytest.mark.slow
def test_named_suites_and_each_failing_test_with_why(classes: Path, tmp_path: Path) -> None:
    failing = tmp_path / "failing" / "cmp"
    failing.mkdir(parents=True)
    (failing / "GradeTest.java").write_text(
        "package cmp;\n\nimport static org.junit.jupiter.api.Assertions.assertEquals;\n\n"
        "import org.junit.jupiter.api.Disabled;\nimport org.junit.jupiter.api.Test;\n\nclass GradeTest {\n"
        "    @Test\n    void passes() { assertEquals(\"A\", Grade.of(95)); }\n"
        "    @Test\n    void fails() { assertEquals(\"B\", Grade.of(95), \"first line\\nsecond line\"); }\n"
        "    @Test\n    @Disabled(\"likely bug\")\n    void skipped() { Grade.of(-1); }\n}\n")
    run = subprocess.run([sys.executable, "-m", "jtc.cli", "coverage", "--classpath", str(classes),
                          "--tests", f"generated={tmp_path / 'failing'}", "--tests", f"hand-written={HANDWRITTEN}",
                          "--html", str(tmp_path / "html"), "--json", str(tmp_path / "figures.json"), "cmp.Grade"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    why = "AssertionFailedError: first line"
    assert "generated: 3 tests run, 1 failed, 1 skipped (@Disabled)" in run.stdout
    assert f"  failed: cmp.GradeTest.fails: {why}" in run.stdout
    assert "hand-written: 2 tests run, 0 failed" in run.stdout
    data = json.loads((tmp_path / "figures.json").read_text())
    assert [(s["label"], s["tests_failed"], s["tests_skipped"]) for s in data["suites"]] == [
        ("generated", 1, 1), ("hand-written", 0, 0), ("union", 1, 1)]
    assert data["suites"][0]["failures"] == [{"class": "cmp.GradeTest", "method": "fails", "message": why}]
    index = read_page(tmp_path / "html" / "index.html")
    assert {bar["data-suite"] for bar in index.bars} == {"generated", "hand-written", "union"}
    assert f"cmp.GradeTest.fails: {why}" in index.text


@pytest.mark.parametrize("given,name,folder", [
    ("generated=build/gen", "generated", "build/gen"),
    ("src/test/java", "src/test/java", "src/test/java"),
    ("odd/a=b", "odd/a=b", "odd/a=b"),  # a slash before '=': a folder whose name holds '='
])
def test_a_suite_is_named_or_goes_by_its_folder(given: str, name: str, folder: str) -> None:
    assert SuiteFolder.parse(given) == SuiteFolder(name, Path(folder))


def test_two_suites_of_one_name_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["coverage", "--classpath", str(tmp_path), "--tests", f"a={tmp_path}", "--tests", f"a={tmp_path}",
                 "cmp.Grade"])
    assert code == ExitCode.USAGE
    assert capsys.readouterr().err.splitlines() == ["jtc: error: two suites are named a"]
