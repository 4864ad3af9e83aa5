"""Invokables beyond calls: public and static field stores, arrays of objects built from earlier
results, and private members through reflection (with --include-private)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.config import AccessOptions, Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import compile_and_run


@pytest.fixture(scope="module")
def board(sequences_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ClassReport]:
    classes = sequences_classes
    settings = Settings(select_assertions=False, classpath=(str(classes),), output_dir=tmp_path_factory.mktemp("generated"),
                        time_budget=20.0, seed=2, access=AccessOptions(include_private=True))
    [(_, report)] = list(generate(settings, ["seq.Board"]))
    assert isinstance(report, ClassReport), report
    return classes, report


@pytest.mark.slow
def test_stores_arrays_and_private_calls_reach_every_branch(board: tuple[Path, ClassReport]) -> None:
    _, report = board
    assert report.dropped == []
    assert report.branch is not None and report.branch[0] == report.branch[1]
    assert report.search.divergences == {}
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert ".width = " in source and "Board.limit = " in source
    assert "new Cell[] {" in source and "new Cell[][] {" in source
    assert 'invokeDeclared(Class.forName("seq.Board"), board, "unlock"' in source


@pytest.mark.slow
def test_written_class_compiles_and_passes_on_its_own(board: tuple[Path, ClassReport], tmp_path: Path) -> None:
    classes, report = board
    run = compile_and_run([Path(report.test_file)], classes, tmp_path)  # type: ignore[arg-type]
    assert run.returncode == 0, run.stdout[-3000:]
    assert f"{report.tests_written} tests successful" in run.stdout
