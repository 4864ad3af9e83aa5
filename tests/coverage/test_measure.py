"""JaCoCo measurement of a test class against a fixture whose branches and lines are counted by hand.

fixtures/cov/Branchy.java, and what fixtures/tests/cov/BranchyTest.java executes of it:
  Branchy         constructor (line 3) never runs; sign(5) and sign(0) cover both branches of line 6
                  and one of line 8 (line 9 never runs); both(true, true) covers 2 of the 4 branches
                  of line 15. Lines 3 6 7 8 9 11 15: 5 executed. Branches: 5 of 8. Methods: 2 of 3.
  Branchy$Nested  constructor (line 18) and twice(20) run: 1 of the 2 branches of line 20.
  Branchy$Inner   never used: lines 24 and 26, the 2 branches of line 26, 2 methods, all missed.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from jtc.coverage.measure import CoverageRun, measure
from jtc.coverage.model import Counter
from jtc.coverage.reporter import analyse
from jtc.java.javac import compile_sources
from jtc.java.bundle import junit_console_jar

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("cov")
    classes, tests = root / "classes", root / "tests"
    assert compile_sources([FIXTURES / "cov" / "Branchy.java"], [], classes) == []
    assert compile_sources([FIXTURES / "tests" / "cov" / "BranchyTest.java"], [classes, junit_console_jar()],
                           tests) == []
    return classes, tests


@pytest.fixture(scope="module")
def from_directory(compiled: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> CoverageRun:
    classes, tests = compiled
    return measure(["cov.BranchyTest"], [tests], [classes], ["cov.Branchy"], tmp_path_factory.mktemp("run"))


def test_the_tests_ran_under_the_agent(from_directory: CoverageRun) -> None:
    assert from_directory.tests.completed
    assert sorted(r.method for r in from_directory.tests.results.values()) == ["bothTrue", "signOfPositiveAndZero",
                                                                          "twiceAboveTen"]
    assert all(r.passed for r in from_directory.tests.results.values())


def test_counters_per_class_including_nested(from_directory: CoverageRun) -> None:
    report = from_directory.report
    assert sorted(report.classes) == ["cov.Branchy", "cov.Branchy$Inner", "cov.Branchy$Nested"]
    outer, nested, inner = (report.get(n) for n in ("cov.Branchy", "cov.Branchy$Nested", "cov.Branchy$Inner"))
    assert outer is not None and nested is not None and inner is not None
    assert (outer.branch, outer.line, outer.method) == (Counter(3, 5), Counter(2, 5), Counter(1, 2))
    assert (nested.branch, nested.line, nested.method) == (Counter(1, 1), Counter(0, 2), Counter(0, 2))
    assert (inner.branch, inner.line, inner.method) == (Counter(2, 0), Counter(2, 0), Counter(2, 0))
    assert outer.source_file == "Branchy.java"


def test_per_line_coverage(from_directory: CoverageRun) -> None:
    outer = from_directory.report.get("cov.Branchy")
    assert outer is not None
    assert [line.number for line in outer.lines] == [3, 6, 7, 8, 9, 11, 15]
    assert [line.number for line in outer.lines if line.executed] == [6, 7, 8, 11, 15]
    branches = {line.number: line.branches for line in outer.lines if line.branches.total}
    assert branches == {6: Counter(0, 2), 8: Counter(1, 1), 15: Counter(2, 2)}
    assert outer.line_at(9) is not None and outer.line_at(9).instructions.covered == 0  # type: ignore[union-attr]


def test_branch_coverage_of_a_class_with_its_nested_classes(from_directory: CoverageRun) -> None:
    folded = from_directory.report.including_nested("cov.Branchy")
    assert folded.branch == Counter(6, 6)
    assert folded.line == Counter(4, 7)
    assert folded.method == Counter(3, 4)
    assert [line.number for line in folded.lines] == [3, 6, 7, 8, 9, 11, 15, 18, 20, 24, 26]
    assert from_directory.report.including_nested("cov/Branchy$Nested").branch == Counter(1, 1)


def test_the_xml_report_is_jacocos_own(from_directory: CoverageRun) -> None:
    xml = from_directory.report.xml
    assert xml is not None
    text = xml.read_text()
    assert "<!DOCTYPE report PUBLIC \"-//JACOCO//DTD Report 1.1//EN\"" in text
    assert '<class name="cov/Branchy$Nested"' in text


def test_classes_under_test_can_come_from_a_jar(compiled: tuple[Path, Path], tmp_path: Path,
                                                from_directory: CoverageRun) -> None:
    classes, tests = compiled
    jar = tmp_path / "subject.jar"
    with zipfile.ZipFile(jar, "w") as archive:
        for file in sorted(classes.rglob("*.class")):
            archive.write(file, file.relative_to(classes).as_posix())
    run = measure(["cov.BranchyTest"], [tests], [jar], ["cov/Branchy"], tmp_path / "run")
    assert run.report.classes == from_directory.report.classes


def test_execution_data_of_another_build_is_flagged(compiled: tuple[Path, Path], from_directory: CoverageRun,
                                                    tmp_path: Path) -> None:
    changed = tmp_path / "src" / "cov" / "Branchy.java"
    changed.parent.mkdir(parents=True)
    changed.write_text((FIXTURES / "cov" / "Branchy.java").read_text().replace("return 0;", "return 2;"))
    assert compile_sources([changed], [], tmp_path / "other") == []
    xml = from_directory.report.xml
    assert xml is not None
    report = analyse([xml.parent / "jacoco.exec"], tmp_path / "other", tmp_path / "report")
    assert report.mismatched == ("cov.Branchy",)
    assert report.get("cov.Branchy").branch == Counter(8, 0)  # type: ignore[union-attr]
