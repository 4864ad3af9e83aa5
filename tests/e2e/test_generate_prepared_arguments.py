"""Arguments prepared for what the method reads (issue 34, item 1): a run whose branches depend on
the state of an object it was given grows that object's preparation by the calls that write what
those branches read, with values the solver joins to the method's own inputs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jtc.pipeline.report import ClassReport

from junit_run import assert_written_tests_pass, generate_unfolded

pytestmark = pytest.mark.slow


def _source(report: ClassReport) -> str:
    return Path(report.test_file).read_text()  # type: ignore[arg-type]


def test_options_registered_on_the_parameter_object_are_named_by_the_tokens(
        prepared_classes: Path, tmp_path: Path) -> None:
    """`parse(options, tokens)` looks each token up in the options it is given: an option is
    registered on the options (`addOption`, whose `put` into a map field writes what the lookups
    read) and a token names it (`-A`, `-AB` for a value, `--long`), the two one value of the path;
    the token array grows by a token (an option's value after it)."""
    report = generate_unfolded(prepared_classes, tmp_path, "pa.Parser", 400)
    covered, total = report.branch
    assert total == 30 and covered >= 29, report.branch  # 28 before token arrays grew (lengthened)
    source = _source(report)
    assert re.search(r'new String\[\] \{"-[^"]*", "', source)  # an option, then a value or a token more
    assert ".addOption(" in source and "takes no value" in source
    assert_written_tests_pass([report], prepared_classes, tmp_path / "run")


def test_an_actor_reads_the_world_it_is_placed_in(prepared_classes: Path, tmp_path: Path) -> None:
    """`next(hunter, prey)` reads the world both stand in and what else stands there: both are
    placed in one world (`placeIn`, the world the sequence holds), and walls are added to it."""
    report = generate_unfolded(prepared_classes, tmp_path, "pa.Pursuit", 300)
    covered, total = report.branch
    assert total == 22 and covered >= 20, report.branch
    source = _source(report)
    assert "hunter.placeIn(world, " in source and "prey.placeIn(world, " in source
    assert "Pursuit.Step.NORTH" in source or "Pursuit.Step.SOUTH" in source
    assert_written_tests_pass([report], prepared_classes, tmp_path / "run")


def test_two_amounts_that_must_share_a_currency(prepared_classes: Path, tmp_path: Path) -> None:
    """Each utility checks that its two amounts are in one currency before it computes: both
    amounts get the same currency, and a mismatch is a test of its own."""
    report = generate_unfolded(prepared_classes, tmp_path, "pa.MoneyUtils", 300)
    assert report.branch == (16, 16)
    assert "currency mismatch" in _source(report)
    assert_written_tests_pass([report], prepared_classes, tmp_path / "run")
