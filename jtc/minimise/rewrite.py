"""Programs rewritten: statements dropped, uses of one statement's result redirected to another's,
and arguments that were a null result written as null.

Each statement's result is referred to by position (`VarRef`), so taking statements out renumbers
the references of the rest. A rewrite that would leave a reference to a statement taken out (and
not redirected) is no program, and is refused.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping

from jtc.model.program import Null, Program, Statement, Value, VarRef

# Where each statement of the old program went in the new one (a redirected statement goes where its
# replacement went); statements dropped are absent.
Positions = dict[int, int]


def references(statement: Statement) -> list[int]:
    """The earlier statements whose results `statement` uses (its arguments and its receiver)."""
    values = [*statement.args, getattr(statement, "receiver", None)]
    return [value.index for value in values if isinstance(value, VarRef)]


def users(program: Program, index: int) -> set[int]:
    """Statement `index` and every statement that uses its result, directly or through others."""
    found = {index}
    for position in range(index + 1, len(program)):
        if any(reference in found for reference in references(program[position])):
            found.add(position)
    return found


def needed_by(program: Program, index: int) -> set[int]:
    """Statement `index` and every statement whose result it uses, directly or through others."""
    found = {index}
    for position in range(index, -1, -1):
        if position in found:
            found.update(references(program[position]))
    return found


def rewrite(program: Program, dropped: Collection[int] = (), redirected: Mapping[int, int] = {},
            nulled: Collection[int] = ()) -> tuple[Program, Positions] | None:
    """`program` without the statements `dropped`, with each use of a statement `j` of
    `redirected` made a use of the earlier statement `redirected[j]` (which replaces it: `j` goes
    too), and each argument that is the result of a statement of `nulled` (which stays) the literal
    null; None when a statement kept would use one that went."""
    kept: list[Statement] = []
    positions: Positions = {}
    for index, statement in enumerate(program):
        if index in dropped or index in redirected:
            continue
        renumbered = _renumbered(statement, program, redirected, positions, nulled)
        if renumbered is None:
            return None
        positions[index] = len(kept)
        kept.append(renumbered)
    for old, replacement in redirected.items():
        if replacement in positions:
            positions[old] = positions[replacement]
    return tuple(kept), positions


def _renumbered(statement: Statement, program: Program, redirected: Mapping[int, int],
                positions: Positions, nulled: Collection[int] = ()) -> Statement | None:
    def renumber(value: Value | None) -> Value | None | bool:
        if not isinstance(value, VarRef):
            return value
        target = redirected.get(value.index, value.index)
        if target not in positions:
            return False
        return VarRef(positions[target], value.desc if target == value.index else program[target].result_desc)

    args = tuple(Null(value.desc) if isinstance(value, VarRef) and value.index in nulled else renumber(value)
                 for value in statement.args)
    if any(arg is False for arg in args):
        return None
    changes: dict[str, object] = {"args": args}
    if getattr(statement, "receiver", None) is not None:
        receiver = renumber(statement.receiver)  # type: ignore[union-attr]
        if receiver is False:
            return None
        changes["receiver"] = receiver
    return dataclasses.replace(statement, **changes)  # type: ignore[arg-type]


def prepended(front: Program, program: Program) -> Program:
    """`front`'s statements, then `program`'s, whose references move past `front`."""
    shift = len(front)

    def moved(value: Value | None) -> Value | None:
        return VarRef(value.index + shift, value.desc) if isinstance(value, VarRef) else value

    shifted = []
    for statement in program:
        changes: dict[str, object] = {"args": tuple(moved(value) for value in statement.args)}
        if getattr(statement, "receiver", None) is not None:
            changes["receiver"] = moved(statement.receiver)  # type: ignore[union-attr]
        shifted.append(dataclasses.replace(statement, **changes))  # type: ignore[arg-type]
    return (*front, *shifted)


def compose(first: Positions, second: Positions) -> Positions:
    """Where the statements went after two rewrites, the second of the first's result."""
    return {old: second[middle] for old, middle in first.items() if middle in second}
