"""Comparisons that library calls make are decisions (issue 34, item 2), end to end on
tests/fixtures/caps.

`caps.Payroll` caps the weekly pay with `Math.min(2000, …)` and no branch of its own: the search
aims at the capped side, a test on each side is kept (by coverage of the comparison, and by the
mutation-based choice of tests), its assertion states the cap, and `jtc diff` tells v1 from v2,
which differ only in the cap. `bonus` has a `Math.min` whose capped side the check before it rules
out: no line is reported unreached for it, and JaCoCo counts no branch there. `caps.Thermostat`
keeps its target in range with `Math.max(5, Math.min(degrees, 30))` and answers with `Math.abs` and
`Integer.compare`: tests show both bounds and all three answers of compare.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.errors import ExitCode
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from tests.conftest import ROOT, compile_java

from junit_run import compile_and_run

pytestmark = pytest.mark.slow

FIXTURES = ROOT / "tests" / "fixtures" / "caps"


@pytest.fixture(scope="module")
def versions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("caps")
    return {version: compile_java(FIXTURES / version, root / version) for version in ("v1", "v2")}


@pytest.fixture(scope="module")
def reports(versions: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, ClassReport]:
    settings = Settings(classpath=(str(versions["v1"]),), output_dir=tmp_path_factory.mktemp("generated"),
                        time_budget=30.0, seed=0)
    found = dict(generate(settings, ["caps.Payroll", "caps.Thermostat"]))
    assert all(isinstance(report, ClassReport) for report in found.values()), found
    return found  # type: ignore[return-value]


def _returned(source: str, call: str) -> dict[str, int]:
    """The arguments of each `assertEquals(value, <call>(argument))` with the value stated."""
    return {argument: int(value) for value, argument in
            re.findall(rf"assertEquals\((-?\d+), {re.escape(call)}\((-?\d+)\)\);", source)}


def test_each_side_of_a_cap_has_a_test_that_states_its_value(reports: dict[str, ClassReport], versions, tmp_path):
    report = reports["caps.Payroll"]
    assert report.exit_code == ExitCode.OK and report.branch is not None
    assert report.branch[0] >= 0.9 * report.branch[1], report.branch
    assert report.branch[1] == 6  # the two `if`s and the constructor's: min and max add none
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    weekly = _returned(source, "payroll.weekly")
    assert 2000 in weekly.values(), source  # the capped side, its value stated
    assert any(0 <= value < 2000 for value in weekly.values()), source  # under the cap
    assert report.unreached == []  # bonus's capped side is ruled out, and is no line
    assert report.search.divergences == {}
    run = compile_and_run([Path(report.test_file)], versions["v1"], tmp_path / "run")  # type: ignore[arg-type]
    assert run.returncode == 0 and f"{report.tests_written} tests successful" in run.stdout, run.stdout[-3000:]


def test_both_bounds_of_a_range_and_every_answer_of_compare_are_shown(reports: dict[str, ClassReport], versions,
                                                                      tmp_path):
    report = reports["caps.Thermostat"]
    assert report.exit_code == ExitCode.OK and report.branch == (2, 2)
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert {5, 30} <= set(_returned(source, "thermostat.set").values()), source
    direction = set(_returned(source, "thermostat.direction").values())
    direction |= {int(row) for row in re.findall(r'"-?\d+, (-?\d+)"', source)}  # a parameterized test's rows
    assert direction == {-1, 0, 1}, source
    run = compile_and_run([Path(report.test_file)], versions["v1"], tmp_path / "run")  # type: ignore[arg-type]
    assert run.returncode == 0, run.stdout[-3000:]


def test_diff_tells_two_caps_apart(versions: dict[str, Path], tmp_path: Path):
    run = subprocess.run([sys.executable, "-m", "jtc.cli", "diff", "--quick", "--time-budget", "10", "-j", "1",
                          "-cp", str(versions["v1"]), "--against", str(versions["v2"]), "-o", str(tmp_path / "out"),
                          "--json", str(tmp_path / "diff.json"), "caps.Payroll"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert run.returncode == ExitCode.DIFFERENCES, run.stdout + run.stderr
    members = [entry["member"] for entry in json.loads((tmp_path / "diff.json").read_text())["members"]]
    assert members == ["caps.Payroll.weekly(int)"]
    assert "was returns 2000; now AssertionFailedError: expected: <2000> but was: <2500>" in run.stdout
