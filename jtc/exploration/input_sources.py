"""Where an input of a candidate sequence may come from (seed 002, §4.3): the sources the wirings
choose among, plainest first. Kept apart from the enumeration of candidates because it is a question
about one input (its type, the consumer, what the sequence holds before it), asked again for every
wiring and every grown call, and answered from the recipes, the sub-searches and the paths out of
objects the pipeline found."""

from __future__ import annotations

from typing import Callable

from jtc.analysis.influence import Effects
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.calls.steps import (Recipe, Source, SourceKind, accepts_literal, is_symbolic_input, literal_sources,
                             value_of)
from jtc.model.signatures import GenericType, plain
from jtc.model.types import (
    CHAR_SEQUENCE_CLASS, CHAR_SEQUENCE_DESC, Descriptor, InternalName, STRING_CLASS, STRING_DESC, STRING_LIKE,
    TEXT_TOO, is_reference, object_desc)

TEXT_BUILDER = "Ljava/lang/StringBuilder;"  # text that is no String, for code that tells the two apart


class InputSources:
    """The sources of the inputs of candidate sequences, with the recipes each type is made by."""

    def __init__(self, assignable: Callable[[Descriptor, Descriptor], bool], fresh: Callable[[GenericType], list[Recipe]],
                 effects: Callable[[Invokable], Effects], from_steps: Callable[[Descriptor], bool],
                 prepared: Callable[[GenericType, Invokable], list[Recipe]],
                 valid: Callable[[Invokable, int], list[Source]],
                 reach: Callable[[Descriptor, Descriptor], list[Recipe]]) -> None:
        """The callables are SequenceGenerator's (see there); `effects` is its cached analysis."""
        self.assignable = assignable
        self.fresh = fresh
        self.effects = effects
        self.from_steps = from_steps
        self.prepared = prepared
        self.valid = valid
        self.reach = reach
        self._recipes: dict[GenericType, list[Recipe]] = {}
        self._alongside: dict[tuple[Invokable, int], list[Source]] = {}
        self._told: dict[tuple[Invokable, str], list[Source]] = {}

    def fresh_receivers(self, desc: Descriptor) -> list[Recipe]:
        """Recipes for a receiver: none for the types whose objects come from steps."""
        return [] if self.from_steps(desc) else self.recipes(plain(desc))

    def recipes(self, wanted: GenericType) -> list[Recipe]:
        cached = self._recipes.get(wanted)
        if cached is None:
            cached = self._recipes[wanted] = self.fresh(wanted)
        return cached

    def for_input(self, sequence: tuple[Invokable, ...], position: int, input_index: int,
                  wanted: GenericType) -> list[Source]:
        """Where an input may come from, plainest first: what the consumer is known to accept (see
        `valid`), a literal (symbolic), an object an earlier instance call took out of the
        sequence's objects (`game.getHero()`: it belongs to their graph, where a fresh one would
        stand alone), one taken out of the receiver by a path (`level.getHeroes().get(0)`: the hero
        the level registered), a fresh value from a recipe, one taken out of an object another
        input's recipe made (`Navigation.shortestPath(from, to, …)` with `to` taken out of the board
        `from` was taken out of: on a fresh board it could not be reached; after the first fresh
        value of each kind, since `collide(mover, other)` wants a hero beside a parsed monster
        more than the level's other monsters), the other fresh values, one taken out of the
        sequence's other objects, another earlier step's
        result, null. A
        receiver is never null, and an object of the class under test always comes from an earlier
        step (an earlier step's object comes first, so that the sequence's calls act on it)."""
        desc = wanted.desc
        consumer = sequence[position]
        valid = self.valid(consumer, input_index)
        if is_symbolic_input(desc):
            return valid + [Source(SourceKind.INPUT)] + (self._told_apart(consumer, desc) if desc == CHAR_SEQUENCE_DESC else [])
        earlier = [Source(SourceKind.REF, j) for j in range(position)
                   if is_reference(sequence[j].returns) and self.assignable(sequence[j].returns, desc)
                   and not _other_arguments(sequence[j].result_type, wanted)]
        reached = [] if accepts_literal(desc) else [
            Source(SourceKind.TAKEN, j, path) for j in range(position) if sequence[j].returns.startswith("L")
            for path in self.reach(sequence[j].returns, desc)]
        if input_index == 0 and consumer.required is not None:
            return earlier + valid + [Source(SourceKind.FRESH, recipe=r) for r in self.fresh_receivers(desc)] + reached
        literal = literal_sources(desc) + self._told_apart(consumer, desc) if accepts_literal(desc) else []
        fresh = [Source(SourceKind.FRESH, recipe=r) for r in self.recipes(wanted)]
        prepared = [Source(SourceKind.FRESH, recipe=r) for r in self.prepared(wanted, consumer)]
        taken = [source for source in earlier if sequence[source.index].kind == InvokableKind.CALL]
        others = [source for source in earlier if source not in taken]
        held = self._held(sequence, position, desc, reached)
        reached = [source for source in reached if source not in held]
        alongside = self._taken_alongside(consumer, input_index, desc)
        kinds = _kinds_end(fresh)
        return valid + literal + taken + held + fresh[:kinds] + alongside + fresh[kinds:] + prepared + reached + others \
            + [Source(SourceKind.NULL)]

    def _told_apart(self, consumer: Invokable, desc: str) -> list[Source]:
        """For a parameter that takes text and numbers alike (an `Object`), an object of each other
        type the code it may run tells apart by a cast, `instanceof` or a pattern switch's case (a
        `Reader` printed as its text, an `Iterable` printed element by element, the project's
        records and enums an event handler switches on), after the literals: its cheapest recipe.
        Where that code tells a String apart from other text (`cs instanceof String` in a method that
        takes a `CharSequence`), a `StringBuilder` of a text too: the String literal takes one side only."""
        if desc not in TEXT_TOO and desc != CHAR_SEQUENCE_DESC:
            return []
        key = (consumer, desc)
        found = self._told.get(key)
        if found is None:  # asked again at every wiring of every candidate
            casts = self.effects(consumer).casts
            told = sorted(casts)
            found = self._told[key] = [
                Source(SourceKind.FRESH, recipe=recipe) for name in told
                if (cast := name if name.startswith("[") else object_desc(InternalName(name))) != desc
                and cast not in STRING_LIKE and not accepts_literal(Descriptor(cast)) and self.assignable(Descriptor(cast), Descriptor(desc))
                for recipe in self.recipes(plain(Descriptor(cast)))[:1]]
            if STRING_CLASS in casts and (desc == CHAR_SEQUENCE_DESC or CHAR_SEQUENCE_CLASS in casts):
                found += [Source(SourceKind.FRESH, recipe=recipe) for recipe in self.recipes(plain(Descriptor(TEXT_BUILDER)))
                          if STRING_DESC in recipe[value_of(recipe)].invokable.inputs][:1]
        return found

    def _taken_alongside(self, consumer: Invokable, input_index: int, desc: Descriptor) -> list[Source]:
        """The paths to a `desc` out of the project objects the recipes of the consumer's earlier
        arguments make (the board a square came from, the level a monster was taken out of):
        objects that must share one graph. The argument's own object is no root: what a goblin
        leads to (`goblin.getSquare().getOccupants().get(0)`) is mostly the goblin again. Which
        recipe an earlier argument gets is chosen apart, so a wiring holds such a source only when
        that recipe made its root (`_rooted`)."""
        key = (consumer, input_index)
        found = self._alongside.get(key)
        if found is None:
            found = []
            if not accepts_literal(desc) and desc.startswith("L"):
                offset = 1 if consumer.receiver else 0
                for k in range(offset, input_index):
                    other = consumer.type_of(k - offset)
                    if accepts_literal(other.desc):
                        continue
                    roots = dict.fromkeys(step.invokable.returns for recipe in self.recipes(other)
                                          for at, step in enumerate(recipe)
                                          if step.invokable.returns.startswith("L") and at != value_of(recipe))
                    found.extend(Source(SourceKind.ALONGSIDE, k, path, root=root)
                                 for root in roots for path in self.reach(root, desc))
            self._alongside[key] = found
        return found

    def _held(self, sequence: tuple[Invokable, ...], position: int, desc: str, reached: list[Source]) -> list[Source]:
        """The paths that take a `desc` out of the consumer's receiver (the earlier step that is its
        receiver in the plainest wiring), which come before a fresh value: `game.move(hero, …)`
        moves the game's own hero (`game.getHero()`), `level.moveHero(hero, …)` a hero the level
        registered (`level.getHeroes().get(0)`), where a fresh one would stand outside the
        receiver's graph. A path through a collection only when an earlier call on such a receiver
        took a `desc` (`level.registerHero(hero)`): before that the collection may be empty, and
        the call that fills it (`registerHero` itself) wants a new one. A getter only when the
        step that made the receiver, or a later call on it, writes what the getter reads: a unit
        made stands nowhere, so `unit.occupy(unit.getSquare())` and `unit.canEnter(unit.getSquare())`
        are passed null, where a fresh square is what they want."""
        required = sequence[position].required
        if required is None:
            return []
        receiver = next((j for j in range(position)
                         if is_reference(sequence[j].returns) and self.assignable(sequence[j].returns, required)), None)
        if receiver is None:
            return []
        root = sequence[receiver].returns
        acting = [inv for inv in sequence[receiver + 1:position]
                  if inv.required is not None and self.assignable(root, inv.required)]
        given = any(any(self.assignable(Descriptor(desc), param) for param in inv.params) for inv in acting)
        return [source for source in reached if source.index == receiver and (
            given if len(source.recipe or ()) > 1 else self._written(source, [sequence[receiver], *acting]))]

    def _written(self, getter: Source, acting: list[Invokable]) -> bool:
        """Do the calls `acting` on an object write every field the getter path reads of it
        (`unit.squareAhead()` reads the facing a unit is made with and the square it is not)?
        A getter the analysis cannot follow is taken to read what was written."""
        assert getter.recipe is not None
        reads = self.effects(getter.recipe[0].invokable)
        written = {field for inv in acting for field in self.effects(inv).defs}
        return not reads.complete or reads.uses <= written


def _other_arguments(made: GenericType | None, wanted: GenericType) -> bool:
    """Is a result of a generic type another parameterisation of the type wanted (`List<Unit>`
    where a `List<Hero>` is declared)? Its elements are not what the consumer takes."""
    return made is not None and made.desc == wanted.desc and bool(made.args) and bool(wanted.args) \
        and made.concrete and wanted.concrete and made.args != wanted.args


def _kinds_end(fresh: list[Source]) -> int:
    """How many fresh values lead up to the first of the last type they make: each kind of object
    comes before an object taken alongside another argument (`collide(mover, other)` wants a hero
    beside a parsed monster more than the level's other monsters)."""
    made = [source.recipe[value_of(source.recipe)].invokable.returns for source in fresh if source.recipe]
    return max((i + 1 for i, desc in enumerate(made) if desc not in made[:i]), default=0)

