"""Enum arguments (the real-projects issue: the dungeon's `level.moveHero(hero, Direction.EAST)` after
`registerHero` and `start`). `gr.Rover.drive(Heading)` does something only once started, and
something else only for `WEST` and `SOUTH`: every constant of an enum is a plainest choice, so
`rover.start(); rover.drive(Heading.WEST)` costs what `drive(Heading.NORTH)` costs, and a small
execution budget reaches every branch."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.errors import NotTestableError
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import assert_written_tests_pass, generate_unfolded

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def report(graphs_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> ClassReport:
    return generate_unfolded(graphs_classes, tmp_path_factory.mktemp("generated"), "gr.Rover", 12)


def test_every_branch_behind_a_started_rover_and_a_later_constant_is_reached(report: ClassReport) -> None:
    assert report.branch == (6, 6)
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert 'assertEquals("home", rover.drive(Heading.WEST));' in source
    assert 'assertEquals("down", rover.drive(Heading.SOUTH));' in source


def test_the_generated_tests_compile_and_pass(report: ClassReport, graphs_classes: Path, tmp_path: Path) -> None:
    assert_written_tests_pass([report], graphs_classes, tmp_path)


def test_an_enums_compiler_written_members_are_not_under_test(strength_classes: Path, graphs_classes: Path,
                                                               tmp_path: Path) -> None:
    """`values()`/`valueOf(String)` are javac's, not the project's: the tally's tests never call its
    nested enum's, and an enum with nothing but constants is refused with that reason."""
    tally = generate_unfolded(strength_classes, tmp_path, "st.Tally", 20)
    source = Path(tally.test_file).read_text()  # type: ignore[arg-type]
    assert "Tally.Trend.UP" in source or "Tally.Trend.DOWN" in source
    assert "valueOf(" not in source and ".values()" not in source
    settings = Settings(select_assertions=False, classpath=(str(graphs_classes),), output_dir=tmp_path, max_executions=4, seed=0)
    [(_, refusal)] = list(generate(settings, ["gr.Heading"]))
    assert isinstance(refusal, NotTestableError)
    assert "nothing to call but what the compiler writes" in str(refusal)
