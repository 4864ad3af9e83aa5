"""The wirings of a candidate sequence (seed 002, §4.3): which earlier result, literal, fresh value
or null feeds each input. Every input has a few plainest choices and some others; a wiring's cost is
the number of inputs it feeds otherwise than plainly, so that the generator can run the plain
wirings of a length before the detours. Kept apart from the enumeration of candidates, which only
decides which calls a sequence holds."""

from __future__ import annotations

import itertools
from typing import Callable, Iterator

from jtc.analysis.influence import Effects
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.calls.steps import Recipe, Skeleton, Source, SourceKind, Step, expand_recipes, root_step, value_of
from jtc.config import GenerationOptions
from jtc.exploration.data_flow import data_flows
from jtc.exploration.input_sources import InputSources
from jtc.model.signatures import plain
from jtc.model.types import object_desc

# Wirings examined per accepted one: a candidate whose objects cannot all pass data on (two maps
# where the method under test sees one) has a product of wirings that are all rejected; looking at
# all of them would cost more than running the candidates that pass.
WIRING_TRIES = 16


class Wirings:
    """The data-flow checked wirings of candidate sequences."""

    def __init__(self, sources: InputSources, configured: Callable[[Invokable, Invokable, int], list[Source]],
                 effects: Callable[[Invokable], Effects], options: GenerationOptions) -> None:
        """`configured` as SequenceGenerator's; `effects` its cached analysis, for the data-flow check."""
        self.sources = sources
        self.configured = configured
        self.effects = effects
        self.options = options

    def of(self, sequence: tuple[Invokable, ...], deviations: int | None = None) -> Iterator[Skeleton]:
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
                choices = self.sources.for_input(sequence, position, i, wanted)
                first = constants_first(choices)
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
            for flat in itertools.islice(_deviating(options, plainest, open_inputs, count),
                                         self.options.max_wirings * WIRING_TRIES):
                steps = _steps(sequence, flat)
                if not all(rooted(step) for step in steps):
                    continue
                if not self.options.data_flow_check or data_flows(steps, self.effects):
                    yield expand_recipes(steps)
                    accepted += 1
                    if accepted >= self.options.max_wirings:
                        break


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

def _steps(sequence: tuple[Invokable, ...], flat: list[Source]) -> tuple[Step, ...]:
    steps, position = [], 0
    for invokable in sequence:
        width = len(invokable.inputs)
        steps.append(Step(invokable, tuple(flat[position:position + width])))
        position += width
    return tuple(steps)


def constants_first(choices: list[Source]) -> int:
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



def rooted(step: Step) -> bool:
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
