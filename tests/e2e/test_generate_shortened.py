"""Minimal tests by kills end to end on the containers' BinSearchTree (issue 9, item 3): with
`--select-assertions`, tests are also cut without calls of the class under test (the longer test on
trial) and their large inputs moved small; on the same search (an execution budget) the minimised
suite kills at least what the unminimised one kills, with no more statements, reads no number a
search picked from the whole int range, and passes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.strength import suite_shape
from jtc.config import Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites

from junit_run import compile_and_run

pytestmark = pytest.mark.slow
TREE = "com.example.containers.BinSearchTree"
TEST_FILE = Path("com/example/containers/BinSearchTreeTest.java")


def _generate(classes: Path, output: Path, minimise: bool) -> ClassReport:
    settings = Settings(classpath=(str(classes),), output_dir=output, time_budget=120.0, max_executions=150, seed=0,
                        fold=False, select_assertions=True, minimise=minimise)  # an execution budget: the same search
    [(_, report)] = list(generate(settings, [TREE]))
    assert isinstance(report, ClassReport), report
    return report


def test_tests_cut_by_kills_check_as_much_with_fewer_statements(containers_classes: Path, tmp_path: Path) -> None:
    plain_dir, minimal_dir = tmp_path / "plain", tmp_path / "minimal"
    plain, minimal = _generate(containers_classes, plain_dir, False), _generate(containers_classes, minimal_dir, True)
    assert plain.dropped == [] and minimal.dropped == []
    assert minimal.branch == plain.branch and minimal.line == plain.line
    plain_suite, minimal_suite, _ = mutate_suites([plain_dir, minimal_dir], [containers_classes], [TREE],
                                                  tmp_path / "mutate", Timeouts())
    assert minimal_suite.score().killed >= plain_suite.score().killed
    assert suite_shape(minimal_dir)["statements_per_test"] <= suite_shape(plain_dir)["statements_per_test"]
    source = (minimal_dir / TEST_FILE).read_text()
    # Every test makes its tree the same way: once, in @BeforeEach.
    assert "    @BeforeEach\n    void setUp() {\n        binSearchTree = new BinSearchTree();\n    }" in source
    run = compile_and_run([minimal_dir / TEST_FILE], containers_classes, tmp_path / "run")
    assert run.returncode == 0, run.stdout[-3000:]
    assert f"{len(re.findall(r'@Test', source))} tests successful" in run.stdout
