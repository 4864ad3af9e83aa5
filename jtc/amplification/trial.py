"""Tests on trial: runs beside the chosen tests that mutation analysis keeps only if they kill a
mutant the others miss (amplification/assertions.py), and the runs on comparisons' boundaries."""

from __future__ import annotations

import dataclasses

from jtc.firsts import first_of_each
from jtc.oracle.selection import Candidate, cover


def spares(found: list[Candidate], chosen: list[Candidate], limit: int) -> list[Candidate]:
    """Up to `limit` candidates beside `chosen`, on trial: a mutant that the chosen tests run but do
    not kill may show with other inputs or a longer run through the same code. So the set cover is
    repeated over the candidates left, layer after layer (each layer covers again what the search
    covered, with other runs), and mutation analysis keeps those that kill what the others miss
    (amplification/assertions.py). One candidate per program, none of a chosen test's."""
    remaining = beside(found, chosen)
    picked: list[Candidate] = []
    while len(picked) < limit and (layer := cover(remaining)):
        picked += layer[:limit - len(picked)]
        taken = {id(c) for c in layer}
        remaining = [candidate for candidate in remaining if id(candidate) not in taken]
    return on_trial(sorted(picked, key=lambda c: c.execution.index))


def on_trial(found: list[Candidate]) -> list[Candidate]:
    """`found`, each kept only if mutation analysis finds it kills a mutant the others miss."""
    return [dataclasses.replace(candidate, on_trial=True) for candidate in found]


def beside(found: list[Candidate], chosen: list[Candidate]) -> list[Candidate]:
    """The candidates of `found` whose tests are none of `chosen`'s, one per test program."""
    return first_of_each(found, lambda candidate: candidate.test_program,
                         seen={candidate.test_program for candidate in chosen})


def on_the_boundary(found: list[Candidate], chosen: list[Candidate]) -> list[Candidate]:
    """The runs on comparisons' boundaries (amplification/boundaries.py) that make tests beside `chosen`.
    They cover nothing new; they are kept because a boundary changed by one (`<` for `<=`) shows
    only on them."""
    return [dataclasses.replace(candidate, on_boundary=True) for candidate in beside(found, chosen)]
