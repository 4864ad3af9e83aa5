"""Preparations of an argument: void calls that set what the consumer reads, and the
transformations of an immutable object (`layout.withHeader(…)`), whose result is the value."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.analysis.influence import NOTHING, Effects, FieldRef
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.calls.steps import value_of
from jtc.config import AccessOptions
from jtc.java.toolchain import toolchain
from jtc.making.preparations import Preparations
from jtc.making.producers import Producers
from jtc.making.recipes import RecipeBook
from jtc.model.classindex import ClassIndex
from jtc.model.signatures import plain

LAYOUT = "Llk/Layout;"
HEADER = FieldRef("lk/Layout", "header", "[Ljava/lang/String;", False)
STYLE = "Llk/Style;"
STRING = "Ljava/lang/String;"
BORDER = FieldRef("lk/Style", "border", "Z", False)
READ_ALL = Effects(frozenset({BORDER}), frozenset({BORDER}), frozenset(), frozenset(), frozenset(), True)  # writes and reads a border


def _effects(invokable: Invokable) -> Effects:
    """Every `with…` method builds a whole new layout; `Sheet.parse` reads the header."""
    if invokable.name.startswith("with"):
        return Effects(frozenset({HEADER}), frozenset(), frozenset(), frozenset(), frozenset(), True)
    if invokable.name == "parse":
        return Effects(frozenset(), frozenset({HEADER}), frozenset(), frozenset(), frozenset(), True)
    return NOTHING


@pytest.fixture(scope="module")
def index(lookups_classes: Path) -> ClassIndex:
    return ClassIndex([lookups_classes], toolchain().java_home)


def _parse(producers: Producers) -> Invokable:
    [parse] = producers.of("Llk/Sheet;")
    return parse


def test_the_transformations_of_an_immutable_argument_are_all_offered(index: ClassIndex) -> None:
    """Its fields cannot tell the `with…` methods apart (each writes a whole new object), so each
    one the consumer reads the writes of is offered; no void call prepares a layout."""
    preparations = Preparations(index, "lk", AccessOptions(), _effects)
    parse = _parse(Producers(index, "lk", AccessOptions()))
    assert sorted(m.name for m in preparations.transformations(LAYOUT, parse)) == [
        "withHeader", "withSeparator", "withTrim"]
    assert preparations.for_argument(LAYOUT, parse) == []


def test_a_transformed_recipe_gives_the_transformations_result(index: ClassIndex) -> None:
    """`Layout.of(c).withHeader(names)`: the names' array is made first, and the new layout is the value."""
    producers = Producers(index, "lk", AccessOptions())
    book = RecipeBook(producers, preparations=Preparations(index, "lk", AccessOptions(), _effects))
    transformed = {recipe[-1].invokable.name: recipe for recipe in book.transformed(plain(LAYOUT), _parse(producers))}
    assert sorted(transformed) == ["withHeader", "withSeparator", "withTrim"]
    header = transformed["withHeader"]
    assert [step.invokable.label for step in header] == ["Layout.of", "new [Ljava/lang/String;", "Layout.withHeader"]
    assert value_of(header) == 2 and [step.prepares for step in header] == [False, True, False]
    assert book.prepared(plain(LAYOUT), _parse(producers)) == []


def test_a_class_s_presets_are_its_own_constants_but_the_cheapest_recipe(index: ClassIndex) -> None:
    """`Style.BOXED` and the others are configurations set up by the class's authors, all of them
    presets, beyond the recipes kept per type; `Style.PLAIN` is the cheapest recipe already."""
    book = RecipeBook(Producers(index, "lk", AccessOptions()))
    assert [step.invokable.label for step in book.recipes(plain(STYLE))[0]] == ["Style.PLAIN"]
    assert [[step.invokable.label for step in recipe] for recipe in book.presets(plain(STYLE))] == [
        [f"Style.{name}"] for name in ("FRAMED", "PADDED", "LEFT", "WIDE", "BOXED")]
    assert book.presets(plain("Llk/Style$Align;")) == []  # an enum's constants are its plain recipes


def test_a_transformation_that_takes_an_enum_is_offered_with_each_constant(index: ClassIndex) -> None:
    """`withAlign(LEFT)`, `withAlign(RIGHT)`, `withAlign(CENTRE)`: each is another configuration."""
    producers = Producers(index, "lk", AccessOptions())
    render = Invokable(InvokableKind.CALL, "lk/Style", "render", f"({STRING}){STRING}", STYLE, (STRING,), ("text",), STRING)
    book = RecipeBook(producers, preparations=Preparations(index, "lk", AccessOptions(), lambda inv: READ_ALL))
    aligned = [[step.invokable.label for step in recipe] for recipe in book.transformed(plain(STYLE), render)
               if recipe[-1].invokable.name == "withAlign"]
    assert aligned == [["Style.PLAIN", f"Align.{constant}", "Style.withAlign"]
                       for constant in ("LEFT", "RIGHT", "CENTRE")]
