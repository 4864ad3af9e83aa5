"""Scenarios aimed at open branches (issue 24): a loans desk refuses a member with too much debt only
after a life cycle (an item added, checked out, kept past its due day, given back late, the same
member back for another), and lists overdue loans only once days passed a due day. A short search
of public members (no `member.charge(11)` to cut it short) leaves both open; the scenarios reach
them, and the tests written, compiled and run reach them too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jtc.config import AccessOptions, Settings, StageBudgets
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import compile_and_run

pytestmark = pytest.mark.slow

DEBT_REFUSED, OVERDUE_LISTED = 53, 89  # lines of tests/fixtures/keepers/kp/LoanDesk.java


def test_the_life_cycle_a_scenario_found_is_a_written_passing_test(keepers_classes: Path, tmp_path: Path) -> None:
    settings = Settings(classpath=(str(keepers_classes),), output_dir=tmp_path / "tests", time_budget=20.0,
                        max_executions=300, seed=0, access=AccessOptions(include_non_public=False),
                        budgets=StageBudgets(scenarios_share=1.0))  # up to 20 s: it ends once both are reached
    [(_, report)] = list(generate(settings, ["kp.LoanDesk"]))
    assert isinstance(report, ClassReport) and report.test_file is not None, report
    assert report.coverage is not None
    for line in (DEBT_REFUSED, OVERDUE_LISTED):
        measured = report.coverage.line_at(line)
        assert measured is not None and measured.executed, (line, report.unreached)
    source = Path(report.test_file).read_text()
    assert "too much debt" in source and "charge(" not in source
    assert re.search(r'assertEquals\("\[\w*\]", loanDesk\.overdue\(\)\.toString\(\)\)', source), source
    run = compile_and_run([Path(report.test_file)], keepers_classes, tmp_path / "run")
    assert run.returncode == 0 and f"{report.tests_written} tests successful" in run.stdout, run.stdout[-3000:]
