"""Inputs the code never read: one value for all the tests of a call, so that no column varies them.

The search gives every input a value, read or not: a `grade(score, weight)` that ignores `weight`
gets whatever each sequence's first assignment drew, and three tests of one shape would fold into
a parameterized test with a `weight` column whose values change nothing. The replay of a search's
run holds every decision of its path over the input variables (conditions.py); an argument of the
call under test whose variable no decision read takes, in each test of that call, the value the
first such test passes, when the test run again that way keeps what it showed (the minimiser's
check, statements.py). What the test asserts is read afterwards from that run, like any test's.
Tests that then became one program are one (suite.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import z3

from jtc.deadline import DeadlineReached
from jtc.execution.runs import Execution
from jtc.minimise.statements import StatementMinimiser
from jtc.model.program import Construct, Invoke, Literal
from jtc.oracle.selection import Candidate

# A name an input variable may have beside its parameter's (`name==null`, `values.length`, `values[0]`).
_DERIVED = ("==null", ".length", "[")


def decided(execution: Execution) -> frozenset[str] | None:
    """The names of the input variables the decisions of `execution`'s path read; None when its
    replay is not the whole path (a desync, a cut trace, a symbolic value made concrete)."""
    replay = execution.replay
    if replay is None or replay.desync is not None or replay.truncated or replay.approximations:
        return None
    names: set[str] = set()
    seen: set[int] = set()
    pending: list[z3.ExprRef] = [decision.condition for decision in replay.decisions]
    while pending:
        term = pending.pop()
        if term.get_id() in seen:
            continue
        seen.add(term.get_id())
        if z3.is_const(term) and term.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            names.add(term.decl().name())
        pending.extend(term.children())
    return frozenset(names)


def unread_arguments(execution: Execution, statement: int, params: Sequence[str]) -> frozenset[int]:
    """The positions of the literal arguments of `execution`'s statement `statement` (whose
    parameters are named `params`) that were inputs of the search no decision read."""
    names = decided(execution)
    call = execution.program[statement]
    if names is None or not isinstance(call, (Construct, Invoke)):
        return frozenset()
    inputs = {name for name in execution.assignment if name.startswith(f"s{statement}.")}
    found = set()
    for position, (arg, param) in enumerate(zip(call.args, params)):
        base = next((name for name in inputs if name.endswith(f".{param}")), None)
        if isinstance(arg, Literal) and base is not None \
                and not any(name == base or name.startswith(tuple(base + d for d in _DERIVED)) for name in names):
            found.add(position)
    return frozenset(found)


def alike(minimiser: StatementMinimiser, chosen: Sequence[Candidate], reduced: Sequence[Candidate],
          params: Callable[[Invoke | Construct], Sequence[str] | None]) -> list[Candidate]:
    """`reduced` (the minimised `chosen`, in order; more after them stay as they are) with each
    unread argument of a call under test given the value the first test of that call passes, where
    the test keeps what it showed. `params`: the parameter names of a member under test."""
    first: dict[tuple[str, str, str, int], Literal] = {}
    result = list(reduced)
    for position, (source, candidate) in enumerate(zip(chosen, reduced)):
        program = candidate.execution.program
        call = program[-1]
        names = params(call) if isinstance(call, (Construct, Invoke)) else None
        if names is None or candidate.on_boundary:  # a boundary's values are its point
            continue
        unread = unread_arguments(source.execution, source.outcome.statement, names)
        args = list(call.args)
        for at, arg in enumerate(call.args):
            if isinstance(arg, Literal):
                shared = first.setdefault((call.owner, call.name, call.desc, at), arg)
                if at in unread and repr(shared) != repr(arg):
                    args[at] = shared
        if args == list(call.args):
            continue
        moved = (*program[:-1], dataclasses.replace(call, args=tuple(args)))
        try:
            kept = minimiser.cut(candidate, moved, {index: index for index in range(len(program))})
        except DeadlineReached:
            break
        if kept is not None:
            minimiser.cut_from[moved] = source.execution
            result[position] = kept
    return result
