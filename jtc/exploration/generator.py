"""Candidate sequence generation (seed 002, §4.3): which call sequences are worth exploring.

Sequences grow backwards from the method under test: an invokable is put in front only when it
could influence the rest (its result may be an argument there, it may define a field or array
element the rest may use). Partial order reduction keeps one order of invokables that cannot
influence one another. Each candidate is then wired (which earlier result feeds which reference
argument, or a literal, a fresh value made by a recipe, or null) and a wiring survives only when data
can flow from every statement into the method under test (§4.3.3). Everything is enumerated lazily, length by length
(iterative deepening), so memory holds one sequence per level, never the whole set.

This module enumerates the candidates and orders them by cost; where an input may come from
(input_sources.py), the wirings (wiring.py), the data-flow check (data_flow.py) and the growth of a
skeleton by one call (appending.py) are modules of their own.
"""

from __future__ import annotations

from typing import Callable, Iterator

from jtc.analysis.influence import Effects
from jtc.calls.invokables import Invokable
from jtc.calls.steps import Recipe, Skeleton, Source, is_symbolic_input
from jtc.config import GenerationOptions
from jtc.exploration.appending import appended
from jtc.exploration.input_sources import InputSources
from jtc.exploration.wiring import Wirings
from jtc.model.signatures import GenericType
from jtc.model.types import STRING_LIKE, Descriptor, is_reference


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
        self.number = {inv: position for position, inv in enumerate(self.pool)}  # partial order reduction
        self._effects = effects
        self.assignable = assignable
        self.configured = configured
        self.options = options
        self._influence: dict[tuple[Invokable, Invokable], bool] = {}
        self._effect_cache: dict[Invokable, Effects] = {}
        self.sources = InputSources(assignable, fresh, self.effects, from_steps, prepared, valid, reach)
        self._wirings = Wirings(self.sources, configured, self.effects, options)
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
                                    if is_reference(p.returns)) and not self.sources.fresh_receivers(receiver) \
                    and not (position == len(sequence) - 1 and self.configured(invokable, invokable, 0)):
                missing.add(receiver)
        return sum(1 for desc in missing if not any(other != desc and self.assignable(other, desc) for other in missing))

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

    # ---- wirings (exploration/wiring.py, exploration/appending.py) -----------------------------

    def wirings(self, sequence: tuple[Invokable, ...], deviations: int | None = None) -> Iterator[Skeleton]:
        """The sequence's wirings, data-flow checked (`Wirings.of`)."""
        return self._wirings.of(sequence, deviations)

    def appended(self, skeleton: Skeleton, invokable: Invokable, most: int) -> list[Skeleton]:
        """`skeleton` with one more call at its end, plainly wired (exploration/appending.py)."""
        return appended(self.sources, skeleton, invokable, most)
