"""One more call at the end of a skeleton that ran (exploration/growth.py): the call wired by its
plainest sources, the skeleton's own steps left as they are, so that the longer skeleton continues
the paths the shorter one reached instead of being wired afresh."""

from __future__ import annotations

import dataclasses
import itertools

from jtc.calls.invokables import Invokable
from jtc.calls.steps import Skeleton, Source, SourceKind, Step, accepts_literal, expand_recipes, is_symbolic_input
from jtc.exploration.input_sources import InputSources
from jtc.exploration.wiring import constants_first, rooted
from jtc.model.signatures import plain
from jtc.model.types import Descriptor, is_reference


def appended(sources: InputSources, skeleton: Skeleton, invokable: Invokable, most: int) -> list[Skeleton]:
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
        choices = [_renumbered(source, at) for source in sources.for_input(sequence, len(at), i, wanted)]
        if not choices:
            return []
        if i >= offset and constants_first(choices) == 1 and not wanted.args:
            plainest.append(_continuing(choices, _helper_made(sources, skeleton, wanted.desc), most))
        else:
            plainest.append(choices[:constants_first(choices)])
    grown = []
    for flat in itertools.islice(itertools.product(*plainest), most):
        step = Step(invokable, tuple(flat))
        if rooted(step):
            grown.append(expand_recipes(skeleton + (step,)))
    return grown


def _helper_made(sources: InputSources, skeleton: Skeleton, desc: Descriptor) -> list[Source]:
    """The objects of type `desc` that helper steps of the skeleton made, the latest first; only
    of the project's types: a JDK value (a class literal, a `Random`) is as good made again,
    and written where it is used."""
    if accepts_literal(desc) or is_symbolic_input(desc) or desc.startswith(("Ljava/", "Ljavax/")):
        return []
    return [Source(SourceKind.REF, i) for i in range(len(skeleton) - 1, -1, -1)
            if skeleton[i].helper and is_reference(skeleton[i].invokable.returns)
            and sources.assignable(skeleton[i].invokable.returns, desc)]


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

