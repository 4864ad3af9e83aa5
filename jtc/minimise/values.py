"""Smaller numbers for a test: the large int and long inputs a search chose (`put(1342177295, 5)`)
moved next to the small ones in the same order (`put(8, 5)`).

Solvers and random search pick values anywhere in a type's range; most code compares them with one
another and with small constants. Values this small stay as they are; each large one keeps its
place among the test's other values: a large positive becomes the next number above the largest
small one (and the next, in order), a large negative the next below the smallest. Whether the test
still shows what it showed is checked by running it (statements.py), as for any reduction.
"""

from __future__ import annotations

import dataclasses

from jtc.model.program import Construct, Invoke, Literal, Program, Statement, Value

SMALL = 100  # values up to this size read as they are


def _integer(value: Value) -> int | None:
    """The number an int or long literal holds; None for any other value."""
    if isinstance(value, Literal) and value.desc in ("I", "J") and isinstance(value.value, int) \
            and not isinstance(value.value, bool):
        return value.value
    return None


def smaller_values(program: Program) -> Program | None:
    """`program` with its large int and long arguments of calls moved next to its small ones, in
    the same order; None when it has none."""
    values = sorted({number for statement in program if isinstance(statement, (Construct, Invoke))
                     for arg in statement.args if (number := _integer(arg)) is not None})
    small = [value for value in values if abs(value) <= SMALL]
    above = [value for value in values if value > SMALL]
    below = [value for value in values if value < -SMALL]
    if not above and not below:
        return None
    highest, lowest = max([0, *small]), min([0, *small])
    moved = {value: highest + rank for rank, value in enumerate(above, 1)}
    moved.update({value: lowest - rank for rank, value in enumerate(reversed(below), 1)})
    return tuple(_moved(statement, moved) for statement in program)


def _moved(statement: Statement, moved: dict[int, int]) -> Statement:
    if not isinstance(statement, (Construct, Invoke)):
        return statement
    return dataclasses.replace(statement, args=tuple(
        Literal(arg.desc, moved[number]) if isinstance(arg, Literal) and (number := _integer(arg)) in moved else arg
        for arg in statement.args))
