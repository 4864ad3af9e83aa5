"""Longer runs of the chosen tests (issue 9): their call under test made again, their object emptied.

The coverage set cover keeps the shortest run that covers each branch, and a run that stops after
its first call of a kind hides what the next one does: a turnstile passed once more than it had
passes, a coinbox that vends twice, a key removed again, a counter stepped past its limit. And what
an object holds below its top shows only when it is taken out: a stack whose `push` moved an
element to the top is right or wrong only as far down as it is popped. A mutant there survives
every test that stops at the call. So once the tests are chosen, each test whose call under test
returned gets, on the same object, that call made again (once and twice more, with the same
arguments, for an instance call); each call of the class without arguments that changes state
(`pop()`, `vend()`, `waitTurn()`) made once and twice; and each call with one primitive or
String argument that changes state (`remove(key)`, `push(value)`) made with every value of its
type the test uses, then one it does not, like a query (a map emptied key by key rebalances at
each step; a stack pushed its own elements again reorders them), each prefix of those calls a run of
its own so that the shortest that kills can be kept. The runs go to
mutation analysis as tests on trial (`--select-assertions`: kept only when they kill a mutant the
others miss). Like the boundary runs, they come after the search, with an executor of their own and
a deadline.
"""

from __future__ import annotations

import dataclasses
import math
import time
from typing import Sequence

from jtc.analysis.influence import InfluenceAnalysis
from jtc.model.program import Construct, Invoke, Program, Statement, VarRef
from jtc.model.types import STRING, is_primitive
from jtc.oracle.observers import arguments
from jtc.search.deadline import DeadlineReached
from jtc.search.invokables import Invokable, InvokableKind
from jtc.search.execution import Execution, Executor

REPEATS = (1, 2)  # how many more times a call is made

def _receiver(statement: Statement, position: int) -> VarRef | None:
    """The object the statement at `position` made or was called on."""
    if isinstance(statement, Construct):
        return VarRef(position, f"L{statement.owner};")
    if isinstance(statement, Invoke):
        return statement.receiver
    return None


def longer(program: Program, call: int, takers: Sequence[Invoke]) -> list[Program]:
    """`program` up to statement `call`, then that call made again REPEATS times, and each of
    `takers` made on its object (when it is of their receiver's type, which stands for it): one
    without arguments REPEATS times, one with an argument once with each value of its type the
    test uses and one it does not, in that order, each prefix of those calls a program. Nothing
    for a static call or a statement that is no call."""
    statement, base = program[call], program[:call + 1]
    receiver = _receiver(statement, call)
    if receiver is None:
        return []
    tails: list[tuple[Statement, ...]] = [(statement,) * times for times in REPEATS] if isinstance(statement, Invoke) else []
    for taker in takers:
        if taker.receiver is None or taker.receiver.desc != receiver.desc:
            continue
        made = dataclasses.replace(taker, receiver=receiver)
        if not made.param_descs:
            tails += [(made,) * times for times in REPEATS]
        else:  # every prefix: the shortest that kills is the one mutation analysis keeps
            calls = [dataclasses.replace(made, args=(value,)) for value in arguments(base, made.param_descs[0])]
            tails += [tuple(calls[:length]) for length in range(1, len(calls) + 1)]
    return [base + tail for tail in tails if tail]


def extension_runs(bases: list[tuple[Program, int]], takers: Sequence[Invoke], executor: Executor,
                   deadline: float = math.inf) -> list[Execution]:
    """Runs, by `executor`, of each (program, call under test) of `bases` made longer, until `deadline`."""
    for program, call in bases:
        for extended in longer(program, call, takers):
            if time.monotonic() >= deadline:
                return list(executor.executions)
            try:
                executor.execute(extended, None, {}, deadline)
            except DeadlineReached:
                return list(executor.executions)
    return list(executor.executions)


def taking_calls(targets: list[Invokable], class_name: str, analysis: InfluenceAnalysis) -> list[Invoke]:
    """The calls that change an object of the class under test for extension_runs: public
    instance methods that change a field or an array and take no argument (`pop()`, `waitTurn()`)
    or one primitive or String (`remove(key)`); arguments left to fill."""
    receiver = f"L{class_name};"
    takers = []
    for target in targets:
        if target.kind != InvokableKind.CALL or target.receiver != receiver or target.reflective \
                or target.throws_checked:
            continue
        if target.params and not (len(target.params) == 1 and (is_primitive(target.params[0])
                                                                or target.params[0] == STRING)):
            continue
        effects = analysis.effects(target.owner, target.name, target.desc)
        if effects.defs or effects.array_stores:
            takers.append(Invoke(target.owner, target.name, target.desc, VarRef(-1, receiver), ()))
    return takers
