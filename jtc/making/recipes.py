"""Recipes: the cheapest ways to make a fresh value of a type, as ready-wired helper steps.

A `Level` takes a `Board`, a list of monsters and an observer; a `Board` comes from
`BoardFactory.createBoard(Square[][])`. Growing such an object graph one statement at a time,
backwards from the method under test, would spend the whole budget on wirings before the method
ever runs with a real argument. So a reference argument can instead be fed by a recipe: a short
sequence of helper steps, chosen over the producer graph by cost (its number of steps, plus a
penalty for every input it has to leave null), whose last step gives the value. Its primitive and
String inputs stay symbolic, so the search still explores the branches of the factories it calls
(a map string that parses, a size within bounds). Interfaces and abstract classes that nothing on
the classpath implements get a stub (an anonymous class or a lambda in the test) whose answers are
inputs too. Collections get a collection of recipes for their element type. An object a parser
made with valid input holds others in its graph: those taken out of it (making/taking.py: the
monsters of a parsed level) are the first alternative to the cheapest plain recipe. Then comes the
cheapest recipe of each other concrete type the producers make (a hero where a `Unit` is wanted
and a goblin came first), beyond the recipes kept per type: code that takes an abstract type
tells its kinds apart, and the fifth way to make a goblin is worth less than the first hero.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from jtc.firsts import first_of_each
from jtc.model.signatures import GenericType, plain
from jtc.model.types import Descriptor, InternalName, internal_name, is_array
from jtc.calls import jdk
from jtc.calls.invokables import (CLASS, Invokable, InvokableKind, array_invokable, collection_invokable,
                                   stub_invokable)
from jtc.making.preparations import Preparations
from jtc.making.producers import Producers
from jtc.calls.steps import Recipe, Source, SourceKind, Step, accepts_literal, literal_sources, value_of
from jtc.making.taking import LIST_POSITIONS, Taking, placed

NULL_PENALTY = 2  # a recipe that passes null where an object is wanted likely throws at once
ARRAY_LENGTHS = (1, 2)
STUB_OBJECT_ANSWERS = 4  # a stub answering more methods with objects answers them all with null


class RecipeBook:
    def __init__(self, producers: Producers, per_type: int = 4, depth: int = 6,
                 preparations: Preparations | None = None,
                 valid: Callable[[Invokable], list[Recipe]] = lambda producer: [],
                 taking: Taking | None = None, parsed_types: Callable[[], list[str]] = lambda: []) -> None:
        """`valid` gives a producer fed with inputs it is known to accept (making/valid_inputs.py):
        those recipes come first for the type the producer makes; the objects `taking` takes out
        of what they made come right after the cheapest plain recipe (`parsed_types` tells the
        types made so)."""
        self.producers = producers
        self.taking = taking
        self.parsed_types = parsed_types
        self.preparations = preparations
        self.valid = valid
        self.per_type = per_type
        self.depth = depth
        self._memo: dict[tuple[GenericType, int], list[Recipe]] = {}
        self._prepared: dict[tuple[GenericType, Invokable], list[Recipe]] = {}
        self._active: set[GenericType] = set()

    def forget(self) -> None:
        """Drop what was worked out: the valid inputs offered have changed."""
        self._memo.clear()
        self._prepared.clear()

    def recipes(self, wanted: GenericType) -> list[Recipe]:
        """Recipes for a value of `wanted`, cheapest first (none for types a literal stands for)."""
        return self._recipes(_erase_variables(wanted), 0)

    def _recipes(self, wanted: GenericType, depth: int) -> list[Recipe]:
        key = (wanted, depth)
        if key in self._memo:
            return self._memo[key]
        if depth > self.depth or wanted in self._active or accepts_literal(wanted.desc):
            return []
        self._active.add(wanted)
        try:
            options = self._options(wanted, depth)
        finally:
            self._active.discard(wanted)
        options.sort(key=lambda option: option[0])
        if any(not _has_null(recipe) for _, recipe in options):  # a null where an object is wanted mostly throws
            options = [option for option in options if not _has_null(option[1])]
        plain_recipes = [recipe for _, recipe in options]
        kinds = _one_per_type(plain_recipes[1:], _made(plain_recipes[0]) if plain_recipes else None)
        rest = [recipe for recipe in plain_recipes[1:] if recipe not in kinds]
        taken = self._taken(wanted)
        parsed = self._parsed(wanted.desc)
        found = parsed + plain_recipes[:1] + taken[:len(LIST_POSITIONS)] + kinds + taken[len(LIST_POSITIONS):] + rest
        limit = len(found) if self._is_enum(wanted.desc) or wanted.desc == CLASS else \
            self.per_type + len(kinds) + max(0, len(parsed) - 1)  # the other valid inputs push nothing out
        self._memo[key] = found[:limit]
        return self._memo[key]

    def _taken(self, wanted: GenericType) -> list[Recipe]:
        """Objects taken out of what a parser made of valid input (the monsters of a parsed level):
        offered right after the cheapest plain recipe, since a collection in the graph may be empty
        (a parsed level has no heroes yet); those of the most covering input first (a small one
        may hold no monster)."""
        if self.taking is None or not wanted.desc.startswith("L"):
            return []
        return [placed(path, recipe) for root in self.parsed_types() for recipe in self._parsed(Descriptor(root))
                for path in self.taking.paths(Descriptor(root), wanted.desc)]

    def _parsed(self, desc: Descriptor) -> list[Recipe]:
        """What producers of `desc` made of inputs they accept."""
        if not desc.startswith("L") or jdk.collection_class(desc) is not None:
            return []
        return [recipe for producer in self.producers.of(desc) for recipe in self.valid(producer)]

    def _is_enum(self, desc: Descriptor) -> bool:
        cls = self.producers.index.lookup(internal_name(desc)) if desc.startswith("L") else None
        return cls is not None and cls.is_enum

    def _options(self, wanted: GenericType, depth: int) -> list[tuple[int, Recipe]]:
        """(cost, recipe) for every way to make `wanted`."""
        options: list[tuple[int, Recipe]] = []
        implementation = jdk.collection_class(wanted.desc)
        if implementation is not None:
            elements = jdk.element_types(wanted, implementation)
            for count in jdk.COLLECTION_SIZES:
                self._add(options, collection_invokable(wanted, InternalName(implementation), elements, count), depth)
            return options
        if is_array(wanted.desc):
            for length in ARRAY_LENGTHS:
                for element in literal_sources(wanted.desc[1:]):
                    self._add(options, array_invokable(wanted.desc, length), depth, literal=element)
            return options
        literals = self.producers.class_literals(wanted)
        if literals:
            for literal in literals:
                self._add(options, literal, depth)
            return options
        if wanted.desc.startswith("L"):
            for producer in self.producers.of(wanted.desc):
                self._add(options, producer, depth)
            if not options and self.producers.stubbable(wanted.desc):
                for stub in self._stubs(wanted):
                    self._add(options, stub, depth, nulls_cost=False)
        return options

    def _stubs(self, wanted: GenericType) -> list[Invokable]:
        answers = self.producers.abstract_methods(wanted.desc)
        owner = internal_name(wanted.desc)
        cls = self.producers.index.lookup(owner)
        if cls is None:
            return []
        if cls.is_interface:
            return [stub_invokable(owner, None, (), answers)]
        return [stub_invokable(owner, constructor, self.producers.index.parameter_types(owner, constructor), answers)
                for constructor in self.producers.stub_constructors(wanted.desc)[:1]]

    def _add(self, options: list[tuple[int, Recipe]], producer: Invokable, depth: int, nulls_cost: bool = True,
             literal: Source | None = None) -> None:
        built = self._build(producer, depth, nulls_cost, literal)
        if built is not None:
            options.append(built)

    def prepared(self, wanted: GenericType, consumer: Invokable) -> list[Recipe]:
        """The cheapest recipe for an argument of `consumer`, each followed by one preparation
        (making/preparations.py): a call on the value made that sets what the consumer reads; for
        a collection, one element so prepared (`chase.nextMove(goblin, heroes)` reads the square
        of each hero in the list: a fresh hero stands nowhere and is skipped)."""
        if self.preparations is None:
            return []
        key = (wanted, consumer)
        if key in self._prepared:
            return self._prepared[key]
        implementation = jdk.collection_class(wanted.desc)
        if implementation is not None:
            self._prepared[key] = self._prepared_elements(wanted, InternalName(implementation), consumer)
            return self._prepared[key]
        found = [made for recipe in self.recipes(wanted)[:1]
                 for mutator in self.preparations.for_argument(wanted.desc, consumer)
                 if (made := self._followed(recipe, mutator, gives=False)) is not None]
        self._prepared[key] = found  # asked for again at every wiring of every candidate
        return found

    def transformed(self, wanted: GenericType, consumer: Invokable) -> list[Recipe]:
        """The cheapest recipe for an argument of `consumer`, each followed by one transformation
        (making/preparations.py) whose result is the value: `CSVFormat.newFormat(c).withHeader(…)`;
        a transformation that takes an enum, once with each of its constants (`withQuoteMode(ALL)`,
        `withQuoteMode(NONE)`: each is another configuration, where a text or a number is not)."""
        if self.preparations is None or not wanted.desc.startswith("L"):
            return []
        return [made for recipe in self.recipes(wanted)[:1]
                for transformation in self.preparations.transformations(wanted.desc, consumer)
                for constant in self._constants_taken(transformation)
                if (made := self._followed(recipe, transformation, gives=True, chosen=constant)) is not None]

    def presets(self, wanted: GenericType) -> list[Recipe]:
        """The public constants of a class's own type that its authors set up as configurations of
        it (`CSVFormat.MYSQL`, `CSVFormat.EXCEL`; an enum's are its plain recipes already), apart
        from its cheapest recipe: where one is worth trying, each is."""
        name = internal_name(wanted.desc) if wanted.desc.startswith("L") else None
        if name is None or self._is_enum(wanted.desc):
            return []
        cheapest = self.recipes(wanted)[:1]
        return [recipe for producer in self.producers.of(wanted.desc)
                if producer.kind == InvokableKind.GET_STATIC and producer.owner == name
                and (recipe := (Step(producer, (), helper=True),)) not in cheapest]

    def _constants_taken(self, call: Invokable) -> list[tuple[int, Recipe] | None]:
        """For the first enum `call` takes (after its receiver), its position and a recipe of each
        of its constants but the cheapest; [None] (the cheapest recipe of every input) first."""
        for position, desc in enumerate(call.inputs[1:], start=1):
            if self._is_enum(desc):
                return [None, *((position, recipe) for recipe in self.recipes(plain(desc))[1:])]
        return [None]

    def _followed(self, recipe: Recipe, call: Invokable, gives: bool,
                  chosen: tuple[int, Recipe] | None = None) -> Recipe | None:
        """`recipe` followed by `call` on the value it made, the steps that make the call's other
        arguments first; the call's result is the recipe's value when it `gives` one. `chosen`: the
        recipe of one input (by position) instead of its cheapest."""
        steps = list(recipe)
        fed = self._feed(call, 0, True, steps, [Source(SourceKind.REF, value_of(recipe))], chosen=chosen)
        if fed is None:
            return None
        arguments = [dataclasses.replace(step, prepares=True) for step in steps[len(recipe):]]
        return (*recipe, *arguments, Step(call, tuple(fed[0]), helper=True, prepares=not gives))

    def _prepared_elements(self, wanted: GenericType, implementation: InternalName, consumer: Invokable) -> list[Recipe]:
        """A collection of one element, for each prepared recipe of its element type (none for a map)."""
        elements = jdk.element_types(wanted, implementation)
        if len(elements) != 1:
            return []
        holding = collection_invokable(wanted, implementation, elements, 1)
        return [element + (Step(holding, (Source(SourceKind.REF, value_of(element)),), helper=True),)
                for element in self.prepared(elements[0], consumer)]

    def _build(self, producer: Invokable, depth: int, nulls_cost: bool,
               literal: Source | None = None) -> tuple[int, Recipe] | None:
        """The helper steps that feed `producer`'s inputs, then `producer` itself, and their cost;
        `literal`: the source of the inputs that take a literal, when not the plainest (the
        elements of an `Object[]` as Strings)."""
        steps: list[Step] = []
        fed = self._feed(producer, depth, nulls_cost, steps, [], literal)
        if fed is None:
            return None
        sources, penalty = fed
        steps.append(Step(producer, tuple(sources), helper=True))
        return len(steps) + penalty, tuple(steps)

    def _feed(self, invokable: Invokable, depth: int, nulls_cost: bool, steps: list[Step],
              given: list[Source], literal: Source | None = None,
              chosen: tuple[int, Recipe] | None = None) -> tuple[list[Source], int] | None:
        """Sources for `invokable`'s inputs after the `given` ones, appending the helper steps that
        make them to `steps`, and the penalty for inputs left null; None when a required one cannot
        be made. `chosen`: the recipe of one input (by position) instead of its cheapest."""
        sources = list(given)
        penalty = 0
        receiver = 1 if invokable.receiver else 0
        answers_null = _answers_left_null(invokable)
        for position in range(len(given), len(invokable.inputs)):
            wanted = plain(invokable.inputs[position]) if position < receiver else invokable.type_of(position - receiver)
            if accepts_literal(wanted.desc):
                sources.append(literal or Source(SourceKind.INPUT))
                continue
            if position >= answers_null:
                sources.append(Source(SourceKind.NULL))
                continue
            sub = [chosen[1]] if chosen is not None and chosen[0] == position else \
                self._recipes(_erase_variables(wanted), depth + 1)
            if sub:
                offset = len(steps)
                steps.extend(_shifted(sub[0], offset))
                sources.append(Source(SourceKind.REF, offset + value_of(sub[0])))
            elif position < receiver or (invokable.inner and position == 0):
                return None
            else:
                sources.append(Source(SourceKind.NULL))
                penalty += NULL_PENALTY if nulls_cost else 0
        return sources, penalty


def _answers_left_null(invokable: Invokable) -> int:
    """The first input from which objects are passed as null: a stub's answers, when it answers
    more than STUB_OBJECT_ANSWERS methods with objects (a `ResultSet`'s hundred getters each made by
    a recipe of its own gave programs of 300 statements, a hundred times slower to run, and the
    code under test calls a few of them); else none."""
    if invokable.kind != InvokableKind.STUB:
        return len(invokable.inputs)
    answered = [answer for answer in invokable.answers if answer.returns != "V"]
    first = len(invokable.inputs) - len(answered)
    objects = sum(not accepts_literal(answer.returns) for answer in answered)
    return first if objects > STUB_OBJECT_ANSWERS else len(invokable.inputs)


def _made(recipe: Recipe) -> str:
    """The type of the value a recipe makes, as its producer declares it."""
    return recipe[value_of(recipe)].invokable.returns


def _one_per_type(recipes: list[Recipe], first: str | None) -> list[Recipe]:
    """The cheapest recipe of each type made other than `first`'s: a `Unit` is a hero, a goblin or
    a troll, and code that takes one tells them apart (`collide(mover, other)` strikes only when a
    hero meets a monster), so each kind gets a recipe of its own, beyond the per-type number."""
    return first_of_each(recipes, _made, seen=(first,))


def _has_null(recipe: Recipe) -> bool:
    return any(source.kind == SourceKind.NULL for step in recipe for source in step.sources)


def _shifted(recipe: Recipe, offset: int) -> Recipe:
    """The recipe's steps placed `offset` steps later (their references to each other moved along)."""
    if offset == 0:
        return recipe
    return tuple(Step(step.invokable, tuple(Source(SourceKind.REF, s.index + offset) if s.kind == SourceKind.REF
                                            else s for s in step.sources), helper=step.helper, prepares=step.prepares)
                 for step in recipe)


def _erase_variables(wanted: GenericType) -> GenericType:
    """A type variable stands for its bound."""
    return GenericType(wanted.desc, wanted.args) if wanted.variable else wanted
