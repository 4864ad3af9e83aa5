"""Longer runs of the chosen tests (issue 9): their call under test made again.

The coverage set cover keeps the shortest run that covers each branch, and a run that stops after
its first call of a kind hides what the next one does: a coinbox that vends twice, a stack popped
down past what was pushed, a key removed again, a counter stepped past its limit. A mutant of that
counter or index shows only there. So once the tests are chosen, each test whose call under test is
an instance call that returned gets that call appended once and twice more (the same receiver and
arguments), and the runs go to mutation analysis as tests on trial (`--select-assertions`: kept only
when they kill a mutant the others miss). Like the boundary runs, they come after the search, with
an executor of their own and a deadline.
"""

from __future__ import annotations

import math
import time

from jtc.model.program import Invoke, Program
from jtc.search.deadline import DeadlineReached
from jtc.search.execution import Execution, Executor

REPEATS = (1, 2)  # how many more times the call under test is made


def repeated(program: Program, call: int) -> list[Program]:
    """`program` up to statement `call`, then that call made again REPEATS times; none when it is
    not an instance call (a constructor made again builds another object: nothing repeats)."""
    statement = program[call]
    if not isinstance(statement, Invoke) or statement.receiver is None:
        return []
    return [program[:call + 1] + (statement,) * times for times in REPEATS]


def extension_runs(bases: list[tuple[Program, int]], executor: Executor, deadline: float = math.inf) -> list[Execution]:
    """Runs, by `executor`, of each (program, call under test) of `bases` with the call repeated,
    until `deadline`."""
    for program, call in bases:
        for longer in repeated(program, call):
            if time.monotonic() >= deadline:
                return list(executor.executions)
            try:
                executor.execute(longer, None, {}, deadline)
            except DeadlineReached:
                return list(executor.executions)
    return list(executor.executions)
