"""Valid inputs: what a producer that parses structured input accepts, found by a sub-search of it.

A `Level` with heroes, monsters and gold on one board is what `MapParser.parseMap(List<String>)`
makes of a valid map; recipes make each argument apart, and the main search meets the parser's
inputs only as helper inputs, after the class's own outcomes, so such a level rarely arises. A
producer takes *structured input* when one of its inputs is a String, or a collection or array of
Strings or char arrays. Before the main search, each such producer of a type the class needs (the
class itself, what its members and its ways in take; a type's parsers before the producers that
take it) is explored on its own, with its recipes, for a fixed number of executions, deepest-first
(the caller's `Explore`). A producer whose first run, on plain inputs, returned normally needs no
help (a hero's name is any string). Otherwise, of the runs in which it returned, those that covered
most (greedy set cover over branch edges, ties to the earlier run) are kept, their inputs made
concrete: a recipe of the producer with those values, which the recipe book offers first for the
type, and, for the producer as a step of a sequence, its inputs as the first sources. The
sub-search is bounded by executions, not time, and runs with its own solver, so the same class,
settings and seed give the same valid inputs whatever was generated before.

A producer that returned on plain inputs may still make a poorer object than it could: a
`CSVParser` parsed with a format that names no header keeps no header map, and every access by
name of its records throws. When an argument's type has transformations (`format.withHeader(…)`,
making/preparations.py), each is run once in the producer's argument; the inputs of those runs
that cover most branches of the producer's own code the plain run did not are the valid inputs,
*configured* ones, offered first in the same way. No sub-search follows: the plain inputs serve
(a deepest-first one over the chosen transformations cost CSVParser 4 s of its 20 and found
CSVRecord nothing more).

What the members under test do depends as much on the objects their class was made with: a
`CSVPrinter` prints comments only when its format names a comment marker, a `Lexer` reads escapes
only when its format has an escape character. Those *configured ways in* are screened the same way
(`find_configured`): the class's plainest way in that takes an argument with transformations runs
once with its plainest arguments and once with each transformed one, each time followed by a call
of every member under test on the object made, all in one program (a run per transformation, not
per transformation and member; a member that throws on plain inputs is left out, so that the
others run). For each member, the transformed arguments whose run covered branches of the
member's code that the plain run did not are kept, the most covering first, and the main search
wires them as plain choices of that argument in the member's sequences (`configured`).

A class with transformations of its own (an immutable `CSVFormat` and its `with…`) is screened
as the receiver of its members in the same way, and beside its transformed recipes with each of
its *presets*: the public constants of its own type that its authors set up as configurations of
it (`CSVFormat.MYSQL` escapes and does not quote; no single transformation of the plainest format
does both). Presets are not screened as arguments of a way in: there the richest configuration
(`CSVFormat.TDF` for a `Lexer`) pushed out the single transformations the search made more of
(Lexer 104 -> 96/146 branches at 800 executions).
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Callable, Hashable, Iterable

from jtc.model.classfile import ClassFile
from jtc.model.classtable import MethodInfo
from jtc.model.program import ArrayLiteral, Literal, NewArray, NewCollection, Program, Statement
from jtc.model.signatures import GenericType, plain
from jtc.model.types import Descriptor, STRING_DESC, STRING_LIKE, TEXT_TOO, internal_name, is_array, object_desc
from jtc.calls import jdk
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.making.producers import Producers
from jtc.making.recipes import RecipeBook
from jtc.calls.steps import Recipe, Skeleton, Source, SourceKind, Step, accepts_literal, expand_recipes, value_of

KEPT = 2  # valid inputs kept per producer for what they cover
SMALL = 2  # and beside them, the smallest valid inputs that cover otherwise
PRODUCERS = 4  # producers explored per class
PARSERS = 2  # members of the class under test itself that parse structured input, explored per class
WIRINGS = 12  # skeletons of one producer explored (ways to make its reference inputs)
SCREENED = 64  # transformed arguments (presets among them) of one producer run once each
SCREENED_MEMBERS = 32  # members under test called in one program screening configured ways in
FAILED_MEMBERS = 8  # members that throw on plain inputs left out of that program before it is given up
# The text a screening program passes for every String and Object input outside the configuration: every
# character a plain char input may take (exploration/templates.py), so that whatever character a
# transformation was given (an escape, a delimiter) occurs in it, and the punctuation and white space
# that separate the parts of any text format. An empty text shows no configuration at work.
SCREENING_TEXT = "abcxyzAZ09 \t\r\n!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~a b"
WAYS_IN = 3  # the cheapest recipes of the class under test looked at for a way in with a configurable argument
Edge = tuple[MethodInfo, int, Hashable]  # a branch edge: method, instruction, outcome
Changes = tuple[tuple[int, Source], ...]  # the inputs of a way in given otherwise than plainly, by position
_PRODUCING = (InvokableKind.NEW, InvokableKind.STATIC, InvokableKind.CALL)


@dataclass(frozen=True)
class Run:
    """A run of one of a producer's skeletons."""

    skeleton: Skeleton
    program: Program
    returned: bool  # every statement ran, and the producer returned normally
    covered: frozenset[Edge]  # branch edges taken anywhere
    executed: int  # statements run (the last one may have thrown)


# The sub-search: the producer, its skeletons and a bound on executions (None: the sub-search's own)
# in, its runs out (in the order they ran).
Explore = Callable[[Invokable, list[Skeleton], int | None], list[Run]]


class SubSearches:
    """The runs of each sub-search, kept for the classes one worker generates: the classes of a
    project need the valid inputs of the same parsers (every class that takes a level explores
    `MapParser.parseMap`), and a sub-search costs up to its execution bound, a share of each
    class's budget, every time. The key is the producer and its skeletons, so a class whose
    recipes wire the producer otherwise explores it afresh."""

    def __init__(self) -> None:
        self._runs: dict[tuple[Invokable, tuple[Skeleton, ...], int | None], list[Run]] = {}

    def cached(self, explore: Explore) -> Explore:
        def explore_once(producer: Invokable, skeletons: list[Skeleton], executions: int | None) -> list[Run]:
            key = (producer, tuple(skeletons), executions)
            runs = self._runs.get(key)
            if runs is None:
                runs = self._runs[key] = explore(producer, skeletons, executions)
            return runs
        return explore_once


def structured_producers(cls: ClassFile, targets: list[Invokable], producers: Producers,
                         holders: Callable[[Descriptor], list[tuple[str, Recipe]]] = lambda desc: []) -> list[list[Invokable]]:
    """Per type the class needs (itself, made by other classes, what its members under test and
    those ways in take, and the types of the objects that hold a type its members take that
    nothing makes or that is abstract: `holders`, see making/taking.py), the producers of other
    classes that take structured input; none for an enum, whose constants are every value it has.
    (Holders of every type the class needs were explored at first: a parsed level holds every
    kind of dungeon object, and its sub-search took 30% of the budget of most classes.)"""
    nested = {cls.name, *producers.index.nested(cls.name)}
    ways_in = [p for p in producers.of(object_desc(cls.name)) if p.owner not in nested]
    needed = {object_desc(cls.name)} | {desc for inv in targets + ways_in for desc in inv.params}
    holding = {Descriptor(root) for desc in {desc for inv in targets for desc in inv.params} - {object_desc(cls.name)}
               if _alone_when_made(producers, desc) for root, _ in holders(desc)}
    groups: dict[str, list[Invokable]] = {}
    for desc in sorted(needed) + sorted(holding - needed):
        info = producers.index.lookup(internal_name(desc)) if desc.startswith("L") else None
        if info is not None and not info.is_enum and producers.index.is_project_class(info.name):
            group = [p for p in producers.of(desc) if p.owner not in nested and takes_structured_input(p)]
            if group:
                groups[desc] = group
    return inputs_first(groups)


def _alone_when_made(producers: Producers, desc: Descriptor) -> bool:
    """A project type nothing makes, or an abstract class or interface: what a test makes of one (a
    subclass's fresh instance, a stub) stands alone, where the ones a parsed graph holds stand on
    its board."""
    info = producers.index.lookup(internal_name(desc)) if desc.startswith("L") else None
    return info is not None and producers.index.is_project_class(info.name) and (
        not info.is_concrete or not producers.of(desc))


def inputs_first(groups: dict[str, list[Invokable]]) -> list[list[Invokable]]:
    """The groups ordered so that a type's parsers come before the producers that take that type
    (a level's map before the game made from a level), as far as no cycle prevents it."""
    ordered: list[list[Invokable]] = []
    pending = dict(groups)
    while pending:
        ready = [desc for desc, group in pending.items()
                 if not any(other != desc and other in p.inputs for p in group for other in pending)]
        for desc in ready or list(pending)[:1]:
            ordered.append(pending.pop(desc))
    return ordered


def takes_structured_input(invokable: Invokable) -> bool:
    """A String, or a collection or array of Strings or char arrays, among its parameters."""
    return invokable.kind in _PRODUCING and any(_structured(invokable.type_of(i)) for i in range(len(invokable.params)))


def _structured(wanted: GenericType) -> bool:
    if wanted.desc in STRING_LIKE:
        return True
    if is_array(wanted.desc):
        return wanted.desc[1:] in STRING_LIKE or wanted.desc[1:] == "[C"
    if jdk.collection_class(wanted.desc) is not None:
        return any(arg is not None and arg.desc in STRING_LIKE for arg in wanted.args)
    return False


class ValidInputs:
    def __init__(self, explore: Explore,
                 runs: Callable[[Invokable], Iterable[MethodInfo]] = lambda producer: ()) -> None:
        """`runs` tells the methods a producer may run: the code a configured argument should change."""
        self.explore = explore
        self.runs = runs
        self._found: dict[Invokable, list[tuple[Source, ...]]] = {}
        self._configuring: dict[tuple[Invokable, Invokable], list[Changes]] = {}  # (member, way in or itself)
        self.covered: set[Edge] = set()  # branch edges the sub-searches' runs took

    def find(self, groups: Iterable[list[Invokable]], book: RecipeBook) -> None:
        """Explore the producers of each group (the producers of one type) in order, until one
        makes the type on plain inputs or has valid inputs, at most PRODUCERS in all (`new
        Score(name, points)` makes a score: `Score.parse(text)` need not be explored). `book`
        makes the producers' reference inputs; it offers the valid inputs found so far (see
        `recipes_of`), so what it remembered is forgotten after each find."""
        explored = 0
        for group in groups:
            for producer in group:
                if explored == PRODUCERS:
                    return
                explored += 1
                found = self._explore(producer, book)
                self._found[producer] = found or []
                if found:
                    book.forget()
                if found is None or found:
                    break

    def find_own(self, targets: list[Invokable], book: RecipeBook) -> None:
        """Explore the members under test that parse structured input (a catalogue's
        `parseLine(String)`), at most PARSERS of them: the main search flips one branch at a time
        from plain inputs and meets a valid line by chance; the deepest-first sub-search grows a
        valid prefix, and the valid inputs it finds become the first sources of the member's
        inputs (`for_input`)."""
        for target in [t for t in targets if takes_structured_input(t)][:PARSERS]:
            if target not in self._found:
                self._found[target] = self._explore(target, book) or []

    def find_configured(self, desc: Descriptor, members: list[Invokable], book: RecipeBook) -> None:
        """Screen the configured ways in of the class `desc` for its `members` (see the module's
        docstring). The way in is the first of its WAYS_IN cheapest recipes whose producer takes an
        argument with transformations, fed with the first valid inputs found for it if any, else its
        plainest, with SCREENING_TEXT for its texts and the members' (a lexer's members do little
        with an empty text, whatever its format). Where none does and the class has transformations
        of its own (an immutable format's `with…`), its presets (`CSVFormat.MYSQL`) and the cheapest
        recipe followed by each transformation are screened as the members' receiver."""
        calls = [m for m in members if m.kind == InvokableKind.CALL and m.receiver == desc and m.returns != desc]
        calls.sort(key=lambda m: -len(list(self.runs(m))))  # the members that run most code first
        recipes = book.recipes(plain(desc))
        for recipe in recipes[:WAYS_IN]:
            way_in = recipe[value_of(recipe)].invokable
            base = [with_screening_text(wiring, way_in) for wiring in (self.sources(way_in) + _wirings(way_in, book.recipes))[:1]]
            transformed = _transformed(way_in, book, base, [way_in, *calls])[:SCREENED]
            if transformed:
                made = {tuple((i, source) for i, source in enumerate(wiring) if source != base[0][i]):
                        expand_recipes((Step(way_in, wiring, helper=True),)) for wiring in [*base, *transformed]}
                for member, changes in self._screen(way_in, made, calls, book).items():
                    self._configuring[(member, way_in)] = changes
                return
        own = list(dict.fromkeys([*book.presets(plain(desc)),
                                  *(made for member in calls for made in book.transformed(plain(desc), member))]))
        if recipes and own:
            receivers: dict[Changes, Recipe] = {
                ((0, Source(SourceKind.FRESH, recipe=recipe)),) if recipe is not recipes[0] else (): recipe
                for recipe in [recipes[0], *own[:SCREENED]]}
            for member, changes in self._screen(calls[0], receivers, calls, book).items():
                self._configuring[(member, member)] = changes

    def _screen(self, consumer: Invokable, made: dict[Changes, Recipe], members: list[Invokable],
                book: RecipeBook) -> dict[Invokable, list[Changes]]:
        """Run each way of making the receiver (the plain one first; keyed by how the inputs of
        `consumer` differ from the plain one's) followed by a call of every member on it: for each
        member screened, the ways whose run covered more of the member's code than the plain one,
        most covering first."""
        calls = [(m, with_screening_text(wiring[0], m)[1:]) for m in members
                 if (wiring := _wirings(m, book.recipes)[:1])][:SCREENED_MEMBERS]
        (_, plain_made), *others = made.items()

        def program(recipe: Recipe) -> Skeleton:
            return expand_recipes(recipe + tuple(Step(member, (Source(SourceKind.REF, value_of(recipe)),) + sources)
                                                 for member, sources in calls))

        for _ in range(FAILED_MEMBERS):
            skeleton = program(plain_made)
            plain_run = next(iter(self.explore(consumer, [skeleton], 1)), None)
            if plain_run is None or plain_run.returned or not calls:
                break
            failed = _failed_member(skeleton, len(plain_made), plain_run.executed)
            if failed is None:
                return {}
            del calls[failed]
        if plain_run is None or not plain_run.returned or not calls:
            return {}
        runs = [(changes, run) for changes, recipe in others for run in self.explore(consumer, [program(recipe)], 1)]
        found = {}
        for member, _ in calls:
            own = frozenset(self.runs(member))
            gained = [dataclasses.replace(run, covered=frozenset(
                edge for edge in run.covered - plain_run.covered if edge[0] in own)) for _, run in runs]
            chosen = {id(run) for run in _covering([run for run in gained if run.covered])}
            found[member] = [changes for (changes, _), run in zip(runs, gained) if id(run) in chosen]
        return found

    def configured(self, member: Invokable, consumer: Invokable, position: int) -> list[Source]:
        """The sources of input `position` of `consumer` that configure it for `member` (see
        `find_configured`; the member's own receiver when `consumer` is the member), most covering
        first."""
        return list(dict.fromkeys(source for changes in self._configuring.get((member, consumer), [])
                                  for at, source in changes if at == position))

    def types_made(self) -> list[str]:
        """The types producers with valid inputs make."""
        return list(dict.fromkeys(producer.returns for producer, found in self._found.items() if found))

    def sources(self, producer: Invokable) -> list[tuple[Source, ...]]:
        """The inputs found valid for `producer` (receiver first), most covering first."""
        return self._found.get(producer, [])

    def for_input(self, consumer: Invokable, position: int) -> list[Source]:
        """The sources of one input of `consumer` in the valid inputs found, without repeats."""
        return list(dict.fromkeys(found[position] for found in self.sources(consumer)))

    def recipes_of(self, producer: Invokable) -> list[Recipe]:
        """The producer fed with each of its valid inputs, as recipes (helper steps)."""
        return [tuple(Step(s.invokable, s.sources, helper=True, prepares=s.prepares)
                      for s in expand_recipes((Step(producer, found),)))
                for found in self.sources(producer)]

    def _explore(self, producer: Invokable, book: RecipeBook) -> list[tuple[Source, ...]] | None:
        """The most covering valid inputs, when the producer needs them: its first run, on plain
        inputs, did not return normally (a name for a hero is any string; a map is not). When it
        did, the configured inputs (see `_configured`), or None: the whole sub-search of a producer
        that needs no help would cost its full bound of executions."""
        by_skeleton = {expand_recipes((Step(producer, wiring),)): wiring for wiring in _wirings(producer, book.recipes)}
        first = self.explore(producer, list(by_skeleton), 1)
        if first and first[0].returned:
            return self._configured(producer, book, first[0])
        runs = self.explore(producer, list(by_skeleton), None)
        self.covered.update(edge for run in runs for edge in run.covered)
        returned = [run for run in runs if run.returned]
        chosen = _covering(returned)
        chosen += _smallest(returned, chosen)
        return list(dict.fromkeys(_concrete(by_skeleton[run.skeleton], run.program) for run in chosen))

    def _configured(self, producer: Invokable, book: RecipeBook, plain: Run) -> list[tuple[Source, ...]] | None:
        """The inputs of the producer's runs with one transformed argument each, of those that
        covered most branches of the producer's code (what it `runs`) that the plain run did not:
        a wither's own checks do not count, the parser's header handling does. None when no
        transformation changed what the producer does."""
        wirings = _transformed(producer, book)[:SCREENED]
        by_skeleton = {expand_recipes((Step(producer, wiring),)): wiring for wiring in wirings}
        own = frozenset(self.runs(producer))
        screened = [dataclasses.replace(run, covered=frozenset(edge for edge in run.covered if edge[0] in own))
                    for skeleton in by_skeleton for run in self.explore(producer, [skeleton], 1)]
        changed = [run for run in screened if run.returned and run.covered - plain.covered]
        if not changed:
            return None
        plainest = _wirings(producer, book.recipes)[0]
        return list(dict.fromkeys(_concrete_where_changed(by_skeleton[run.skeleton], plainest, run.program)
                                  for run in _covering(changed)))


def _wirings(producer: Invokable, recipes: Callable[[GenericType], list[Recipe]]) -> list[tuple[Source, ...]]:
    """Ways to feed the producer: a literal for what takes one, else each recipe (only the cheapest
    for a receiver)."""
    choices: list[list[Source]] = []
    receiver = 1 if producer.receiver else 0
    for position, desc in enumerate(producer.inputs):
        wanted = plain(desc) if position < receiver else producer.type_of(position - receiver)
        if accepts_literal(wanted.desc):
            choices.append([Source(SourceKind.INPUT)])
            continue
        made = recipes(wanted)[:1 if position < receiver else None]
        if not made:
            return []
        choices.append([Source(SourceKind.FRESH, recipe=recipe) for recipe in made])
    return list(itertools.islice(itertools.product(*choices), WIRINGS))


def _transformed(producer: Invokable, book: RecipeBook, base: list[tuple[Source, ...]] | None = None,
                 readers: list[Invokable] | None = None) -> list[tuple[Source, ...]]:
    """The plainest wiring of the producer (see `_wirings`), or the `base` one, with one argument
    made by a transformed recipe instead (making/recipes.py), for each argument and transformation
    whose writes the producer reads, or one of the `readers` (a report keeps its layout, and its
    members read it)."""
    plainest = _wirings(producer, book.recipes)[:1] if base is None else base
    if not plainest:
        return []
    receiver = 1 if producer.receiver else 0
    return [plainest[0][:position] + (Source(SourceKind.FRESH, recipe=recipe),) + plainest[0][position + 1:]
            for position in range(receiver, len(producer.inputs))
            for recipe in dict.fromkeys(recipe for reader in readers or [producer]
                                        for recipe in book.transformed(producer.type_of(position - receiver), reader))]


def with_screening_text(wiring: tuple[Source, ...], consumer: Invokable) -> tuple[Source, ...]:
    """The wiring with SCREENING_TEXT for each symbolic input of `consumer` or of the recipes that
    feed it that takes a String or a character sequence, or an Object (as text)."""
    def texted(step: Step) -> Step:
        return Step(step.invokable, tuple(_text_for(source, desc) for source, desc in zip(step.sources, step.invokable.inputs)),
                    step.helper, step.prepares)
    return tuple(_text_for(source, desc) if source.kind != SourceKind.FRESH or source.recipe is None
                 else dataclasses.replace(source, recipe=tuple(texted(step) for step in source.recipe))
                 for source, desc in zip(wiring, consumer.inputs))


def _text_for(source: Source, desc: str) -> Source:
    if source.kind == SourceKind.INPUT and (desc in STRING_LIKE or desc in TEXT_TOO):
        return Source(SourceKind.VALUE, value=Literal(STRING_DESC, SCREENING_TEXT))
    return source


def _failed_member(skeleton: Skeleton, made: int, executed: int) -> int | None:
    """Which of the member calls of a screening program (the steps that are not helpers, after the
    `made` steps that make their receiver) the statement that ended the run belongs to: the call
    itself or a helper making one of its arguments. None when the receiver's making failed."""
    calls = [i for i, step in enumerate(skeleton) if not step.helper]
    failed = executed - 1
    if failed < made:
        return None
    return next((k for k, at in enumerate(calls) if failed <= at), None)


def _covering(runs: list[Run]) -> list[Run]:
    """Greedy set cover: the run that adds most edges not covered yet, up to KEPT runs."""
    chosen: list[Run] = []
    covered: set[Edge] = set()
    for _ in range(KEPT):
        best = max(runs, key=lambda run: len(run.covered - covered), default=None)  # max keeps the first of ties
        if best is None or (chosen and not best.covered - covered):
            break
        chosen.append(best)
        covered |= best.covered
    return chosen


def _smallest(runs: list[Run], chosen: list[Run]) -> list[Run]:
    """Up to SMALL runs, smallest inputs first (ties to the earlier run), each covering other edges
    than every run kept so far. The most covering input holds everything at once (a one-row map with
    a monster, gold and a potion beside the start, where the hero cannot take a step); a small
    one leaves the objects made of it room to act (`!$P`: the hero takes the gold and wins)."""
    kept: list[Run] = []
    for run in sorted(runs, key=_size):
        if len(kept) == SMALL:
            break
        if all(run.covered != other.covered for other in chosen + kept):
            kept.append(run)
    return kept


def _size(run: Run) -> int:
    """How much input a run's program holds: the elements of its arrays and collections, the
    characters of its Strings."""
    return sum(_size_of(statement) for statement in run.program)


def _size_of(statement: Statement) -> int:
    size = len(statement.args) if isinstance(statement, (NewArray, NewCollection)) else 0
    for value in statement.args:
        if isinstance(value, ArrayLiteral):
            size += len(value.elements)
        elif isinstance(value, Literal) and isinstance(value.value, str):
            size += len(value.value)
    return size


def _concrete(wiring: tuple[Source, ...], program: Program) -> tuple[Source, ...]:
    """The wiring with every symbolic input replaced by the value it had in `program` (whose
    statements are the wiring's recipes, expanded in order, then the producer)."""
    found: list[Source] = []
    start = 0
    for position, source in enumerate(wiring):
        if source.kind == SourceKind.FRESH:
            assert source.recipe is not None
            recipe = tuple(_fixed(step, program[start + offset]) for offset, step in enumerate(source.recipe))
            found.append(Source(SourceKind.FRESH, recipe=recipe))
            start += len(source.recipe)
        elif source.kind == SourceKind.INPUT:
            found.append(_value_at(program[-1], wiring, position))
        else:
            found.append(source)
    return tuple(found)


def _concrete_where_changed(wiring: tuple[Source, ...], plainest: tuple[Source, ...],
                            program: Program) -> tuple[Source, ...]:
    """The configured argument of a wiring (where it differs from the `plainest`) with the values
    it had in `program`; the other inputs as they were, symbolic: the options registered are
    fixed, the tokens that should name them are the search's to choose (a lookup of a token
    among the names registered is a decision, svm/models/lookups.py)."""
    concrete = _concrete(wiring, program)
    return tuple(made if source != plain else source for source, plain, made in zip(wiring, plainest, concrete))


def _fixed(step: Step, statement: Statement) -> Step:
    sources = tuple(_value_at(statement, step.sources, position) if source.kind == SourceKind.INPUT else source
                    for position, source in enumerate(step.sources))
    return Step(step.invokable, sources, helper=step.helper, prepares=step.prepares)


def _value_at(statement: Statement, sources: tuple[Source, ...], position: int) -> Source:
    """The value a statement passed for input `position` (its arguments leave out the receiver)."""
    receiver = len(sources) - len(statement.args)
    return Source(SourceKind.VALUE, value=statement.args[position - receiver])
