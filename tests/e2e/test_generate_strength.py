"""Assertions chosen for strength, end to end: a class whose methods return nothing the tests could
check, only state that its observers show. Without the probe its tests can only say that the calls
complete; with it they assert the observers' answers, and mutation analysis counts the difference."""

from __future__ import annotations

import re

from pathlib import Path

import pytest

import jtc.pipeline.suite
from jtc.config import Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites

from junit_run import compile_and_run

pytestmark = pytest.mark.slow


def _generate(classes: Path, output: Path) -> ClassReport:
    settings = Settings(select_assertions=False, classpath=(str(classes),), output_dir=output, time_budget=20.0, seed=0,
                        measure_coverage=False)
    [(_, report)] = list(generate(settings, ["st.Tally"]))
    assert isinstance(report, ClassReport), report
    assert report.search.stopped_by == "exhausted"  # the whole search, so the suite is the same every run
    return report


@pytest.fixture(scope="module")
def suites(strength_classes: Path, tmp_path_factory: pytest.TempPathFactory) \
        -> tuple[Path, ClassReport, ClassReport, list]:
    classes = strength_classes
    before_dir, after_dir = tmp_path_factory.mktemp("before"), tmp_path_factory.mktemp("after")
    with pytest.MonkeyPatch.context() as patch:  # the suite as selection built it, unprobed
        patch.setattr(jtc.pipeline.suite, "probe_suite", lambda suite, originals, prober, limit, deadline: suite)
        before = _generate(classes, before_dir)
    after = _generate(classes, after_dir)
    scores = mutate_suites([before_dir, after_dir], [classes], ["st.Tally"], tmp_path_factory.mktemp("mutate"),
                           Timeouts())
    return classes, before, after, scores


def test_observer_assertions_kill_the_mutants_of_state(suites) -> None:
    _, before, after, (unprobed, probed, _) = suites
    assert before.tests_written == after.tests_written
    # Trend's values() and valueOf(String) are javac's, so they have no mutants.
    assert [(s.score().killed, s.score().total) for s in (unprobed, probed)] == [(6, 13), (11, 13)]
    # mean's total / count is only run with a count of 1; getCount's 1 lost its place to rarer answers
    # under the cap of observer assertions per test.
    assert sorted(f"{m.method} {m.description}" for m in probed.survivors()) == [
        "getCount()I replaced return value with 0", "mean()Ljava/lang/Integer; replaced idiv with imul"]


def test_the_probed_suite_states_values_and_passes(suites, tmp_path: Path) -> None:
    classes, _, after, _ = suites
    assert after.dropped == [] and after.masked == []
    source = Path(after.test_file).read_text()  # type: ignore[arg-type]
    assert "assertInstanceOf" not in source
    assert "assertEquals(Tally.Trend.DOWN, tally.getTrend());" in source
    assert re.search(r'assertEquals\("\[[1-9][0-9]*\]", tally\.getAmounts\(\)\.toString\(\)\);', source)
    run = compile_and_run([Path(after.test_file)], classes, tmp_path)  # type: ignore[arg-type]
    assert run.returncode == 0, run.stdout[-3000:]
    assert f"{after.tests_written} tests successful" in run.stdout
