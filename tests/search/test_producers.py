"""Producers and recipes over the object-graph fixtures and the JDK: how a value of a type is made."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.config import AccessOptions
from jtc.model.classindex import ClassIndex
from jtc.model.signatures import GenericType, plain
from jtc.search.producers import Producers
from jtc.search.recipes import RecipeBook
from jtc.search.sequences import Recipe
from jtc.toolchain import toolchain


@pytest.fixture(scope="module")
def producers(graphs_classes: Path) -> Producers:
    return Producers(ClassIndex([graphs_classes], toolchain().java_home), "gr", AccessOptions())


def _labels(recipe: Recipe) -> list[str]:
    return [step.invokable.label for step in recipe]


def test_a_class_made_only_by_another_classes_factory(producers: Producers) -> None:
    assert [(p.owner, p.name) for p in producers.of("Lgr/Depot;")] == [("gr/Depots", "open")]


def test_an_abstract_class_is_made_through_its_subclass(producers: Producers) -> None:
    assert [(p.owner, p.name) for p in producers.of("Lgr/Account;")] == [("gr/Savings", "<init>")]


def test_jdk_types_come_from_members_that_give_the_same_value_every_run(producers: Producers) -> None:
    made = {p.label + p.desc for p in producers.of("Ljava/util/Random;")}
    assert "new Random(J)V" in made and "new Random()V" not in made  # unseeded: different every run
    assert not any(p.name == "getInstance" for p in producers.of("Ljava/util/Calendar;"))  # the clock
    assert any(p.owner == "java/util/GregorianCalendar" for p in producers.of("Ljava/util/Calendar;"))


def test_an_interface_nothing_implements_is_stubbed_with_its_abstract_methods(producers: Producers) -> None:
    assert producers.stubbable("Lgr/Sensor;")
    assert [a.key for a in producers.abstract_methods("Lgr/Sensor;")] == ["active()Z", "reading()I"]
    [recipe] = RecipeBook(producers).recipes(plain("Lgr/Sensor;"))
    assert _labels(recipe) == ["stub Sensor"] and recipe[0].helper


def test_a_list_gets_elements_of_its_generic_type(producers: Producers) -> None:
    players = GenericType("Ljava/util/List;", (plain("Lgr/Player;"),))
    recipes = RecipeBook(producers).recipes(players)
    assert [_labels(r) for r in recipes] == [["new ArrayList"], ["new Player", "new ArrayList"],
                                             ["new Player", "new Player", "new ArrayList"]]
    assert recipes[2][-1].invokable.params == ("Lgr/Player;", "Lgr/Player;")


def test_recipes_are_cheapest_first_and_literals_need_none(producers: Producers) -> None:
    book = RecipeBook(producers)
    assert [_labels(r) for r in book.recipes(plain("Lgr/Depot;"))] == [["Depots.open"]]
    assert book.recipes(plain("Ljava/lang/Integer;")) == [] and book.recipes(plain("Ljava/lang/CharSequence;")) == []
