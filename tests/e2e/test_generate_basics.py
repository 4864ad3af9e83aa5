"""End to end on the basics sample: generate → javac → two JUnit runs → JaCoCo.

For every single-method subject the written test class must compile and pass (validation drops
nothing), reach every feasible branch and line that the hand-written reference tests reach
(sample-projects/basics/expected-coverage.json, measured with JaCoCo), and the search must have
no divergence and no replay desync.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import assert_written_tests_pass

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = json.loads((ROOT / "sample-projects" / "basics" / "expected-coverage.json").read_text())["classes"]
SUBJECTS = ["Bmi", "Gcd", "ArrayIndex", "SafeDivide", "Weekday", "Overflow", "Conversions", "Thresholds",
            "FloatEdge", "Strings", "ArraySum", "Buffer"]


@pytest.fixture(scope="module")
def reports(basics_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, ClassReport]:
    output = tmp_path_factory.mktemp("generated")
    settings = Settings(select_assertions=False, classpath=(str(basics_classes),), output_dir=output, time_budget=30.0, seed=1)
    results = dict(generate(settings, [f"com.example.basics.{name}" for name in SUBJECTS]))
    failures = {name: str(result) for name, result in results.items() if not isinstance(result, ClassReport)}
    assert not failures
    return results  # type: ignore[return-value]


@pytest.mark.slow
@pytest.mark.parametrize("subject", SUBJECTS)
def test_generated_tests_reach_every_feasible_branch(reports: dict[str, ClassReport], subject: str):
    name = f"com.example.basics.{subject}"
    report, expected = reports[name], EXPECTED[name]
    assert report.dropped == [], report.dropped
    assert report.tests_written >= 1 and report.test_file is not None
    assert report.branch == (expected["branches"]["covered"], expected["branches"]["total"])
    assert report.line == (expected["lines"]["covered"], expected["lines"]["total"])
    assert report.search.divergences == {}
    assert report.search.infeasible_reached == 0
    assert all(e.replay is not None and e.replay.desync is None for e in report.search.executions)


@pytest.mark.slow
def test_written_classes_compile_and_pass_on_their_own(reports: dict[str, ClassReport], basics_classes: Path,
                                                        tmp_path: Path):
    """Independently of jtc's own validation: javac the written files and run them all once."""
    assert_written_tests_pass(reports.values(), basics_classes, tmp_path)


@pytest.mark.slow
def test_a_class_whose_branches_are_all_covered_stops_before_its_budget(reports: dict[str, ClassReport]):
    """ArraySum's loop has a path per array length; once every branch went both ways and a grace of
    further executions found nothing new, the search ends instead of walking the other paths."""
    search = reports["com.example.basics.ArraySum"].search
    assert search.stopped_by == "covered"
    assert len(search.executions) >= 100  # the grace period: at least GRACE_EXECUTIONS after the last gain
