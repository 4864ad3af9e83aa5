"""Options declared once on the settings' fields: the parser made from them gives the settings' own
defaults, each switch sets exactly its field, and docs/commands.md's tables are the parser's."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from jtc.cli import command_line
from jtc.config import LineTarget, RunOptions, Settings, Strategy
from jtc.mutate.runner import Timeouts
from jtc.options import from_flags
from jtc.options_doc import DOC, with_current_tables


def _settings(*flags: str, command: str = "generate") -> Settings:
    args = command_line().parse_args([command, "-cp", "classes", *flags])
    return from_flags(args, Settings, command, classpath=tuple(args.classpath))


def test_no_flags_give_the_settings_defaults() -> None:
    assert _settings() == Settings(classpath=("classes",))
    assert _settings(command="diff") == Settings(classpath=("classes",))


@pytest.mark.parametrize(("flag", "path", "value"), [
    ("--quick", ("select_assertions",), False),
    ("--no-fold", ("fold",), False),
    ("--public-only", ("access", "include_non_public"), False),
    ("--include-private", ("access", "include_private"), True),
    ("--no-pruning", ("exploration", "pruning"), False),
    ("--no-partial-order-reduction", ("generation", "partial_order_reduction"), False),
])
def test_a_switch_sets_exactly_its_field(flag: str, path: tuple[str, ...], value: bool) -> None:
    settings = _settings(flag)
    expected = Settings(classpath=("classes",))
    if len(path) == 2:
        nested = dataclasses.replace(getattr(expected, path[0]), **{path[1]: value})
        expected = dataclasses.replace(expected, **{path[0]: nested})
    else:
        expected = dataclasses.replace(expected, **{path[0]: value})
    assert settings == expected


def test_values_are_parsed_as_their_fields_are_typed() -> None:
    settings = _settings("--time-budget", "2.5", "--strategy", "random", "--max-executions", "7",
                         "--max-sequence-length", "5", "--target", "com.example.Foo#bar:12", "-o", "out")
    assert (settings.time_budget, settings.strategy, settings.max_executions) == (2.5, Strategy.RANDOM, 7)
    assert settings.generation.max_length == 5
    assert settings.target == LineTarget(12, class_name="com.example.Foo", method="bar")
    assert settings.output_dir == Path("out")


def test_run_options_and_timeouts_come_from_their_flags() -> None:
    args = command_line().parse_args(["generate", "-cp", "c", "-j", "3", "--report", "r.json", "--strict"])
    options = from_flags(args, RunOptions, "generate")
    assert (options.jobs, options.report, options.strict, options.cache_dir) == (3, Path("r.json"), True,
                                                                                Path(".jtc-cache"))
    mutate = command_line().parse_args(["mutate", "-cp", "c", "--tests", "t", "X", "--timeout-factor", "2"])
    assert from_flags(mutate, Timeouts, "mutate") == Timeouts(base_s=2.0, factor=2.0)


def test_a_flag_of_generate_only_is_refused_by_diff() -> None:
    with pytest.raises(SystemExit):
        command_line().parse_args(["diff", "-cp", "c", "--no-fold"])


def test_the_option_tables_of_the_docs_are_current() -> None:
    text = DOC.read_text()
    assert "<!-- options of jtc generate" in text
    assert with_current_tables(text) == text, "run `python -m jtc.options_doc` and commit docs/commands.md"
