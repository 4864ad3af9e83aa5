"""Which runs ended at a limit of the machine rather than where the code's decisions led."""

from __future__ import annotations

import pytest

from jtc.jvm.protocol import ABORT_BUDGET, ABORT_NONE, ABORT_TIMEOUT, FailureKind, HarnessResult, WorkerFailure
from jtc.model.program import StatementStatus
from jtc.execution.runs import Execution

OK, THREW = StatementStatus.OK, StatementStatus.THREW


def _execution(status: list[StatementStatus], values: list[str | None], abort: int = ABORT_NONE,
               failure: WorkerFailure | None = None) -> Execution:
    result = HarnessResult([], len(status), status, values, [None] * len(status), [None] * len(status), abort, 0,
                           None, [], 0, failure=failure)
    return Execution(0, [], {}, result, None)  # type: ignore[arg-type]


@pytest.mark.parametrize("execution, cut", [
    (_execution([OK, OK], [None, "5"]), False),
    (_execution([OK, THREW], [None, "java.lang.IllegalArgumentException"]), False),
    (_execution([OK, THREW], [None, "java.lang.OutOfMemoryError"]), True),
    (_execution([THREW], ["java.lang.StackOverflowError"]), True),
    (_execution([OK], [None], abort=ABORT_BUDGET), True),
    (_execution([OK], [None], abort=ABORT_TIMEOUT), True),
    (_execution([], [], failure=WorkerFailure(FailureKind.TIMEOUT)), True),
])
def test_runs_cut_short_by_memory_stack_budget_or_time(execution: Execution, cut: bool) -> None:
    assert execution.cut_short is cut
