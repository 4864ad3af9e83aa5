"""Candidate sequence generation (seed 002, §4.3): which call sequences are worth exploring.

Sequences grow backwards from the method under test: an invokable is put in front only when it
could influence the rest (its result may be an argument there, it may define a field or array
element the rest may use). Partial order reduction keeps one order of invokables that cannot
influence one another. Each candidate is then wired (which earlier result feeds which reference
argument, or null, or a fresh boxed value) and a wiring survives only when data can flow from every
statement into the method under test (§4.3.3). Everything is enumerated lazily, length by length
(iterative deepening), so memory holds one sequence per level, never the whole set.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable, Iterator

from jtc.analysis.influence import Effects, FieldRef
from jtc.config import GenerationOptions
from jtc.model.types import STRING, is_array, is_primitive, is_reference
from jtc.search.invokables import ARRAY, FACTORY, NEW, PUT, PUT_STATIC, Invokable

INPUT = "input"  # a symbolic input (primitives, Strings, arrays of primitives)
REF = "ref"  # the result of an earlier step
NULL = "null"
FRESH = "fresh"  # a value factory step inserted right before (Integer.valueOf(x))

# Wirings examined per accepted one: a candidate whose objects cannot all pass data on (two maps
# where the method under test sees one) has a product of wirings that are all rejected; looking at
# all of them would cost more than running the candidates that pass.
WIRING_TRIES = 16

EMPTY = Effects(frozenset(), frozenset(), frozenset(), frozenset(), frozenset(), True)


@dataclass(frozen=True)
class Source:
    kind: str
    index: int = -1  # REF: the step whose result is used
    factory: Invokable | None = None  # FRESH


@dataclass(frozen=True)
class Step:
    """One statement of a wired sequence: an invokable and where each of its inputs comes from."""

    invokable: Invokable
    sources: tuple[Source, ...]  # parallel to invokable.inputs (receiver first)


Skeleton = tuple[Step, ...]


def is_symbolic_input(desc: str) -> bool:
    return is_primitive(desc) or desc == STRING or (is_array(desc) and is_primitive(desc[1:]))


class SequenceGenerator:
    """Candidate sequences and their wirings for a pool of invokables."""

    def __init__(self, pool: list[Invokable], effects: Callable[[Invokable], Effects],
                 assignable: Callable[[str, str], bool], factories: Callable[[str], list[Invokable]],
                 options: GenerationOptions) -> None:
        self.pool = [inv for inv in pool if inv.kind != FACTORY]
        self.number = {inv: position for position, inv in enumerate(self.pool)}  # partial order reduction
        self._effects = effects
        self.assignable = assignable
        self.factories = factories
        self.options = options
        self._influence: dict[tuple[Invokable, Invokable], bool] = {}
        self._effect_cache: dict[Invokable, Effects] = {}
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
        return is_reference(result) and result != STRING and any(
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

    def candidates(self, target: Invokable, length: int) -> Iterator[tuple[Invokable, ...]]:
        """Invokable sequences of exactly `length` that end with `target`, each could-influence-checked."""
        yield from self._grow((target,), length)

    def _grow(self, suffix: tuple[Invokable, ...], length: int) -> Iterator[tuple[Invokable, ...]]:
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
            yield from self._grow((invokable,) + suffix, length)

    def _missing_receivers(self, sequence: tuple[Invokable, ...]) -> int:
        """Receiver types that no earlier invokable produces: each needs one more step in front."""
        missing = set()
        for position, invokable in enumerate(sequence):
            receiver = invokable.required
            if receiver and not any(self.assignable(p.returns, receiver) for p in sequence[:position]
                                    if is_reference(p.returns)):
                missing.add(receiver)
        return len(missing)

    def executable(self, sequence: tuple[Invokable, ...]) -> bool:
        return self._missing_receivers(sequence) == 0

    def skeletons(self, targets: list[Invokable],
                  wanted: Callable[[Invokable], bool] = lambda target: True) -> Iterator[Skeleton]:
        """All wired candidates, cheapest first (iterative deepening on cost). A wired candidate costs
        its length plus one for every input fed otherwise than by its first choice (a fresh boxed
        value, else the first earlier result that fits): a second object passed where a value would
        do, a null, or another receiver is worth trying, but only once the plainer sequences of that
        length ran. Costs stop at `max_length`. `completed_length` is the last cost level enumerated
        completely: every candidate of that length or shorter came in its plainest wiring. A target
        that `wanted` refuses (asked again at each length) gets no candidates: enumerating them only
        for the session to skip them cost more than running the others (a record's `equals(Object)`
        takes any object the pool makes)."""
        for cost in range(1, self.options.max_length + 1):
            for target in targets:
                for length in range(1, cost + 1):
                    if not wanted(target):
                        break
                    for sequence in self.candidates(target, length):
                        yield from self.wirings(sequence, deviations=cost - length)
            self.completed_length = cost

    # ---- wirings -------------------------------------------------------------------------------

    def wirings(self, sequence: tuple[Invokable, ...], deviations: int | None = None) -> Iterator[Skeleton]:
        """Ways to feed the reference inputs, data-flow checked, factories expanded into steps.

        With `deviations`, only the wirings that leave the first choice at exactly that many inputs;
        otherwise all of them, fewest deviations first. At most `max_wirings` per deviation count,
        out of at most WIRING_TRIES times as many examined, so that one candidate with many
        reference parameters cannot hold up the deepening."""
        options = []
        for position, invokable in enumerate(sequence):
            for i, desc in enumerate(invokable.inputs):
                options.append(self._sources(sequence, position, desc,
                                             is_receiver=(i == 0 and invokable.required is not None)))
        if any(not choices for choices in options):
            return
        open_inputs = [k for k, choices in enumerate(options) if len(choices) > 1]
        counts = range(len(open_inputs) + 1) if deviations is None else [deviations]
        for count in counts:
            accepted = 0
            for flat in itertools.islice(self._deviating(options, open_inputs, count),
                                         self.options.max_wirings * WIRING_TRIES):
                steps = self._steps(sequence, flat)
                if not self.options.data_flow_check or self.data_flows(steps):
                    yield expand_factories(steps)
                    accepted += 1
                    if accepted >= self.options.max_wirings:
                        break

    @staticmethod
    def _deviating(options: list[list[Source]], open_inputs: list[int], count: int) -> Iterator[list[Source]]:
        """Every choice of sources that differs from the first choice at exactly `count` inputs."""
        for chosen in itertools.combinations(open_inputs, count):
            for alternatives in itertools.product(*(options[k][1:] for k in chosen)):
                flat = [choices[0] for choices in options]
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

    def _sources(self, sequence: tuple[Invokable, ...], position: int, desc: str, is_receiver: bool) -> list[Source]:
        if is_symbolic_input(desc):
            return [Source(INPUT)]
        earlier = [Source(REF, j) for j in range(position)
                   if is_reference(sequence[j].returns) and self.assignable(sequence[j].returns, desc)]
        if is_receiver:
            return earlier
        fresh = [Source(FRESH, factory=f) for f in self.factories(desc)]
        return fresh + earlier + [Source(NULL)]

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
        if any(s.kind == REF and s.index == i for s in steps[j].sources):
            return True
        earlier, later = self.effects(steps[i].invokable), self.effects(steps[j].invokable)
        if cluster[i] == cluster[j]:
            return earlier.influences(later)
        return _static_flow(earlier, later)


def _static_flow(earlier: Effects, later: Effects) -> bool:
    return any(field.is_static for field in earlier.defs & later.uses)


def _clusters(steps: tuple[Step, ...]) -> list[int]:
    """Steps that share an object (one's result is another's input) end up in one cluster."""
    parent = list(range(len(steps)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for j, step in enumerate(steps):
        for source in step.sources:
            if source.kind == REF:
                parent[find(source.index)] = find(j)
    return [find(i) for i in range(len(steps))]


def expand_factories(steps: tuple[Step, ...]) -> Skeleton:
    """Turn FRESH sources into factory steps placed right before their consumer, renumbering REFs."""
    if not any(s.kind == FRESH for step in steps for s in step.sources):
        return steps
    expanded: list[Step] = []
    new_index: dict[int, int] = {}
    for old, step in enumerate(steps):
        sources = []
        for source in step.sources:
            if source.kind == FRESH:
                expanded.append(Step(source.factory, (Source(INPUT),)))  # type: ignore[arg-type]
                sources.append(Source(REF, len(expanded) - 1))
            elif source.kind == REF:
                sources.append(Source(REF, new_index[source.index]))
            else:
                sources.append(source)
        new_index[old] = len(expanded)
        expanded.append(Step(step.invokable, tuple(sources)))
    return tuple(expanded)


def length_of(skeleton: Skeleton) -> int:
    """Sequence length as iterative deepening counts it: factories are arguments, not steps."""
    return sum(1 for step in skeleton if step.invokable.kind != FACTORY)


def effects_of_store(invokable: Invokable) -> Effects:
    """Field stores and array constructors define exactly what they name."""
    if invokable.kind in (PUT, PUT_STATIC):
        field = FieldRef(invokable.owner, invokable.name, invokable.desc, invokable.kind == PUT_STATIC)
        return Effects(frozenset({field}), frozenset(), frozenset(), frozenset(), frozenset(), True)
    if invokable.kind == ARRAY:
        return Effects(frozenset(), frozenset(), frozenset({invokable.desc[1:]}), frozenset(), frozenset(), True)
    return EMPTY


def methods_under_test(pool: list[Invokable], under_test: str) -> list[Invokable]:
    """Every constructor and method of the class under test and its nested classes (stores and
    factories only set up state)."""
    return [inv for inv in pool if (inv.owner == under_test or inv.owner.startswith(under_test + "$"))
            and inv.kind not in (PUT, PUT_STATIC, ARRAY, FACTORY)]
