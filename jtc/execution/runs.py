"""One concolic step: run a program on the JVM, then replay its trace in the symbolic VM."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from jtc.jvm.protocol import ABORT_BUDGET, ABORT_TIMEOUT, FailureKind, HarnessResult, encode_program
from jtc.jvm.worker import JvmWorker
from jtc.model.program import Program, StatementStatus
from jtc.model.repository import ClassRepository
from jtc.deadline import DeadlineReached
from jtc.svm.inputs import Assignment, InputVariables
from jtc.svm.machine import Machine, Replay


# Trace entries replayed of a run that exhausted its budget (a loop that did not end on these
# inputs): enough for the decisions that led into the loop, which the search may flip, without
# replaying hundreds of thousands of records that only repeat them.
ABORTED_REPLAY_RECORDS = 20_000
RESOURCE_ERRORS = frozenset({"java.lang.OutOfMemoryError", "java.lang.StackOverflowError"})


@dataclass
class EngineStats:
    """Where the time went, for the run summary and the engine benchmark (B4)."""

    executions: int = 0
    trace_entries: int = 0  # longs transferred from the JVM
    instructions: int = 0
    jvm_seconds: float = 0.0
    transfer_seconds: float = 0.0
    replay_seconds: float = 0.0
    plain_nanos: int = 0  # time of the statements themselves, as the harness measured it
    desyncs: dict[str, int] = field(default_factory=dict)
    approximations: int = 0


@dataclass
class Execution:
    index: int
    program: Program
    assignment: Assignment
    result: HarnessResult
    replay: Replay | None  # None when the worker failed or the harness refused the program

    @property
    def cut_short(self) -> bool:
        """The run ended at a limit of the machine (memory, stack, instruction budget, time), not
        where the code's decisions led: a path it left unfinished says nothing about the VM's
        prediction (a room of 3 x 2^30 squares is a legal input that no heap holds)."""
        result = self.result
        if result.failure is not None or result.abort in (ABORT_BUDGET, ABORT_TIMEOUT):
            return True
        last = result.executed - 1
        return last >= 0 and result.status[last] == StatementStatus.THREW and result.values[last] in RESOURCE_ERRORS


    @property
    def returned(self) -> bool:
        """Every statement ran and the last one returned normally."""
        result = self.result
        return result.failure is None and result.error is None and result.executed == len(self.program) \
            and result.status[len(self.program) - 1] == StatementStatus.OK


class Executor:
    def __init__(self, worker: JvmWorker, repository: ClassRepository, record_budget: int, timeout_ms: int) -> None:
        self.worker = worker
        self.repository = repository
        self.record_budget = record_budget
        self.timeout_ms = timeout_ms
        self.stats = EngineStats()
        self.executions: list[Execution] = []

    def execute(self, program: Program, variables: InputVariables | None, assignment: Assignment,
                deadline: float = math.inf) -> Execution:
        """Run and replay one program. Near the search's `deadline` (time.monotonic()) the harness's
        watchdog is shortened so the run ends by then; a run that the shortened watchdog or the
        deadline stopped raises DeadlineReached and is not recorded: it says nothing about the code
        under test. A run whose replay the deadline interrupted is recorded without a replay, like
        a run the worker could not finish: its outcome (an endless loop, say) is still known."""
        timeout_ms = int(max(min(self.timeout_ms, (deadline - time.monotonic()) * 1000), 1))
        result = self.worker.run(encode_program(program), self.record_budget, timeout_ms, deadline)
        if result.failure is None:
            self.repository.add_tables(result.new_tables, result.generation)  # reported once per JVM: keep them
        if result.failure_kind is FailureKind.DEADLINE or timeout_ms < self.timeout_ms and (
                result.failure_kind is FailureKind.TIMEOUT or result.abort == ABORT_TIMEOUT):
            raise DeadlineReached()
        stats = self.stats
        stats.executions += 1
        stats.jvm_seconds += result.seconds.get("jvm", 0.0)
        stats.transfer_seconds += result.seconds.get("transfer", 0.0) + result.seconds.get("convert", 0.0)
        stats.plain_nanos += result.nanos
        replay = None
        if result.failure is None and result.error is None:
            started = time.perf_counter()
            limit = ABORTED_REPLAY_RECORDS if result.abort == ABORT_BUDGET else None
            try:
                replay = Machine(self.repository, program, result.trace, variables, assignment, limit, deadline).run()
            except DeadlineReached:
                pass  # the run still counts (what it returned, a problem it showed), as a run without a path
            stats.replay_seconds += time.perf_counter() - started
            if replay is not None:
                stats.trace_entries += len(result.trace)
                stats.instructions += replay.steps
                stats.approximations += replay.approximations
                if replay.desync is not None:
                    stats.desyncs[replay.desync] = stats.desyncs.get(replay.desync, 0) + 1
        execution = Execution(len(self.executions), program, assignment, result, replay)
        self.executions.append(execution)
        return execution
