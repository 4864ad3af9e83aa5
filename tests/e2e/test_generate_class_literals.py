"""A `Class<T>` argument (the real-projects issue: the dungeon's `Inventory.take(Class<T>)` needs
`Gold.class`). `gr.Pouch.take(Class<T extends Loot>)` returns the first loot of the class asked for:
a coin is found by `Coin.class` and `Loot.class`, not by `Gem.class`, and an empty pouch finds
nothing. The class literals of the bound's classes are the argument's values; the harness loads
them from the execution's class loader, so that `kind.isInstance(item)` tells the loot apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.pipeline.report import ClassReport

from junit_run import assert_written_tests_pass, generate_unfolded

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def report(graphs_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> ClassReport:
    return generate_unfolded(graphs_classes, tmp_path_factory.mktemp("generated"), "gr.Pouch", 100)


def test_every_branch_of_a_method_taking_a_class_is_reached(report: ClassReport) -> None:
    assert report.branch == (4, 4) and report.line == (8, 8)
    assert report.dropped == [] and report.search.divergences == {}


def test_the_tests_pass_class_literals(report: ClassReport) -> None:
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert "pouch.take(Gem.class)" in source or "pouch.take(Coin.class)" in source
    assert "Class " not in source  # passed where it is used, never a local


def test_the_generated_tests_compile_and_pass(report: ClassReport, graphs_classes: Path, tmp_path: Path) -> None:
    assert_written_tests_pass([report], graphs_classes, tmp_path)
