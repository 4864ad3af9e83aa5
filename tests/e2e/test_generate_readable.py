"""Readable tests end to end on the basics' Weekday (28 tests of four shapes): folded into
parameterized tests they compile, pass, and keep the coverage and the mutation score of the same
tests written one by one (`--no-fold`), and two runs write the same bytes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jtc import cli
from jtc.config import Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites

from junit_run import compile_and_run

pytestmark = pytest.mark.slow
WEEKDAY = "com.example.basics.Weekday"
TEST_FILE = Path("com/example/basics/WeekdayTest.java")


def _folded(classes: Path, output: Path, coverage: bool = True) -> ClassReport:
    settings = Settings(select_assertions=False, classpath=(str(classes),), output_dir=output, time_budget=60.0, seed=0,
                        measure_coverage=coverage)
    [(_, report)] = list(generate(settings, [WEEKDAY]))
    assert isinstance(report, ClassReport), report
    assert report.search.stopped_by == "exhausted"  # the whole search: the same suite on every run
    return report


@pytest.fixture(scope="module")
def suites(basics_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, ClassReport]:
    folded_dir, plain_dir = tmp_path_factory.mktemp("folded"), tmp_path_factory.mktemp("plain")
    report = _folded(basics_classes, folded_dir)
    assert cli.main(["generate", "--quick", "--classpath", str(basics_classes), "--output", str(plain_dir), "--no-cache", "--no-fold",
                     "--time-budget", "60", WEEKDAY]) == 0
    return folded_dir, plain_dir, report


def test_tests_of_one_shape_become_one_parameterized_test(suites) -> None:
    folded_dir, plain_dir, report = suites
    folded, plain = (folder / TEST_FILE for folder in (folded_dir, plain_dir))
    source = folded.read_text()
    assert report.dropped == [] and report.branch == (28, 28) and report.line == (28, 28)
    assert re.findall(r"void (\w+)\(", source) == [
        "nameOfDayAbove7ThrowsIllegalArgumentException", "nameReturnsExpected", "fromFlagReturnsExpected",
        "parseReturnsExpected", "parseThrowsNullPointerException", "isWeekendReturnsExpected"]
    assert '    @ParameterizedTest(name = "name({0}) returns {1}")' in source
    assert '            "1, \'Monday\'",' in source and "    void nameReturnsExpected(int day, String expected) {" in source
    plain_source = plain.read_text()
    assert "ParameterizedTest" not in plain_source and "params" not in plain_source
    assert len(re.findall(r"@Test\n", plain_source)) == report.tests_written == 28
    # Told apart by their inputs where the outcome alone does not: isWeekend(6) and isWeekend(7) are both true.
    assert "void isWeekendOf6ReturnsTrue()" in plain_source and "void isWeekendOf7ReturnsTrue()" in plain_source


def test_folded_tests_pass_and_check_as_much_as_the_plain_ones(suites, basics_classes: Path, tmp_path: Path) -> None:
    folded_dir, plain_dir, report = suites
    for folder in (folded_dir, plain_dir):
        run = compile_and_run([folder / TEST_FILE], basics_classes, tmp_path / folder.name)
        assert run.returncode == 0, run.stdout[-3000:]
        assert "28 tests successful" in run.stdout
    folded, plain, _ = mutate_suites([folded_dir, plain_dir], [basics_classes], [WEEKDAY], tmp_path / "mutate",
                                     Timeouts())
    assert (folded.score().killed, folded.score().total) == (plain.score().killed, plain.score().total)
    assert folded.score().killed == folded.score().total


def test_two_runs_write_the_same_bytes(suites, basics_classes: Path, tmp_path: Path) -> None:
    folded_dir, _, _ = suites
    _folded(basics_classes, tmp_path, coverage=False)
    assert (tmp_path / TEST_FILE).read_bytes() == (folded_dir / TEST_FILE).read_bytes()
