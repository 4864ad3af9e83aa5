"""How a run the worker did not answer ends: its kind decides, its words reach the user unchanged."""

from __future__ import annotations

from jtc.execution.runs import Execution
from jtc.jvm.protocol import FailureKind, HarnessResult, WorkerFailure
from jtc.oracle.outcomes import Kind, classify


def _failed(failure: WorkerFailure) -> Execution:
    return Execution(0, [], {}, HarnessResult.failed(failure, 1), None)


def test_a_run_killed_for_its_time_is_endless() -> None:
    outcome = classify(_failed(WorkerFailure(FailureKind.TIMEOUT)))
    assert outcome.kind is Kind.ENDLESS
    assert outcome.detail == "no answer within the time limit; the JVM was restarted"


def test_a_crash_says_how_the_jvm_ended() -> None:
    outcome = classify(_failed(WorkerFailure(FailureKind.CRASH, "the JVM died of signal SIGKILL")))
    assert outcome.kind is Kind.CRASH
    assert outcome.detail == "crash: the JVM died of signal SIGKILL"


def test_a_failure_reads_as_its_kind_and_detail() -> None:
    assert str(WorkerFailure(FailureKind.TIMEOUT)) == "timeout"
    assert str(WorkerFailure(FailureKind.DEADLINE)) == "deadline"
    assert str(WorkerFailure(FailureKind.CRASH, "the JVM exited with status 3")) == "crash: the JVM exited with status 3"
