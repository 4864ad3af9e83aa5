"""Code under test that would stop or take down the worker: loops, sleeps, exits, exhaustion (§4)."""

from __future__ import annotations

import time
from pathlib import Path

from agentio import Record

FOLLOW_UP = "call ag/Basics sign (I)I _ I:1"  # must never run after an abort or a VirtualMachineError
SOURCE = Path(__file__).parent / "fixtures" / "ag"


def trace_length(records: list[Record]) -> int:
    return sum(1 + len(r.payload) for r in records)


def line_of(file: str, fragment: str) -> int:
    lines = (SOURCE / file).read_text().splitlines()
    return next(i + 1 for i, line in enumerate(lines) if fragment in line)


def test_record_budget_stops_endless_loops_deterministically(agent, fixture_classes):
    programs = {
        "branching": f"call ag/Bad loop (I)I _ I:1\n{FOLLOW_UP}",
        "silent": f"call ag/Bad spin (I)I _ I:1\n{FOLLOW_UP}",  # records nothing per iteration
        "catching": f"call ag/Bad catchAll (I)I _ I:1\n{FOLLOW_UP}",  # catches Throwable
        "synchronized": f"call ag/Bad locked (I)I _ I:1\n{FOLLOW_UP}",  # a handler that covers itself
        "branching_again": f"call ag/Bad loop (I)I _ I:1\n{FOLLOW_UP}",
    }
    runs = agent.batch([fixture_classes], programs, budget=10_000, timeout_ms=60_000)
    for name, run in runs.items():
        assert (run.abort, run.executed, run.statements) == (1, 1, [("abort", "null")]), name
        assert "STMT_END" not in run.tags(), name
        assert trace_length(run.records) <= 10_000 + 256, name
    assert trace_length(runs["branching"].records) >= 10_000
    assert "HANDLER" not in runs["catching"].tags()  # the handler's own record throws again
    assert runs["silent"].tags() == ["STMT", "ARGS", "ENTER"]
    assert runs["branching"].records == runs["branching_again"].records


def test_harness_records_count_against_the_budget(agent, fixture_classes):
    # bump() writes STMT, ENTER, VALUE(2), DONE, STMT_END(3): 8 entries, so statement 1 cannot start
    run = agent.run([fixture_classes], "call ag/Basics bump ()V _\ncall ag/Basics bump ()V _", budget=6)
    assert run.abort == 1 and run.executed == 2
    assert run.statements == [("ok", "V"), ("abort", "null")]
    assert [r.tag for r in run.records][-1] == "STMT_END"


def test_watchdog_ends_a_sleep_that_never_returns(agent, fixture_classes):
    started = time.monotonic()
    run = agent.run([fixture_classes], f"call ag/Bad sleepForever ()V _\n{FOLLOW_UP}", timeout_ms=300)
    assert time.monotonic() - started < 30
    assert (run.abort, run.executed, run.statements) == (2, 1, [("abort", "null")])
    assert run.nanos >= 290_000_000  # the watchdog's 300 ms, less the clock reads' offset (seen: 299.83 ms)
    assert run.tags() == ["STMT", "ENTER"]


def test_exit_calls_are_intercepted_with_their_status(agent, fixture_classes):
    programs = {
        "system": f"call ag/Bad exit (I)V _ I:3\n{FOLLOW_UP}",
        "caught": f"call ag/Bad exitCaught (I)I _ I:4\n{FOLLOW_UP}",
        "runtime": f"call ag/Bad runtimeExit (I)V _ I:5\n{FOLLOW_UP}",
        "halt": f"call ag/Bad halt (I)V _ I:6\n{FOLLOW_UP}",
    }
    runs = agent.batch([fixture_classes], programs)
    for (name, run), status in zip(runs.items(), [3, 4, 5, 6]):
        assert (run.abort, run.exit_status, run.executed) == (3, status, 1), name
        assert run.statements == [("abort", "null")], name
        assert "STMT_END" not in run.tags() and "HANDLER" not in run.tags(), name
    assert runs["system"].tags() == ["STMT", "ARGS", "ENTER"]  # no DONE: System.exit did not return


def test_stack_overflow_is_reported_as_thrown_and_the_recorder_survives(agent, fixture_classes):
    # A VirtualMachineError ends the program: the statement after it does not run.
    output = agent.main([fixture_classes], [f"call ag/Bad recurse (I)I _ I:0\n{FOLLOW_UP}", FOLLOW_UP],
                        jvm_options=["-Xss512k"])
    overflow, after = output.runs
    assert overflow.executed == 1
    assert overflow.statements == [("threw", "java.lang.StackOverflowError")]
    assert overflow.sites[0] == f"ag.Bad.recurse(I)I:{line_of('Bad.java', 'return recurse(n + 1) + 1;')}"
    assert overflow.records[-1].tag == "STMT_END" and overflow.records[-1].payload[0] == 1
    assert after.statements == [("ok", "I:1")]
    assert after.tags() == ["STMT", "ARGS", "ENTER", "BRANCH", "STMT_END"]


def test_out_of_memory_is_reported_as_thrown_and_the_recorder_survives(agent, fixture_classes):
    output = agent.main([fixture_classes], ["call ag/Bad hog ()I _", FOLLOW_UP], jvm_options=["-Xmx128m"])
    hog, after = output.runs
    assert hog.statements == [("threw", "java.lang.OutOfMemoryError")]
    assert hog.messages[0] == "Java heap space"
    assert hog.sites[0] == f"ag.Bad.hog()I:{line_of('Bad.java', 'blocks.add(new long[1 << 20]);')}"
    assert hog.records[-1].tag == "STMT_END"
    assert after.statements == [("ok", "I:1")]
