"""Objects taken out of other objects (the real-projects issue: the dungeon's `ChaseMove` needs a
monster of a parsed level, `Level.moveHero` the hero the level registered). `gr.Howl.of(Wolf)` takes
a wolf that only a parsed den holds (`Dens.parse(text).getWolves().get(0)`, a recipe's object);
`gr.Kennel.feed(Dog)` feeds only a dog it adopted, reached through the kennel's own
`getDogs()` (a sequence's object), `gr.Litter.nurse(Cub)` only a cub of the set `getCubs()` returns.
None of `Wolf`, `Dog` and `Cub` has a public constructor. `gr.Arena.duel(Knight)` fights only a knight
it enlisted once it is open, though `new Knight(name)` makes any knight: what the receiver holds comes
before a fresh one, and the search moves on to longer sequences while the knight's name, read letter
by letter, only opens branches of `Knight`."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.config import AccessOptions, Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import assert_written_tests_pass

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def reports(graphs_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, ClassReport]:
    settings = Settings(select_assertions=False, classpath=(str(graphs_classes),), output_dir=tmp_path_factory.mktemp("generated"),
                        max_executions=100, time_budget=60.0, seed=0,
                        fold=False, minimise=False,  # the statements are the point (minimised: the dog fed)
                        access=AccessOptions(include_non_public=False))  # the graph's objects as its public API gives them
    found = dict(generate(settings, ["gr.Howl", "gr.Kennel", "gr.Litter"]))
    assert all(isinstance(report, ClassReport) for report in found.values()), found
    return found  # type: ignore[return-value]


def test_elements_of_a_parsed_graph_reach_the_branches_of_their_consumer(reports: dict[str, ClassReport]) -> None:
    """The first wolf of "zW" sleeps, the second howls with its pack; a lone wolf awake ("W", the
    `solo` branch) is no valid input kept."""
    howl = reports["gr.Howl"]
    assert howl.branch == (3, 4) and howl.line == (4, 4)
    source = Path(howl.test_file).read_text()  # type: ignore[arg-type]
    assert 'Den den = Dens.parse("zW");' in source and "howl.of((Wolf) wolves.get(1))" in source


def test_an_object_reached_through_a_getter_of_the_sequence_s_object(reports: dict[str, ClassReport]) -> None:
    kennel = reports["gr.Kennel"]
    assert kennel.branch == (4, 4) and kennel.line == (9, 9)
    source = Path(kennel.test_file).read_text()  # type: ignore[arg-type]
    assert "List<Dog> dogs = kennel.getDogs();" in source and "kennel.feed((Dog) dogs.get(0))" in source
    assert 'assertEquals("full", kennel.feed(' in source


def test_an_element_of_a_returned_set_is_taken_by_its_iterator(reports: dict[str, ClassReport]) -> None:
    litter = reports["gr.Litter"]
    assert litter.branch == (4, 4) and litter.line == (8, 8)
    source = Path(litter.test_file).read_text()  # type: ignore[arg-type]
    assert "Set<Cub> cubs = litter.getCubs();" in source and "litter.nurse((Cub) cubs.iterator().next())" in source


@pytest.fixture(scope="module")
def arena(graphs_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> ClassReport:
    settings = Settings(select_assertions=False, classpath=(str(graphs_classes),), output_dir=tmp_path_factory.mktemp("arena"),
                        max_executions=200, time_budget=120.0, seed=0, fold=False, minimise=False)
    [(_, report)] = list(generate(settings, ["gr.Arena"]))
    assert isinstance(report, ClassReport), report
    return report


def test_an_argument_the_receiver_holds_comes_before_a_fresh_one(arena: ClassReport) -> None:
    """Every outcome, the second duel of one knight too ("veteran", one call longer: grown out of
    the run of the first duel; 7 of 8 before runs were grown); before the receiver's objects came
    first and stalled nodes gave way to new sequences, 4 of 8 (3 of 8 with the first alone, 5 of 8
    with the second alone)."""
    assert arena.branch == (8, 8) and arena.line == (14, 14)
    source = Path(arena.test_file).read_text()  # type: ignore[arg-type]
    assert 'assertEquals("fought", arena.duel((Knight) knights.get(0)));' in source
    assert "arena.enlist(knight);" in source and "arena.open();" in source


def test_the_generated_tests_compile_and_pass(reports: dict[str, ClassReport], arena: ClassReport,
                                              graphs_classes: Path, tmp_path: Path) -> None:
    assert_written_tests_pass([*reports.values(), arena], graphs_classes, tmp_path)
