"""Seeded loops over the calls that change an object, against a model of a heap run in place of
the worker: moves, weights and seeds chosen so that the original code runs the loop through."""

from __future__ import annotations

from jtc.amplification.extension import Arguments
from jtc.amplification.loops import BOUNDS, MIN_STEPS, STEPS, loop_cases
from jtc.jvm.protocol import ABORT_NONE, HarnessResult
from jtc.model.program import Construct, Invoke, Literal, Program, StatementStatus, VarRef
from jtc.model.testcases import Returns

HEAP = "LHeap;"
NEW = Construct("Heap", "()V", ())
INSERT = Invoke("Heap", "insert", "(I)V", VarRef(-1, HEAP), ())
EXTRACT = Invoke("Heap", "extractMax", "()I", VarRef(-1, HEAP), ())
SIZE = Invoke("Heap", "size", "()I", VarRef(-1, HEAP), ())
GIVEN = Arguments(lambda given, wanted: given == wanted)
UNCHECKED = lambda owner, name, desc: False  # noqa: E731 - no member declares checked exceptions
BASES = [((NEW, Invoke("Heap", "insert", "(I)V", VarRef(0, HEAP), (Literal("I", 5),))), 1)]


def heap_run(program: Program, capacity: int = 10_000) -> HarnessResult:
    """A max-heap of `capacity` values: `extractMax()` on an empty one, or `insert` on a full one,
    throws and ends the run."""
    heap: list[int] = []
    statuses, values = [], []
    for statement in program:
        name = getattr(statement, "name", "<init>")
        if name == "extractMax" and not heap or name == "insert" and len(heap) == capacity:
            statuses.append(StatementStatus.THREW)
            values.append("java.util.NoSuchElementException")
            break
        if name == "insert":
            heap.append(statement.args[0].value)  # type: ignore[union-attr]
        statuses.append(StatementStatus.OK)
        values.append("O:Heap#1" if name == "<init>" else "V" if name == "insert" else
                      f"I:{heap.pop(heap.index(max(heap)))}" if name == "extractMax" else f"I:{len(heap)}")
    count = len(statuses)
    return HarnessResult([], count, statuses, values, [None] * count, [None] * count, ABORT_NONE, 0, None, [], 0)


def test_each_bound_gives_a_loop_the_original_runs_through_with_its_queries_stated() -> None:
    cases = loop_cases(BASES, [INSERT, EXTRACT], [SIZE], GIVEN, heap_run, 0, UNCHECKED)
    assert [case.loop.bound for case in cases if case.loop] == list(BOUNDS)
    for case in cases:
        loop = case.loop
        assert loop is not None and loop.start == 1 and case.on_trial
        assert [move.call.name for move in loop.moves] == ["insert", "extractMax"]
        assert case.program == (NEW, *loop.unrolled(), Invoke("Heap", "size", "()I", VarRef(0, HEAP), ()))
        run = heap_run(case.program)
        assert run.executed == len(case.program) and StatementStatus.THREW not in run.status
        assert case.expectation == Returns(Literal("I", int(run.values[-1][2:])))  # type: ignore[index]
        # Emptied as often as it is filled, a heap soon has nothing to take: the inserts weigh more
        # (with the first seed that runs through).
        assert loop.steps == STEPS and loop.weights == (2, 1)


def test_a_loop_is_cut_before_the_first_throw_when_enough_steps_come_before_it() -> None:
    cases = loop_cases(BASES, [INSERT], [SIZE], GIVEN, lambda program: heap_run(program, 500), 0, UNCHECKED)
    assert [(case.loop.steps, case.expectation) for case in cases if case.loop] == \
        [(500, Returns(Literal("I", 500)))] * len(BOUNDS)


def test_no_loop_without_a_query_to_state_or_a_call_that_changes_the_object() -> None:
    assert loop_cases(BASES, [INSERT, EXTRACT], [], GIVEN, heap_run, 0, UNCHECKED) == []
    assert loop_cases(BASES, [], [SIZE], GIVEN, heap_run, 0, UNCHECKED) == []


def test_a_loop_whose_calls_declare_checked_exceptions_throws_them() -> None:
    def declares_checked(owner: str, name: str, desc: str) -> bool:
        return name == "<init>"  # `new Heap()` throws IOException, say

    cases = loop_cases(BASES, [INSERT, EXTRACT], [SIZE], GIVEN, heap_run, 0, declares_checked)
    assert cases and all(case.throws_checked for case in cases)
    assert not any(case.throws_checked for case in loop_cases(BASES, [INSERT, EXTRACT], [SIZE], GIVEN, heap_run, 0,
                                                               UNCHECKED))


def test_no_loop_whose_calls_print() -> None:
    def printing(program: Program) -> HarnessResult:  # every insert logs a line
        result = heap_run(program)
        result.out = ["inserted\n" if getattr(statement, "name", "") == "insert" else None for statement in program]
        return result

    assert loop_cases(BASES, [INSERT, EXTRACT], [SIZE], GIVEN, printing, 0, UNCHECKED) == []
