"""`--target`: the search aimed at a line reaches it sooner than the default search and stops there,
with a test that runs it; and every class reports its unreached lines, unreachable ones (proved
unsat, with the condition in Java) apart from those not reached within the budget."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from jtc.config import LineTarget, Settings
from jtc.errors import ExitCode
from jtc.execution.runs import Execution
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from jtc.reach.unreached import UnreachedLine, Why

pytestmark = pytest.mark.slow

VAULT = 80  # `return "vault";` in am/Dial.java, three comparisons deep in Dial's last member
DEAD = 7  # `return -1;` behind `if (x > 5 && x < 3)` in am/Dead.java


def _generate(classes: Path, output: Path, name: str, max_executions: int,
              target: LineTarget | None = None) -> ClassReport:
    settings = Settings(classpath=(str(classes),), output_dir=output, select_assertions=False, measure_coverage=False,
                        max_executions=max_executions, target=target)
    [(_, report)] = list(generate(settings, [name]))
    assert isinstance(report, ClassReport), report
    return report


def _first_reaching(executions: list[Execution], line: int) -> int | None:
    for execution in executions:
        if execution.replay is not None and any(
                flag and method.lines[index] == line
                for method, flags in execution.replay.visited.items() for index, flag in enumerate(flags)):
            return execution.index
    return None


def jtc(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jtc.cli", "generate", "--quick", "--no-coverage", "--no-cache",
                           "-j", "1", *args], capture_output=True, text=True, cwd=cwd, timeout=600)


def test_the_target_is_reached_with_fewer_executions_and_stops_the_search(aiming_classes: Path, tmp_path: Path):
    default = _generate(aiming_classes, tmp_path / "default", "am.Dial", 200)
    aimed = _generate(aiming_classes, tmp_path / "aimed", "am.Dial", 200, LineTarget(VAULT, class_name="am.Dial"))
    default_first = _first_reaching(default.search.executions, VAULT)
    assert default_first is not None and default.search.stopped_by == "exhausted"
    assert aimed.search.stopped_by == "target"
    assert aimed.search.target_reached == _first_reaching(aimed.search.executions, VAULT)
    assert aimed.search.target_reached is not None
    # measured: the 4th execution against the default's 26th
    assert 3 * (aimed.search.target_reached + 1) < default_first + 1
    assert len(aimed.search.executions) == aimed.search.target_reached + 1
    assert '"vault"' in Path(aimed.test_file).read_text()  # type: ignore[arg-type]
    assert VAULT not in [u.line for u in aimed.unreached]


def test_a_line_in_a_private_helper_is_reached_through_the_call_that_may_run_it(aiming_classes: Path,
                                                                              tmp_path: Path):
    line = 37  # `return 42;` in Relay's private `deep`, which only `route` calls
    default = _generate(aiming_classes, tmp_path / "default", "am.Relay", 200)
    aimed = _generate(aiming_classes, tmp_path / "aimed", "am.Relay", 200, LineTarget(line, source="Relay.java", class_name="am.Relay"))
    default_first = _first_reaching(default.search.executions, line)
    assert default_first is not None and aimed.search.stopped_by == "target"
    assert aimed.search.target_reached is not None and aimed.search.target_reached < default_first
    assert "42" in Path(aimed.test_file).read_text()  # type: ignore[arg-type]


def test_within_a_budget_the_default_search_misses_the_line_that_the_aimed_one_reaches(aiming_classes: Path,
                                                                                      tmp_path: Path):
    budget = 8
    default = _generate(aiming_classes, tmp_path / "default", "am.Dial", budget)
    assert default.search.stopped_by == "executions"
    assert UnreachedLine(VAULT, Why.NOT_REACHED) in default.unreached
    assert '"vault"' not in Path(default.test_file).read_text()  # type: ignore[arg-type]
    run = jtc("--classpath", str(aiming_classes), "--output", str(tmp_path / "out"), "--max-executions", str(budget),
              "--target", "Dial.java:80", cwd=tmp_path)  # the class comes from the file's name
    assert run.returncode == 0, run.stderr
    assert "stopped: target" in run.stdout and "  target: line 80 reached on execution 4" in run.stdout
    assert '"vault"' in (tmp_path / "out" / "am" / "DialTest.java").read_text()
    short = jtc("--classpath", str(aiming_classes), "--output", str(tmp_path / "short"), "--max-executions", "2",
                "--target", "am.Dial#unlock:80", cwd=tmp_path)
    assert "  target: line 80 not reached" in short.stdout and "stopped: executions" in short.stdout
    assert re.search(r"not reached within the budget: lines [-\d, ]*\b79-80\b", short.stdout), short.stdout


def test_a_dead_line_is_reported_unreachable_with_its_condition(aiming_classes: Path, tmp_path: Path):
    report = tmp_path / "report.json"
    run = jtc("--classpath", str(aiming_classes), "--output", str(tmp_path / "out"), "--report", str(report),
              "am.Dead", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert f"  unreachable: line {DEAD}, its condition is unsat: x > 5 && x < 3" in run.stdout.splitlines()
    assert "not reached within the budget" not in run.stdout
    [found] = json.loads(report.read_text())["classes"]
    assert found["unreached"] == [{"line": DEAD, "why": "unreachable", "condition": "x > 5 && x < 3"}]


@pytest.mark.parametrize("target,words", [
    ("Dial.java:2", "--target: line 2 of Dial.java has no code (lines with code: 6, 8-9,"),
    ("am.Dial#unlock:9", "--target: line 9 of am.Dial#unlock has no code (lines with code: 77-80, 82, 84, 86)"),
    ("am.Dial#open:80", "--target: am.Dial declares no method open"),
    ("DeadHelper.java:16", "--target: DeadHelper.java is not the source of am.DeadHelper (its source file is "
                           "Dead.java)"),
    ("Vault.java:3", "--target: no class of the classpath is named after Vault.java"),
    ("am.Dial:x", "--target must be FILE.java:LINE or CLASS[#METHOD]:LINE with a line number from 1 (got 'am.Dial:x')"),
])
def test_a_bad_target_is_one_line_of_usage_error(aiming_classes: Path, tmp_path: Path, target: str, words: str):
    run = jtc("--classpath", str(aiming_classes), "--output", str(tmp_path / "out"), "--target", target, cwd=tmp_path)
    assert run.returncode == ExitCode.USAGE
    assert "Traceback" not in run.stderr + run.stdout
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"jtc: error: {words}"), run.stderr
