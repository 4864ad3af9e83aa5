"""Classes that need object graphs from the whole classpath (the real-projects issue): a class made
only by a factory of another class, an abstract class under test, an interface parameter that
nothing implements (a stub in the test), a `List<T>` parameter, a `char[][]` parameter, an
iterator returned by a call, an argument that must be prepared by an inherited call first, and two
arguments of an abstract type that the code tells apart by their concrete class. Each reaches every
branch, and its tests compile and pass on their own."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.config import AccessOptions, Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import compile_and_run

pytestmark = pytest.mark.slow

CLASSES = ("Depot", "Account", "Alarm", "Team", "Grid", "Bag", "Referee", "Joust")


@pytest.fixture(scope="module")
def reports(graphs_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, ClassReport]:
    settings = Settings(select_assertions=False, classpath=(str(graphs_classes),), output_dir=tmp_path_factory.mktemp("generated"),
                        time_budget=15.0, seed=0, fold=False,  # the statements are the point
                        access=AccessOptions(include_non_public=False))  # Depot's constructor is the package's: the factory is the way
    found = {}
    for name, report in generate(settings, [f"gr.{c}" for c in CLASSES]):
        assert isinstance(report, ClassReport), f"{name}: {report}"
        found[name.rpartition(".")[2]] = report
    return found


def _source(report: ClassReport) -> str:
    return Path(report.test_file).read_text()  # type: ignore[arg-type]


@pytest.mark.parametrize("name", CLASSES)
def test_every_branch_is_reached_without_divergences_or_dropped_tests(reports: dict[str, ClassReport],
                                                                     name: str) -> None:
    report = reports[name]
    assert report.branch is not None and report.branch[0] == report.branch[1], report.branch
    assert report.dropped == [] and report.search.divergences == {}


def test_a_class_made_only_by_a_factory_of_another_class(reports: dict[str, ClassReport]) -> None:
    source = _source(reports["Depot"])
    assert "Depot depot = Depots.open(" in source and "new Depot(" not in source


def test_an_abstract_class_under_test_runs_through_its_concrete_subclass(reports: dict[str, ClassReport]) -> None:
    assert "new Savings(" in _source(reports["Account"])


def test_an_interface_nothing_implements_gets_a_stub_whose_answers_the_search_chose(
        reports: dict[str, ClassReport]) -> None:
    source = _source(reports["Alarm"])
    assert "Sensor sensor = new Sensor() {" in source and "public int reading() {" in source
    assert "return 101;" in source  # the solver's answer to `reading() > 100`


def test_a_list_parameter_gets_lists_of_its_element_type(reports: dict[str, ClassReport]) -> None:
    source = _source(reports["Team"])
    assert "new ArrayList<>(List.of(player, player2))" in source  # written where it is passed
    assert "new ArrayList<>(List.of(-1))" in source  # a negative score: the search chose the element


def test_a_grid_of_chars_is_built_row_by_row(reports: dict[str, ClassReport]) -> None:
    assert "new char[][] {" in _source(reports["Grid"])


def test_an_iterator_returned_by_a_call_has_its_methods_called(reports: dict[str, ClassReport]) -> None:
    source = _source(reports["Bag"])
    assert "Iterator<Integer> iterator = bag.iterator();" in source and "iterator.remove()" in source


def test_an_argument_is_prepared_by_a_call_whose_write_the_method_reads(reports: dict[str, ClassReport]) -> None:
    source = _source(reports["Referee"])
    assert "pawn.placeAt(4);" in source and '"centre"' in source


def test_each_concrete_kind_of_an_abstract_parameter_gets_a_recipe(reports: dict[str, ClassReport]) -> None:
    """`Horse` has four constructors as cheap as `Mule`'s one: a mule was no recipe of a `Mount`
    (9/10 branches at 60 executions before, no "rout")."""
    source = _source(reports["Joust"])
    assert 'assertEquals("rout", joust.clash(horse, mule));' in source
    assert 'assertEquals("upset", joust.clash(mule, horse));' in source


def test_written_classes_compile_and_pass_on_their_own(reports: dict[str, ClassReport], graphs_classes: Path,
                                                       tmp_path: Path) -> None:
    run = compile_and_run([Path(r.test_file) for r in reports.values()], graphs_classes, tmp_path)  # type: ignore[arg-type]
    assert run.returncode == 0, run.stdout[-3000:]
    assert f"{sum(r.tests_written for r in reports.values())} tests successful" in run.stdout
