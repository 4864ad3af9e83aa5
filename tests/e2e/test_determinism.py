"""Same seed and execution budget, same tests: byte-identical output for a class explored through sequences."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport


def _generate(classes: Path, output: Path) -> str:
    settings = Settings(select_assertions=False, classpath=(str(classes),), output_dir=output, time_budget=120.0, seed=7, max_executions=300,
                        measure_coverage=False)
    [(_, report)] = list(generate(settings, ["com.example.containers.BinSearchTree"]))
    assert isinstance(report, ClassReport) and report.search.stopped_by == "executions"
    return Path(report.test_file).read_text()  # type: ignore[arg-type]


@pytest.mark.slow
def test_two_runs_with_one_seed_write_the_same_class(containers_classes: Path, tmp_path: Path) -> None:
    assert _generate(containers_classes, tmp_path / "first") == _generate(containers_classes, tmp_path / "second")
