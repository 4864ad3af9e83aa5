"""A class made only by a parser of structured input (the real-projects issue: a dungeon `Level` from
`MapParser.parseMap(List<String>)`): the parser's valid inputs, found by a sub-search of it, make
the objects whose branches the class under test takes. `gr.Floor` comes only from
`Floors.parse(List<String>)`, which rejects any row with an unknown square or without one start."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.config import AccessOptions, Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import assert_written_tests_pass, generate_unfolded

pytestmark = pytest.mark.slow

PUBLIC_ONLY = AccessOptions(include_non_public=False)


@pytest.fixture(scope="module")
def report(graphs_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> ClassReport:
    # Floor's constructor is the package's: with it out of reach, the parser is the way to a Floor
    return generate_unfolded(graphs_classes, tmp_path_factory.mktemp("generated"), "gr.Floor", 100, PUBLIC_ONLY)


def test_every_branch_of_a_class_made_by_a_parser_is_reached(report: ClassReport) -> None:
    assert report.branch == (4, 4) and report.line == (9, 9)
    assert report.dropped == [] and report.search.divergences == {}


def test_the_parser_gets_a_map_it_accepts_with_every_kind_of_square(report: ClassReport) -> None:
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert 'Floor floor = Floors.parse(new ArrayList<>(List.of("#.MS")));' in source


def test_the_generated_tests_compile_and_pass(report: ClassReport, graphs_classes: Path, tmp_path: Path) -> None:
    assert_written_tests_pass([report], graphs_classes, tmp_path)


def test_the_tests_do_not_depend_on_the_classes_generated_before(report: ClassReport, graphs_classes: Path,
                                                                 tmp_path: Path) -> None:
    """The sub-search has its own solver and an execution budget: after another class in the same
    process, the same valid inputs and the same tests."""
    settings = Settings(select_assertions=False, classpath=(str(graphs_classes),), output_dir=tmp_path, max_executions=100, time_budget=60.0,
                        seed=0, measure_coverage=False, fold=False,
                        access=PUBLIC_ONLY)
    reports = dict(generate(settings, ["gr.Team", "gr.Floor"]))
    after = reports["gr.Floor"]
    assert isinstance(after, ClassReport)
    assert Path(after.test_file).read_text() == Path(report.test_file).read_text()  # type: ignore[arg-type]
