"""Members that have not run yet come before the branches of those that have.

The first run of a member covers outcomes throughout it, a solved branch flips one: on a class
with many members (commons-lang3 StringUtils has about 200) exploring the first members' branches
to the end left most members never run within the budget.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.pipeline import generate as generate_module
from jtc.config import Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from jtc.model.program import Invoke


def test_every_member_runs_before_the_first_members_branches_are_exhausted(
        basics_classes: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Overflow's four members have two or three branches each: with new candidates every other
    step, all four run within seven executions."""
    monkeypatch.setattr(generate_module, "write", lambda *args, **kwargs: None)
    settings = Settings(select_assertions=False, classpath=(str(basics_classes),), output_dir=tmp_path, time_budget=60.0,
                        max_executions=7, measure_coverage=False)
    report = dict(generate(settings, ["com.example.basics.Overflow"]))["com.example.basics.Overflow"]
    assert isinstance(report, ClassReport), report
    last = [e.program[-1] for e in report.search.executions]
    ran = {(s.name, s.desc) for s in last if isinstance(s, Invoke)}
    assert len(ran) == 4, ran
