"""Valid inputs of a parsing producer: which producers get a sub-search, which runs are kept, and
how the kept inputs reach recipes and wirings (making/valid_inputs.py, with a scripted sub-search)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from jtc.analysis.influence import Effects, FieldRef
from jtc.config import AccessOptions
from jtc.model.classindex import ClassIndex
from jtc.model.program import Literal, Program
from jtc.model.signatures import GenericType, plain
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.making.preparations import Preparations
from jtc.making.producers import Producers
from jtc.making.recipes import RecipeBook
from jtc.calls.steps import Skeleton, Source, SourceKind, Step
from jtc.exploration.templates import Limits, ProgramTemplate
from jtc.making.valid_inputs import (SCREENING_TEXT, Run, SubSearches, ValidInputs, inputs_first, structured_producers,
                                     takes_structured_input, with_screening_text)
from jtc.java.toolchain import toolchain

STRING = "Ljava/lang/String;"


@pytest.fixture(scope="module")
def producers(graphs_classes: Path) -> Producers:
    return Producers(ClassIndex([graphs_classes], toolchain().java_home), "gr", AccessOptions(include_non_public=False))


def _static(*types: GenericType) -> Invokable:
    return Invokable(InvokableKind.STATIC, "gr/P", "parse", "", None, tuple(t.desc for t in types),
                     tuple(f"a{i}" for i in range(len(types))), "Lgr/Floor;", types=types)


def test_strings_and_collections_or_arrays_of_them_are_structured_input() -> None:
    assert takes_structured_input(_static(plain(STRING)))
    assert takes_structured_input(_static(GenericType("Ljava/util/List;", (plain(STRING),))))
    assert takes_structured_input(_static(plain("[[C")))
    assert not takes_structured_input(_static(plain("I"), plain("C")))
    assert not takes_structured_input(_static(GenericType("Ljava/util/List;", (plain("Lgr/Player;"),))))


def _program(skeleton: Skeleton, row: str) -> Program:
    """The skeleton run with every String input set to `row`."""
    template = ProgramTemplate.for_skeleton(skeleton, Limits(8, 8))
    assignment: dict = {}
    for spec in template.specs.values():
        assignment[spec.name] = row
        assignment[spec.null_name] = False  # type: ignore[union-attr]
    return template.build(assignment)


class Scripted:
    """A sub-search that runs the skeleton with a one-row list once per row, up to the executions
    asked for: `returns` and `covers` say what happened."""

    def __init__(self, rows: list[str], returns: set[str], covers: dict[str, frozenset[int]]) -> None:
        self.rows, self.returns, self.covers = rows, returns, covers
        self.explored: list[tuple[Invokable, int | None]] = []  # producer, executions asked for

    def __call__(self, producer: Invokable, skeletons: list[Skeleton], executions: int | None) -> list[Run]:
        self.explored.append((producer, executions))
        return [Run(skeleton, _program(skeleton, row), row in self.returns, self.covers.get(row, frozenset()), len(skeleton))
                for skeleton in skeletons if len(skeleton[-2].invokable.params) == 1 for row in self.rows][:executions]


def _parse(producers: Producers) -> Invokable:
    [parse] = producers.of("Lgr/Floor;")
    return parse


def test_the_most_covering_runs_that_returned_become_concrete_recipes(producers: Producers) -> None:
    script = Scripted(["x", "S", "#.MS", "MS"], {"S", "#.MS", "MS"},
                      {"S": frozenset({1}), "#.MS": frozenset({1, 2, 3}), "MS": frozenset({1, 3, 4})})
    valid = ValidInputs(script)
    valid.find([[_parse(producers)]], RecipeBook(producers))
    [first, second, smallest] = valid.recipes_of(_parse(producers))
    assert all(step.helper for step in first) and first[-1].invokable == _parse(producers)
    assert first[0].sources == (_value("#.MS"),) and second[0].sources == (_value("MS"),)
    assert smallest[0].sources == (_value("S"),)  # it covers less, but otherwise: the smallest input kept beside them
    [source, _, _] = valid.for_input(_parse(producers), 0)
    assert source.kind == SourceKind.FRESH and source.recipe == first[:1]
    assert RecipeBook(producers, valid=valid.recipes_of).recipes(plain("Lgr/Floor;"))[:3] == [first, second, smallest]


def test_the_smallest_inputs_that_cover_otherwise_are_kept_beside_the_most_covering(producers: Producers) -> None:
    """A small input leaves the objects made of it room to act; one that covers what a kept one
    covers adds nothing."""
    script = Scripted(["x", "#.MS", "#.MSS", "MS", "S", "SS"], {"#.MS", "#.MSS", "MS", "S", "SS"},
                      {"#.MS": frozenset({1, 2, 3}), "#.MSS": frozenset({1, 2, 3}), "MS": frozenset({1, 3}),
                       "S": frozenset({1}), "SS": frozenset({1})})
    valid = ValidInputs(script)
    valid.find([[_parse(producers)]], RecipeBook(producers))
    assert [recipe[0].sources for recipe in valid.recipes_of(_parse(producers))] == [
        (_value("#.MS"),), (_value("S"),), (_value("MS"),)]


def _value(row: str) -> Source:
    return Source(SourceKind.VALUE, value=Literal(STRING, row))


def test_a_producer_whose_plain_first_run_returns_needs_no_valid_inputs_nor_do_the_others_of_its_type(
        producers: Producers) -> None:
    script = Scripted(["S", "#S"], {"S", "#S"}, {})
    valid = ValidInputs(script)
    other = _static(plain(STRING))
    valid.find([[_parse(producers), other]], RecipeBook(producers))
    assert valid.sources(_parse(producers)) == [] and valid.for_input(_parse(producers), 0) == []
    assert script.explored == [(_parse(producers), 1)]  # its first run alone: the sub-search costs nothing more


def test_a_producer_that_needs_valid_inputs_is_searched_after_its_first_run(producers: Producers) -> None:
    script = Scripted(["x", "S"], {"S"}, {"S": frozenset({1})})
    ValidInputs(script).find([[_parse(producers)]], RecipeBook(producers))
    assert script.explored == [(_parse(producers), 1), (_parse(producers), None)]


def test_sub_searches_are_kept_for_the_next_class(producers: Producers) -> None:
    """The classes one worker generates share the runs of a producer's sub-search."""
    script = Scripted(["x", "S"], {"S"}, {"S": frozenset({1})})
    kept = SubSearches()
    found = []
    for _ in range(2):
        valid = ValidInputs(kept.cached(script))
        valid.find([[_parse(producers)]], RecipeBook(producers))
        found.append(valid.recipes_of(_parse(producers)))
    assert found[0] == found[1] and found[0][0][0].sources == (_value("S"),)
    assert script.explored == [(_parse(producers), 1), (_parse(producers), None)]


def test_the_parsers_of_what_the_class_needs_are_explored_and_no_other(producers: Producers) -> None:
    floor = producers.index.lookup("gr/Floor")
    assert floor is not None
    assert structured_producers(floor, [], producers) == [[_parse(producers)]]
    parsers = producers.index.lookup("gr/Floors")
    assert parsers is not None and structured_producers(parsers, [], producers) == []  # its own members are searched anyway


def test_the_parsers_of_a_type_come_before_the_producers_that_take_it() -> None:
    level = Invokable(InvokableKind.STATIC, "t/Maps", "parse", f"({STRING})Lt/Level;", None, (STRING,), ("text",),
                      "Lt/Level;")
    game = Invokable(InvokableKind.STATIC, "t/Games", "start", f"(Lt/Level;{STRING})Lt/Game;", None,
                     ("Lt/Level;", STRING), ("level", "name"), "Lt/Game;")
    assert inputs_first({"Lt/Game;": [game], "Lt/Level;": [level]}) == [[level], [game]]


class Screened:
    """A sub-search in which every run returns and covers what `covers` says of its skeleton's calls."""

    def __init__(self, covers: dict[str, frozenset]) -> None:
        self.covers = covers
        self.explored: list[tuple[int, int | None]] = []  # skeletons given, executions asked for

    def __call__(self, producer: Invokable, skeletons: list[Skeleton], executions: int | None) -> list[Run]:
        self.explored.append((len(skeletons), executions))
        runs = []
        for skeleton in skeletons:
            template = ProgramTemplate.for_skeleton(skeleton, Limits(8, 8))
            covered = frozenset().union(*(self.covers.get(step.invokable.name, frozenset()) for step in skeleton))
            runs.append(Run(skeleton, template.build(template.initial_assignment(random.Random(0))), True, covered,
                            len(skeleton)))
        return runs[:executions]


def test_a_producer_that_returns_on_plain_inputs_gets_the_transformations_that_change_what_it_does(
        lookups_classes: Path) -> None:
    """`Sheet.parse(line, layout)` returns on any line, and names columns only with a layout made
    `withHeader(…)`: of the layout's transformations, each run once, that one covers a branch of
    parse's own code the plain run did not; `withTrim`'s only new branch is in its own code. The
    inputs found with it are offered first for a sheet."""
    index = ClassIndex([lookups_classes], toolchain().java_home)
    producers = Producers(index, "lk", AccessOptions())
    [parse] = producers.of("Llk/Sheet;")
    header = FieldRef("lk/Layout", "header", "[Ljava/lang/String;", False)

    def effects(invokable: Invokable) -> Effects:  # every `with…` builds a whole layout, parse reads it
        return Effects(frozenset({header}) if invokable.name.startswith("with") else frozenset(),
                       frozenset({header}) if invokable == parse else frozenset(),
                       frozenset(), frozenset(), frozenset(), True)
    script = Screened({"parse": frozenset({("parse", 0)}), "withHeader": frozenset({("parse", 1)}),
                       "withTrim": frozenset({("withTrim", 0)})})
    valid = ValidInputs(script, lambda producer: ["parse"] if producer == parse else [])
    book = RecipeBook(producers, preparations=Preparations(index, "lk", AccessOptions(), effects), valid=valid.recipes_of)
    valid.find([[parse]], book)
    assert script.explored == [(1, 1), (1, 1), (1, 1), (1, 1)]  # the plain run, then each transformation's
    [configured] = valid.recipes_of(parse)
    assert [step.invokable.label for step in configured] == [
        "Layout.of", "new [Ljava/lang/String;", "Layout.withHeader", "Sheet.parse"]
    assert book.recipes(plain("Llk/Sheet;"))[0] == configured


def test_a_way_in_is_configured_for_each_member_by_the_transformations_that_change_what_it_does(
        lookups_classes: Path) -> None:
    """`new Report(layout)`: `cell(text)` trims only with a layout made `withTrim()`, `header()`
    writes only with one made `withHeader(…)`. One program per transformation calls every member
    on the report made; each member keeps the transformations whose run covered its own code more
    than the plain run, and the sources of the layout are offered for that member alone."""
    index = ClassIndex([lookups_classes], toolchain().java_home)
    producers = Producers(index, "lk", AccessOptions())
    [way_in] = producers.of("Llk/Report;")
    members = {m.name: m for m in (Invokable(InvokableKind.CALL, "lk/Report", name, desc, "Llk/Report;", params,
                                             tuple(f"a{i}" for i in range(len(params))), returns)
                                   for name, desc, params, returns in [("header", "()I", (), "I"),
                                                                       ("cell", f"({STRING})V", (STRING,), "V")])}
    script = Screened({"header": frozenset({("header", 0)}), "cell": frozenset({("cell", 0)}),
                       "withHeader": frozenset({("header", 1), ("withHeader", 0)}),
                       "withTrim": frozenset({("cell", 1)}), "withSeparator": frozenset({("withSeparator", 0)})})
    valid = ValidInputs(script, lambda member: [member.name])
    everything = Effects(frozenset({FieldRef("lk/Layout", "trim", "Z", False)}),
                         frozenset({FieldRef("lk/Layout", "trim", "Z", False)}), frozenset(), frozenset(), frozenset(), True)
    book = RecipeBook(producers, preparations=Preparations(index, "lk", AccessOptions(), lambda inv: everything),
                      valid=valid.recipes_of)
    valid.find_configured("Llk/Report;", list(members.values()), book)
    assert script.explored == [(1, 1)] * 4  # the plain program, then one per transformation
    configured = {name: [[step.invokable.name for step in source.recipe or ()]
                         for source in valid.configured(member, way_in, 0)] for name, member in members.items()}
    assert configured == {"header": [["of", "[Ljava/lang/String;", "withHeader"]], "cell": [["of", "withTrim"]]}


def test_an_immutable_class_under_test_gets_receivers_configured_by_its_own_transformations(
        lookups_classes: Path) -> None:
    """`Layout` makes no other object: its own `with…` methods configure it. The cheapest layout and
    that layout transformed each way are run, each followed by the members; `header()` keeps the
    layout made `withHeader(…)` as its own receiver, `trims()` the one made `withTrim()`."""
    index = ClassIndex([lookups_classes], toolchain().java_home)
    producers = Producers(index, "lk", AccessOptions())
    members = {name: Invokable(InvokableKind.CALL, "lk/Layout", name, f"(){returns}", "Llk/Layout;", (), (), returns)
               for name, returns in [("header", "[Ljava/lang/String;"), ("trims", "Z")]}
    script = Screened({"header": frozenset({("header", 0)}), "trims": frozenset({("trims", 0)}),
                       "withHeader": frozenset({("header", 1)}), "withTrim": frozenset({("trims", 1)})})
    valid = ValidInputs(script, lambda member: [member.name])
    trim = FieldRef("lk/Layout", "trim", "Z", False)
    everything = Effects(frozenset({trim}), frozenset({trim}), frozenset(), frozenset(), frozenset(), True)
    book = RecipeBook(producers, preparations=Preparations(index, "lk", AccessOptions(), lambda inv: everything),
                      valid=valid.recipes_of)
    valid.find_configured("Llk/Layout;", list(members.values()), book)
    assert script.explored == [(1, 1)] * 4  # the plain layout, then withSeparator, withTrim, withHeader
    configured = {name: [[step.invokable.name for step in source.recipe or ()]
                         for source in valid.configured(member, member, 0)] for name, member in members.items()}
    assert configured == {"header": [["of", "[Ljava/lang/String;", "withHeader"]], "trims": [["of", "withTrim"]]}
    assert valid.configured(members["header"], members["header"], 1) == []


def test_an_immutable_class_under_test_gets_its_presets_screened_as_receivers(lookups_classes: Path) -> None:
    """`Style.BOXED` has a border and padding, which no single `with…` of `Style.PLAIN` gives, and
    `render` boxes only such a style: the preset is screened beside the transformations, and kept."""
    index = ClassIndex([lookups_classes], toolchain().java_home)
    render = Invokable(InvokableKind.CALL, "lk/Style", "render", f"({STRING}){STRING}", "Llk/Style;", (STRING,),
                       ("text",), STRING)
    script = Screened({"render": frozenset({("render", 0)}), "BOXED": frozenset({("render", 1)}),
                       "withBorder": frozenset({("withBorder", 0)})})
    valid = ValidInputs(script, lambda member: [member.name])
    border = FieldRef("lk/Style", "border", "Z", False)
    everything = Effects(frozenset({border}), frozenset({border}), frozenset(), frozenset(), frozenset(), True)
    book = RecipeBook(Producers(index, "lk", AccessOptions()),
                      preparations=Preparations(index, "lk", AccessOptions(), lambda inv: everything), valid=valid.recipes_of)
    valid.find_configured("Llk/Style;", [render], book)
    # the plain style, the five presets, then withBorder, withPadding and withAlign with each of its constants
    assert script.explored == [(1, 1)] * 11
    assert [[step.invokable.name for step in source.recipe or ()] for source in valid.configured(render, render, 0)] == [
        ["BOXED"]]


def test_a_screening_program_passes_a_text_rich_in_separators_where_a_text_is_taken() -> None:
    """A lexer's way in reads a text through a recipe, and its members take texts and objects: each
    such symbolic input gets SCREENING_TEXT (every character a plain char may be, and punctuation),
    so that a configuration shows; numbers stay symbolic."""
    reader = Invokable(InvokableKind.NEW, "java/io/StringReader", "<init>", f"({STRING})V", None, (STRING,), ("s",),
                       "Ljava/io/StringReader;")
    lexer = Invokable(InvokableKind.NEW, "c/Lexer", "<init>", "(Ljava/io/Reader;I)V", None,
                      ("Ljava/io/Reader;", "I"), ("in", "n"), "Lc/Lexer;")
    wiring = (Source(SourceKind.FRESH, recipe=(Step(reader, (Source(SourceKind.INPUT),), helper=True),)),
              Source(SourceKind.INPUT))
    [made, number] = with_screening_text(wiring, lexer)
    assert made.recipe is not None and made.recipe[0].sources == (
        Source(SourceKind.VALUE, value=Literal(STRING, SCREENING_TEXT)),)
    assert number == Source(SourceKind.INPUT)
    assert all(c in SCREENING_TEXT for c in "abcxyzAZ09 ,;\\\"'#\r\n\t")
