"""Candidate sequence generation (seed 002, §4.3): which call sequences are worth exploring.

Sequences grow backwards from the method under test: an invokable is put in front only when it
could influence the rest (its result may be an argument there, it may define a field or array
element the rest may use). Partial order reduction keeps one order of invokables that cannot
influence one another. Each candidate is then wired (which earlier result feeds which reference
argument, or a literal, a fresh value made by a recipe, or null) and a wiring survives only when data
can flow from every statement into the method under test (§4.3.3). Everything is enumerated lazily, length by length
(iterative deepening), so memory holds one sequence per level, never the whole set.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Callable, Iterator

from jtc.analysis.influence import Effects
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.calls.steps import (Recipe, Skeleton, Source, SourceKind, Step, accepts_literal, expand_recipes,
                             is_symbolic_input, literal_sources, root_step, value_of)
from jtc.config import GenerationOptions
from jtc.model.signatures import GenericType, plain
from jtc.model.types import (
    CHAR_SEQUENCE_CLASS, CHAR_SEQUENCE_DESC, Descriptor, InternalName, STRING_CLASS, STRING_DESC, STRING_LIKE,
    TEXT_TOO, is_reference, object_desc)

# Wirings examined per accepted one: a candidate whose objects cannot all pass data on (two maps
# where the method under test sees one) has a product of wirings that are all rejected; looking at
# all of them would cost more than running the candidates that pass.
WIRING_TRIES = 16


TEXT_BUILDER = "Ljava/lang/StringBuilder;"  # text that is no String, for code that tells the two apart


class SequenceGenerator:
    """Candidate sequences and their wirings for a pool of invokables."""

    def __init__(self, pool: list[Invokable], effects: Callable[[Invokable], Effects],
                 assignable: Callable[[Descriptor, Descriptor], bool], fresh: Callable[[GenericType], list[Recipe]],
                 options: GenerationOptions, from_steps: Callable[[Descriptor], bool] = lambda desc: False,
                 prepared: Callable[[GenericType, Invokable], list[Recipe]] = lambda wanted, consumer: [],
                 valid: Callable[[Invokable, int], list[Source]] = lambda consumer, position: [],
                 reach: Callable[[Descriptor, Descriptor], list[Recipe]] = lambda root, wanted: [],
                 configured: Callable[[Invokable, Invokable, int], list[Source]] = lambda target, consumer, position: []
                 ) -> None:
        """`fresh` gives the recipes for a type; `from_steps` tells the types whose objects always come
        from steps of the sequence (the class under test, the iterators it returns), so that the
        calls of the sequence act on them; `prepared` gives recipes for an argument of a consumer
        followed by a call that sets what the consumer reads (tried after the plain recipes); `valid`
        gives the sources of a consumer's input that a sub-search found it accepts (tried first);
        `reach` the paths that take a value of a type (the second) out of an object of another;
        `configured` the sources of an input of a way in (the second) that configure what it makes for
        a member under test (the first): as plain as the input's first choice in that member's
        sequences (making/valid_inputs.py)."""
        self.pool = list(pool)
        self.from_steps = from_steps
        self.number = {inv: position for position, inv in enumerate(self.pool)}  # partial order reduction
        self._effects = effects
        self.assignable = assignable
        self.fresh = fresh
        self.prepared = prepared
        self.valid = valid
        self.reach = reach
        self.configured = configured
        self.options = options
        self._recipes: dict[GenericType, list[Recipe]] = {}
        self._influence: dict[tuple[Invokable, Invokable], bool] = {}
        self._effect_cache: dict[Invokable, Effects] = {}
        self._alongside: dict[tuple[Invokable, int], list[Source]] = {}
        self._told: dict[tuple[Invokable, str], list[Source]] = {}
        self.completed_length = 0  # every candidate up to this length has been enumerated

    # ---- static influence ----------------------------------------------------------------------

    def effects(self, invokable: Invokable) -> Effects:
        cached = self._effect_cache.get(invokable)
        if cached is None:
            cached = self._effect_cache[invokable] = self._effects(invokable)
        return cached

    def feeds(self, producer: Invokable, consumer: Invokable) -> bool:
        """Return → argument: the producer's result can be one of the consumer's reference inputs."""
        result = producer.returns
        return is_reference(result) and result not in STRING_LIKE and any(
            is_reference(desc) and not is_symbolic_input(desc) and self.assignable(result, desc)
            for desc in consumer.inputs)

    def influences(self, earlier: Invokable, later: Invokable) -> bool:
        """Could `earlier` change what `later` does? (return → argument, define → use, store → load)"""
        key = (earlier, later)
        known = self._influence.get(key)
        if known is None:
            known = self._influence[key] = self.feeds(earlier, later) or \
                self.effects(earlier).influences(self.effects(later))
        return known

    # ---- candidate sequences -------------------------------------------------------------------

    def candidates(self, target: Invokable, length: int,
                   stop: Callable[[], bool] = lambda: False) -> Iterator[tuple[Invokable, ...]]:
        """Invokable sequences of exactly `length` that end with `target`, each could-influence-checked.
        Ends early once `stop()` is true (a large pool can hold more candidates than any budget)."""
        yield from self._grow((target,), length, stop)

    def _grow(self, suffix: tuple[Invokable, ...], length: int,
              stop: Callable[[], bool]) -> Iterator[tuple[Invokable, ...]]:
        if stop():
            return
        if len(suffix) == length:
            if self.executable(suffix):
                yield suffix
            return
        if self._missing_receivers(suffix) > length - len(suffix):
            return
        first = suffix[0]
        for invokable in self.pool:
            if not any(self.influences(invokable, later) for later in suffix):
                continue
            if self.options.partial_order_reduction and self.number[invokable] > self.number.get(first, -1) \
                    and not self.influences(invokable, first):
                continue
            yield from self._grow((invokable,) + suffix, length, stop)

    def _missing_receivers(self, sequence: tuple[Invokable, ...]) -> int:
        """Receiver types that no earlier invokable produces and no recipe makes (nor, for the last
        call, a configured receiver): each needs one more step in front, except a supertype of
        another missing one (the step that makes a `SinglePlayerGame` for `getHero()` makes the
        `Game` for `move` too)."""
        missing = set()
        for position, invokable in enumerate(sequence):
            receiver = invokable.required
            if receiver and not any(self.assignable(p.returns, receiver) for p in sequence[:position]
                                    if is_reference(p.returns)) and not self._fresh_receivers(receiver) \
                    and not (position == len(sequence) - 1 and self.configured(invokable, invokable, 0)):
                missing.add(receiver)
        return sum(1 for desc in missing if not any(other != desc and self.assignable(other, desc) for other in missing))

    def _fresh_receivers(self, desc: Descriptor) -> list[Recipe]:
        """Recipes for a receiver: none for the types whose objects come from steps."""
        return [] if self.from_steps(desc) else self.recipes(plain(desc))

    def recipes(self, wanted: GenericType) -> list[Recipe]:
        cached = self._recipes.get(wanted)
        if cached is None:
            cached = self._recipes[wanted] = self.fresh(wanted)
        return cached

    def executable(self, sequence: tuple[Invokable, ...]) -> bool:
        return self._missing_receivers(sequence) == 0

    def skeletons(self, targets: list[Invokable], stop: Callable[[], bool] = lambda: False,
                  wanted: Callable[[Invokable], bool] = lambda target: True) -> Iterator[Skeleton]:
        """All wired candidates, cheapest first (iterative deepening on cost). A wired candidate costs
        its length plus one for every input fed otherwise than by its first choice (a literal, else
        the cheapest recipe, else the first earlier result that fits; each constant of an enum is a
        first choice): a second object passed where a
        value would do, a null, or another receiver is worth trying, but only once the plainer
        sequences of that length ran. Costs stop at `max_length`. `completed_length` is the last cost level enumerated
        completely: every candidate of that length or shorter came in its plainest wiring. A target
        that `wanted` refuses (asked again at each length) gets no candidates: enumerating them only
        for the session to skip them cost more than running the others (a record's `equals(Object)`
        takes any object the pool makes). Within a cost, the targets take turns, one candidate each:
        a static factory fed by forty ways to configure its argument (CSVParser.parse after each of
        CSVFormat's `with…` methods) would otherwise keep the instance methods of what it makes
        waiting for the whole budget. The enumeration ends once `stop()` is true."""
        for cost in range(1, self.options.max_length + 1):
            turns = [self._of_cost(target, cost, stop, wanted) for target in targets]
            while turns:
                for turn in list(turns):
                    skeleton = next(turn, None)
                    if skeleton is None:
                        turns.remove(turn)
                    else:
                        yield skeleton
            if stop():
                return
            self.completed_length = cost

    def _of_cost(self, target: Invokable, cost: int, stop: Callable[[], bool],
                 wanted: Callable[[Invokable], bool]) -> Iterator[Skeleton]:
        """The wired candidates of one target that cost exactly `cost`, shortest sequences first."""
        for length in range(1, cost + 1):
            if not wanted(target):
                return
            for sequence in self.candidates(target, length, stop):
                yield from self.wirings(sequence, deviations=cost - length)

    # ---- wirings -------------------------------------------------------------------------------

    def wirings(self, sequence: tuple[Invokable, ...], deviations: int | None = None) -> Iterator[Skeleton]:
        """Ways to feed the reference inputs, data-flow checked, recipes expanded into helper steps.

        With `deviations`, only the wirings that leave the first choice at exactly that many inputs;
        otherwise all of them, fewest deviations first. At most `max_wirings` per deviation count,
        out of at most WIRING_TRIES times as many examined, so that one candidate with many
        reference parameters cannot hold up the deepening."""
        options, plainest = [], []
        for position, invokable in enumerate(sequence):
            offset = 1 if invokable.receiver else 0
            for i, desc in enumerate(invokable.inputs):
                wanted = plain(desc) if i < offset else invokable.type_of(i - offset)
                choices = self._sources(sequence, position, i, wanted)
                first = _constants_first(choices)
                configured = [c for c in self.configured(sequence[-1], invokable, i) if c not in choices[:first]]
                if configured:
                    first = min(first, len(choices))
                    choices = choices[:first] + configured + [c for c in choices[first:] if c not in configured]
                options.append(choices)
                plainest.append(first + len(configured))
        if any(not choices for choices in options):
            return
        open_inputs = [k for k, choices in enumerate(options) if len(choices) > plainest[k]]
        counts = range(len(open_inputs) + 1) if deviations is None else [deviations]
        for count in counts:
            accepted = 0
            for flat in itertools.islice(self._deviating(options, plainest, open_inputs, count),
                                         self.options.max_wirings * WIRING_TRIES):
                steps = self._steps(sequence, flat)
                if not all(_rooted(step) for step in steps):
                    continue
                if not self.options.data_flow_check or self.data_flows(steps):
                    yield expand_recipes(steps)
                    accepted += 1
                    if accepted >= self.options.max_wirings:
                        break

    def appended(self, skeleton: Skeleton, invokable: Invokable, most: int) -> list[Skeleton]:
        """`skeleton` (wired and expanded, as it ran) with one more call at its end, its inputs fed by
        their plainest sources (each constant of an enum is one: a move in every direction), at most
        `most` wirings. The skeleton's own steps stay as they are, so that the longer skeleton
        continues the paths it already has (exploration/growth.py). An object argument is one the
        sequence holds, one it took out of what it holds, or one a helper step made for an earlier
        call: the call continues on the state the run reached (the hero that joined the level, not
        a new one). When it holds none, each of the first ways to make one is a plainest choice, as
        an enum's constants are (a command parsed from each text a sub-search found valid). A
        generic type takes its plainest choice as a static wiring would: the search wires by
        erasure, and a list of players the sequence holds is no list of scores."""
        at = [i for i, step in enumerate(skeleton) if not step.helper]  # sequence position -> skeleton index
        sequence = tuple(skeleton[i].invokable for i in at) + (invokable,)
        offset = 1 if invokable.receiver else 0
        plainest = []
        for i, desc in enumerate(invokable.inputs):
            wanted = plain(desc) if i < offset else invokable.type_of(i - offset)
            choices = [_renumbered(source, at) for source in self._sources(sequence, len(at), i, wanted)]
            if not choices:
                return []
            if i >= offset and _constants_first(choices) == 1 and not wanted.args:
                plainest.append(_continuing(choices, self._helper_made(skeleton, wanted.desc), most))
            else:
                plainest.append(choices[:_constants_first(choices)])
        grown = []
        for flat in itertools.islice(itertools.product(*plainest), most):
            step = Step(invokable, tuple(flat))
            if _rooted(step):
                grown.append(expand_recipes(skeleton + (step,)))
        return grown

    def _helper_made(self, skeleton: Skeleton, desc: Descriptor) -> list[Source]:
        """The objects of type `desc` that helper steps of the skeleton made, the latest first; only
        of the project's types: a JDK value (a class literal, a `Random`) is as good made again,
        and written where it is used."""
        if accepts_literal(desc) or is_symbolic_input(desc) or desc.startswith(("Ljava/", "Ljavax/")):
            return []
        return [Source(SourceKind.REF, i) for i in range(len(skeleton) - 1, -1, -1)
                if skeleton[i].helper and is_reference(skeleton[i].invokable.returns)
                and self.assignable(skeleton[i].invokable.returns, desc)]

    @staticmethod
    def _deviating(options: list[list[Source]], plainest: list[int], open_inputs: list[int],
                   count: int) -> Iterator[list[Source]]:
        """Every choice of sources that leaves the plainest choices (the first `plainest[k]` of
        input k) at exactly `count` inputs."""
        for chosen in itertools.combinations(open_inputs, count):
            plain_choices = [choices[:plainest[k]] if k not in chosen else choices[:1] for k, choices in enumerate(options)]
            for alternatives in itertools.product(*(options[k][plainest[k]:] for k in chosen)):
                for kept in itertools.product(*plain_choices):
                    flat = list(kept)
                    for k, source in zip(chosen, alternatives):
                        flat[k] = source
                    yield flat

    @staticmethod
    def _steps(sequence: tuple[Invokable, ...], flat: list[Source]) -> tuple[Step, ...]:
        steps, position = [], 0
        for invokable in sequence:
            width = len(invokable.inputs)
            steps.append(Step(invokable, tuple(flat[position:position + width])))
            position += width
        return tuple(steps)

    def _sources(self, sequence: tuple[Invokable, ...], position: int, input_index: int,
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
            return earlier + valid + [Source(SourceKind.FRESH, recipe=r) for r in self._fresh_receivers(desc)] + reached
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

    def data_flows(self, steps: tuple[Step, ...]) -> bool:
        """Can every step pass data to a later one that (transitively) reaches the last step? (§4.3.3)"""
        cluster = _clusters(steps)
        live = [False] * len(steps)
        live[-1] = True
        for i in range(len(steps) - 2, -1, -1):
            live[i] = any(live[j] and self._flows(steps, cluster, i, j) for j in range(i + 1, len(steps)))
            if not live[i]:
                return False
        return True

    def _flows(self, steps: tuple[Step, ...], cluster: list[int], i: int, j: int) -> bool:
        if any(s.kind in (SourceKind.REF, SourceKind.TAKEN) and s.index == i for s in steps[j].sources):
            return True
        earlier, later = self.effects(steps[i].invokable), self.effects(steps[j].invokable)
        if cluster[i] == cluster[j]:
            return earlier.influences(later)
        return _static_flow(earlier, later)


def _static_flow(earlier: Effects, later: Effects) -> bool:
    return any(field.is_static for field in earlier.defs & later.uses)


def _clusters(steps: tuple[Step, ...]) -> list[int]:
    """Steps that share an object (one's result, or an object taken out of it, is another's input)
    end up in one cluster."""
    parent = list(range(len(steps)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for j, step in enumerate(steps):
        for source in step.sources:
            if source.kind in (SourceKind.REF, SourceKind.TAKEN):
                parent[find(source.index)] = find(j)
    return [find(i) for i in range(len(steps))]


def _constants_first(choices: list[Source]) -> int:
    """How many of an input's choices are equally plain: the constants of its type that lead its
    choices (`Direction.NORTH`, `EAST`, … for an enum), else the first choice alone. A constant is
    a value like a literal, not a detour: `level.moveHero(hero, Direction.EAST)` costs what
    `level.moveHero(hero, Direction.NORTH)` costs, where only a move east reaches the gold."""
    count = 0
    while count < len(choices) and _constant(choices[count], choices[0]):
        count += 1
    return max(count, 1)


def _constant(source: Source, first: Source) -> bool:
    """A fresh value read from a static field of its own type's class, as `first` is."""
    if source.kind != SourceKind.FRESH or source.recipe is None or len(source.recipe) != 1:
        return False
    assert first.recipe is not None
    step, leading = source.recipe[0].invokable, first.recipe[0].invokable
    return step.kind == InvokableKind.GET_STATIC and step.owner == leading.owner and step.returns == leading.returns \
        and step.returns == object_desc(step.owner)


def _continuing(choices: list[Source], made: list[Source], most: int) -> list[Source]:
    """The plainest choices of an object argument of a grown call: the first object of the sequence
    (an earlier result or an object taken out of one, else one a helper step made), or else up to
    `most` fresh ones, else the first choice."""
    held = [source for source in choices if source.kind in (SourceKind.REF, SourceKind.TAKEN)] + made
    if held:
        return held[:1]
    return [source for source in choices if source.kind == SourceKind.FRESH][:most] or choices[:1]


def _renumbered(source: Source, at: list[int]) -> Source:
    """A source that names a step of a sequence by its position, naming it by its index in the
    expanded skeleton instead (`at`: position -> index)."""
    if source.kind in (SourceKind.REF, SourceKind.TAKEN):
        return dataclasses.replace(source, index=at[source.index])
    return source


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


def _rooted(step: Step) -> bool:
    """Does every ALONGSIDE source of the step find its root in the recipe its input got, and take
    another object out of it than that input's (`level.getStartSquares().get(0)` twice is one square)?"""
    for source in step.sources:
        if source.kind == SourceKind.ALONGSIDE:
            made = step.sources[source.index]
            at = root_step(made, source.root)
            if at is None:
                return False
            assert made.recipe is not None and source.recipe is not None
            if _same_path(made.recipe[at + 1:value_of(made.recipe) + 1], source.recipe):
                return False
    return True


def _same_path(taken: Recipe, path: Recipe) -> bool:
    """Do two paths out of one root take the same object (the same calls, with the same values)?"""
    return len(taken) == len(path) and all(
        a.invokable == b.invokable and [s.value for s in a.sources if s.kind == SourceKind.VALUE]
        == [s.value for s in b.sources if s.kind == SourceKind.VALUE] for a, b in zip(taken, path))
