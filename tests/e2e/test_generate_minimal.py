"""Minimal tests end to end on the dungeon's Level (issue 9, item 3): every test parses a map with
factories the search built twice and took the level back out of the game it started. Minimised,
the tests build each factory once, observe the level under one name, state an observer's answer
once per set-up, and name what they return by the declared type; they pass, and cover and kill as
much as the same search's tests unminimised (`--no-minimise`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites

from tests.conftest import ROOT, compile_java

pytestmark = pytest.mark.slow
LEVEL = "com.example.dungeon.level.Level"
TEST_FILE = Path("com/example/dungeon/level/LevelTest.java")


def _generate(classes: Path, output: Path, minimise: bool) -> ClassReport:
    settings = Settings(select_assertions=False, classpath=(str(classes),), output_dir=output, time_budget=120.0, max_executions=60, seed=0,
                        fold=False, minimise=minimise)  # an execution budget: the same search both times
    [(_, report)] = list(generate(settings, [LEVEL]))
    assert isinstance(report, ClassReport), report
    return report


@pytest.fixture(scope="module")
def suites(tmp_path_factory: pytest.TempPathFactory) -> tuple[ClassReport, ClassReport, list]:
    classes = compile_java(ROOT / "sample-projects" / "dungeon" / "src" / "main" / "java", tmp_path_factory.mktemp("dg"))
    plain_dir, minimal_dir = tmp_path_factory.mktemp("plain"), tmp_path_factory.mktemp("minimal")
    plain, minimal = _generate(classes, plain_dir, False), _generate(classes, minimal_dir, True)
    scores = mutate_suites([plain_dir, minimal_dir], [classes], [LEVEL], tmp_path_factory.mktemp("mutate"), Timeouts())
    return plain, minimal, scores


def test_minimal_tests_build_each_object_once_and_check_as_much(suites) -> None:
    plain, minimal, scores = suites
    assert plain.dropped == [] and minimal.dropped == []
    figures = minimal.minimising
    assert figures is not None and figures.statements_after < figures.statements_before
    assert minimal.tests_written <= plain.tests_written
    assert minimal.branch == plain.branch and minimal.line == plain.line
    plain_score, minimal_score = (suite.score().killed for suite in scores[:2])
    assert minimal_score >= plain_score


def test_minimal_tests_read_as_a_person_writes_them(suites) -> None:
    plain, minimal, _ = suites
    plain_source, source = (Path(report.test_file).read_text() for report in (plain, minimal))  # type: ignore[arg-type]
    bodies = re.findall(r"void \w+\(\) \{\n(.*?)\n    \}", source, re.S)
    plain_bodies = re.findall(r"void \w+\(\) \{\n(.*?)\n    \}", plain_source, re.S)
    assert sum(body.count("\n") for body in bodies) < sum(body.count("\n") for body in plain_bodies)
    for body in bodies:
        made = re.findall(r"= (new \w+\(.*?\));", body)
        assert len(made) == len(set(made)), body  # no equal factory made twice
        assert "level2" not in body and ".getLevel()" not in body, body  # the level, under one name
    assert not re.search(r"void \w+ReturnsUnmodifiable\w*\(", source)  # names say the declared List
    # An observer's answer is stated once per set-up, not after every getter: a test states it again
    # only once a call changed it (a hero at 10/10 hit points, then at 7/10).
    for body in bodies:
        stated = [line.strip() for line in body.splitlines() if ".getHeroes().toString());" in line]
        assert len(stated) == len(set(stated)), body
