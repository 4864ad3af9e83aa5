"""Sequences grown from what ran (feedback, as Randoop grows its sequences): a run that took a new
branch of the class under test, or ran a member for the first time, is continued by one more call.

The candidate generator orders sequences statically, by length and wiring cost, and a state that
takes several calls in a set order to reach is deep in that order: a level that takes moves only
once a hero joined and it was started is `registerHero; start; moveHero`, one of some 15,600
wired candidates of length 4 on the dungeon sample, where a 20 s search runs about 500. But the
search sees when a run got somewhere new: `start` on a level with a hero took the branch that sets
it going. Such a run, whose every statement completed, is grown at once by each instance call of
the class under test that may read what its last call wrote of the sequence's objects, on them (the receiver the sequence
made, the hero the level holds), so that the states the run reached are where the next calls
start. The grown skeleton keeps the run's steps as they are: it joins the constraint tree below
the paths its prefix already took, with their inputs, and the solver goes on from there.
"""

from __future__ import annotations

from jtc.calls.invokables import Invokable, InvokableKind
from jtc.calls.steps import Skeleton, length_of
from jtc.exploration.generator import SequenceGenerator
from jtc.model.types import object_desc

GROWN_PER_CALL = 4  # wirings of one appended call (a move in each of four directions)
GROWN_PER_RUN = 24  # skeletons grown out of one run


class Growth:
    """The skeletons that continue a run: the instance calls under test that may read what its last
    call wrote."""

    def __init__(self, generator: SequenceGenerator, targets: list[Invokable], longest: int) -> None:
        """`targets` are the members under test; `longest` the length no grown skeleton exceeds."""
        self.generator = generator
        self.calls = [target for target in targets if target.kind == InvokableKind.CALL]
        self.longest = longest

    def extensions(self, skeleton: Skeleton) -> list[Skeleton]:
        """`skeleton` with one more call at its end, for each instance call under test that may read
        what its last statement wrote of the sequence's objects: a call on an object carries on its
        state, where a fresh object of a constructor starts over, and a static call fed another's result is only a longer
        candidate (ArrayUtils' hundreds of array methods feed one another: grown chains of them
        cost it 8% of its branches at 1,000 executions)."""
        if length_of(skeleton) >= self.longest:
            return []
        last = next(step.invokable for step in reversed(skeleton) if not step.helper)
        held = {step.invokable.returns for step in skeleton if step.invokable.returns.startswith("L")}
        grown: list[Skeleton] = []
        for call in self.calls:
            if self._continues(last, call, held):
                grown.extend(self.generator.appended(skeleton, call, GROWN_PER_CALL))
            if len(grown) >= GROWN_PER_RUN:
                break
        return grown[:GROWN_PER_RUN]

    def _continues(self, last: Invokable, call: Invokable, held: set[str]) -> bool:
        """Could `call` read a field that `last` wrote of an object the sequence holds (of a type
        one of its steps returns, or a supertype)? The static influence between candidates
        counts more: a call through a JDK interface stands for every user class implementing it,
        so `team.strongest(players)` iterating a list "writes" a cursor of another class's
        iterator, and growing it only repeats stateless calls."""
        shared = self.generator.effects(last).defs & self.generator.effects(call).uses
        return any(self.generator.assignable(desc, object_desc(field.owner)) for field in shared for desc in held)
