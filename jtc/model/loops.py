"""A seeded random walk written as a loop: `Random random = new Random(7); for (…) { … }`.

Some faults show only after thousands of calls: a red-black tree whose recolouring is wrong stays
a valid search tree and breaks (a null sibling) only when a later deletion meets the shape the
wrong colour left. No straight-line test is that long, and none a person would read; a person
writes a loop over `java.util.Random` with a fixed seed. jtc does the same, and because
`java.util.Random` is specified to the bit (a 48-bit linear congruential generator), the calls the
loop makes are known here in advance: the test runs, is judged and is written as the straight-line
program the loop unrolls to, and rendered as the loop.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from jtc.model.program import Invoke, Literal, Statement
from jtc.model.types import Descriptor

_MULTIPLIER = 0x5DEECE66D
_MASK = (1 << 48) - 1


class JavaRandom:
    """`java.util.Random`, replayed: the same seed gives the same numbers as on any JVM."""

    def __init__(self, seed: int) -> None:
        self._state = (seed ^ _MULTIPLIER) & _MASK

    def _next(self, bits: int) -> int:
        self._state = (self._state * _MULTIPLIER + 0xB) & _MASK
        value = self._state >> (48 - bits)
        return value - (1 << 32) if value >= 1 << 31 else value  # Java's (int) of the shifted long

    def next_int(self, bound: int) -> int:
        """`nextInt(bound)`: uniform in [0, bound), by the JDK's rejection of the biased tail."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        if bound & -bound == bound:  # a power of two: the high bits
            return (bound * self._next(31)) >> 31
        while True:
            bits = self._next(31)
            value = bits % bound
            if bits - value + (bound - 1) < 1 << 31:  # no int overflow in Java: not in the biased tail
                return value


@dataclass(frozen=True)
class Move:
    """One call a loop's step may make on its object: `call` with its arguments as written, except
    those at `drawn` (int parameters), which each step draws as `random.nextInt(bound)`."""

    call: Invoke
    drawn: tuple[int, ...]


@dataclass(frozen=True)
class SeededLoop:
    """`steps` steps from program statement `start` on: each picks a move by `random.nextInt` of
    the weights' sum (move i when the draw is below the first i + 1 weights' sum; no draw for a
    single move), then draws the move's int arguments in order. `receiver` holds the object."""

    start: int
    seed: int
    steps: int
    bound: int
    moves: tuple[Move, ...]
    weights: tuple[int, ...]

    @property
    def end(self) -> int:
        """The program index after the loop's last step."""
        return self.start + self.steps

    def thresholds(self) -> tuple[int, ...]:
        """Move i is taken when the draw is below thresholds[i] (and not below the ones before)."""
        return tuple(itertools.accumulate(self.weights))

    def unrolled(self) -> tuple[Statement, ...]:
        """The calls the loop makes, in order: what its test runs."""
        return tuple(self._calls())

    def _calls(self) -> Iterator[Invoke]:
        random, thresholds = JavaRandom(self.seed), self.thresholds()
        for _ in range(self.steps):
            move = self.moves[0]
            if len(self.moves) > 1:
                drawn = random.next_int(thresholds[-1])
                move = self.moves[next(i for i, limit in enumerate(thresholds) if drawn < limit)]
            args = list(move.call.args)
            for position in move.drawn:
                args[position] = Literal(Descriptor("I"), random.next_int(self.bound))
            yield Invoke(move.call.owner, move.call.name, move.call.desc, move.call.receiver, tuple(args),
                         move.call.reflective, move.call.returns)

    def truncated(self, steps: int) -> SeededLoop:
        """The same loop stopped after `steps` steps (the draws of the earlier ones are the same)."""
        return SeededLoop(self.start, self.seed, steps, self.bound, self.moves, self.weights)
