"""Suites in JUnit 4 run on the Platform's vintage engine, and JaCoCo writes its HTML report per suite.

fixtures/compare: cmp.Grade and cmp.Unused (src/), a JUnit 5 suite (generated/) and a JUnit 4 suite
with Hamcrest matchers (handwritten/); test_report.py lists which lines each reaches.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from jtc.coverage.model import Counter
from jtc.coverage.suites import SuiteCoverage, measure_suites
from jtc.emit.javac import compile_sources
from jtc.toolchain import VINTAGE_ENGINE, _bundles_vintage_engine

COMPARE = Path(__file__).resolve().parent / "fixtures" / "compare"


@pytest.fixture(scope="module")
def suites(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[SuiteCoverage], Path]:
    root = tmp_path_factory.mktemp("junit4")
    classes = root / "classes"
    assert compile_sources(sorted((COMPARE / "src").rglob("*.java")), [], classes) == []
    html = root / "html"
    return measure_suites([COMPARE / "generated", COMPARE / "handwritten"], [classes], ["cmp.Grade"],
                          root / "work", jacoco_html=html, sources=[COMPARE / "src"]), html


@pytest.mark.slow
def test_a_junit4_suite_runs_and_is_measured(suites: tuple[list[SuiteCoverage], Path]) -> None:
    generated, handwritten, union = suites[0]
    assert (handwritten.tests_run, handwritten.tests_failed) == (2, 0)
    assert handwritten.classes["cmp.Grade"].branch == Counter(4, 4)
    assert [line.number for line in handwritten.classes["cmp.Grade"].lines if line.executed] == [6, 9, 12, 13, 19]
    assert union.tests_run == 4 and union.classes["cmp.Grade"].line == Counter(2, 7)


@pytest.mark.slow
def test_jacoco_writes_its_html_report_per_suite_with_sources(suites: tuple[list[SuiteCoverage], Path]) -> None:
    measured, html = suites
    assert [suite.jacoco_html for suite in measured] == [html / "suite-1" / "index.html",
                                                          html / "suite-2" / "index.html", html / "union" / "index.html"]
    assert all(suite.jacoco_html and suite.jacoco_html.is_file() for suite in measured)
    source_page = (html / "suite-2" / "cmp" / "Grade.java.html").read_text()
    assert "return x &gt; 100 ? 100 : x;" in source_page
    assert "handwritten" in (html / "suite-2" / "index.html").read_text()


def test_the_vintage_engine_is_found_in_a_launcher_that_registers_it(tmp_path: Path) -> None:
    with_engine, without = tmp_path / "with.jar", tmp_path / "without.jar"
    with zipfile.ZipFile(with_engine, "w") as jar:
        jar.writestr("META-INF/services/org.junit.platform.engine.TestEngine", f"a.B\n{VINTAGE_ENGINE}\n")
    with zipfile.ZipFile(without, "w") as jar:
        jar.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n")
    assert _bundles_vintage_engine(with_engine) and not _bundles_vintage_engine(without)
