"""A seeded loop as a person writes it: `Random random = new Random(7); for (…) { … }`, whose steps
make the calls of the loop's moves (model/loops.py; its shape: templates/blocks.java.j2)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from jtc.emit.expressions import Expressions
from jtc.emit.java_text import block
from jtc.model.loops import SeededLoop
from jtc.model.program import VarRef
from jtc.model.types import Descriptor, InternalName

RANDOM = InternalName("java/util/Random")


@dataclass(frozen=True)
class _Branch:
    """One move of a step: taken when `test` holds of the draw, it makes `call`."""

    test: str
    call: str


def seeded_loop(loop: SeededLoop, expressions: Expressions) -> list[str]:
    """The lines of the loop: a move picked by the draw below the weights' sum, its int arguments
    drawn below the bound."""
    local_names = expressions.local_names
    random_type = expressions.spelling.spell_class(RANDOM)
    random, step = local_names.allocate("random"), local_names.allocate("step")
    drawn = f"{random}.nextInt({loop.bound})"
    calls = []
    for move in loop.moves:  # a drawn argument is written as a local would be: by a name of its own
        slots = {position: VarRef(-1 - position, Descriptor("I")) for position in move.drawn}
        expressions.variables.update({slot.index: (drawn, Descriptor("I")) for slot in slots.values()})
        args = tuple(slots.get(position, value) for position, value in enumerate(move.call.args))
        calls.append(f"{expressions.call(dataclasses.replace(move.call, args=args), discarded=True)};")
    picked = local_names.allocate("move") if len(calls) > 1 else ""
    branches = [_Branch(f"{picked} == {limit - 1}" if weight == 1 else f"{picked} < {limit}", call)  # past the moves before
                for call, limit, weight in zip(calls, loop.thresholds(), loop.weights)]
    return block("seeded_loop", random_type=random_type, random=random, seed=loop.seed, step=step, steps=loop.steps,
                 picked=picked, draws=loop.thresholds()[-1], branches=branches).split("\n")
