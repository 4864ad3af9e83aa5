"""How an execution ended, in the terms tests and error reports need.

Returning and throwing are behaviours a test can pin down. Running out of budget or time, calling
System.exit, exhausting the stack or the heap, and killing the JVM are problems of the code under
test: no test is written for them, they are reported with their own exit codes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from jtc.errors import ExitCode
from jtc.jvm.protocol import ABORT_BUDGET, ABORT_EXIT, ABORT_TIMEOUT, FailureKind
from jtc.model.program import StatementStatus
from jtc.execution.runs import Execution
from jtc.model.types import BinaryName


class Kind(Enum):
    RETURNED = "returned"
    THREW = "threw"
    ENDLESS = "did not finish"
    SYSTEM_EXIT = "called System.exit"
    STACK_OVERFLOW = "overflowed the stack"
    OUT_OF_MEMORY = "ran out of memory"
    CRASH = "killed the JVM"
    REFUSED = "could not be run"


PROBLEM_EXIT_CODES = {
    Kind.ENDLESS: ExitCode.ENDLESS_LOOP,
    Kind.SYSTEM_EXIT: ExitCode.SYSTEM_EXIT,
    Kind.STACK_OVERFLOW: ExitCode.STACK_OVERFLOW,
    Kind.OUT_OF_MEMORY: ExitCode.OUT_OF_MEMORY,
    Kind.CRASH: ExitCode.JVM_CRASH,
}


@dataclass(frozen=True)
class Outcome:
    kind: Kind
    statement: int  # the statement that ended the program
    exception: str | None = None
    message: str | None = None
    value: str | None = None  # the harness's value token, for RETURNED
    detail: str = ""

    @property
    def is_problem(self) -> bool:
        return self.kind in PROBLEM_EXIT_CODES


def thrown_class(execution: Execution, index: int) -> BinaryName:
    """The binary class name of what statement `index` threw."""
    return BinaryName(execution.result.values[index] or "java.lang.Throwable")


def classify(execution: Execution) -> Outcome:
    result = execution.result
    last = max(result.executed - 1, 0)
    if result.failure is not None:
        if result.failure.kind is FailureKind.TIMEOUT:
            return Outcome(Kind.ENDLESS, last, detail="no answer within the time limit; the JVM was restarted")
        return Outcome(Kind.CRASH, last, detail=str(result.failure))
    if result.error is not None:
        return Outcome(Kind.REFUSED, last, detail=result.error)
    if result.abort == ABORT_EXIT:
        return Outcome(Kind.SYSTEM_EXIT, last, detail=f"status {result.exit_status}")
    if result.abort == ABORT_BUDGET:
        return Outcome(Kind.ENDLESS, last, detail="exceeded the instruction budget")
    if result.abort == ABORT_TIMEOUT:
        return Outcome(Kind.ENDLESS, last, detail="exceeded the time limit")
    return outcome_at(execution, last)


def outcome_at(execution: Execution, index: int) -> Outcome:
    """How statement `index` ended, for a statement the harness ran to its end (it returned or threw)."""
    result = execution.result
    status = result.status[index] if index < len(result.status) else StatementStatus.ABORT
    if status == StatementStatus.THREW:
        exception = thrown_class(execution, index)
        site = result.throw_sites[index] or ""
        if exception == "java.lang.StackOverflowError":
            return Outcome(Kind.STACK_OVERFLOW, index, exception, detail=site)
        if exception == "java.lang.OutOfMemoryError":
            return Outcome(Kind.OUT_OF_MEMORY, index, exception, detail=site)
        return Outcome(Kind.THREW, index, exception, result.messages[index], detail=site)
    if status == StatementStatus.OK:
        return Outcome(Kind.RETURNED, index, value=result.values[index])
    return Outcome(Kind.REFUSED, index, detail=f"statement status {status}")
