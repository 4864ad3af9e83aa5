"""The search ends within its time budget plus a small fixed grace, whatever it was doing.

The budget covers the class's setup; then every step is bounded by the deadline: a candidate
generator that examines wirings for minutes, a run the harness's watchdog would only stop later, a
run stuck where no watchdog reaches (the JVM is killed and replaced), and the replay. Runs the
deadline cut short are no problem of the code under test and are not reported as one.
"""

from __future__ import annotations

import ctypes
import random
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from jtc.pipeline import generate as generate_module
from jtc.config import Settings, Strategy
from jtc.pipeline.generate import generate
from jtc.execution import deadline
from jtc.execution.deadline import DeadlineReached, guard
from jtc.exploration.session import ClassSession, StopReason
from jtc.exploration.templates import Limits
from jtc.solver.solver import Solver

GRACE = 2.0  # seconds past the budget a search may take


def _spin(seconds: float) -> int:
    """Pure-Python work (no blocking call) for about `seconds`."""
    end, count = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        count += sum(range(100))
    return count


def test_guard_interrupts_python_work_past_the_deadline() -> None:
    started = time.monotonic()
    with pytest.raises(DeadlineReached):
        with guard(started + 0.3):
            _spin(30.0)
    assert time.monotonic() - started < 0.3 + 0.5


class _SlowToFree:
    def __del__(self) -> None:
        _spin(0.0002)


def test_an_exception_swallowed_in_a_del_method_comes_again(capfd: pytest.CaptureFixture[str]) -> None:
    """z3 frees its terms in __del__, where the interpreter swallows an exception (and prints it):
    the guard must still end the work, and print nothing."""
    started = time.monotonic()
    with pytest.raises(DeadlineReached):
        with guard(started + 0.2):
            while True:
                _SlowToFree()  # a tenth of the time is spent inside __del__
                _spin(0.002)
    assert time.monotonic() - started < 0.2 + 1.0
    assert "DeadlineReached" not in capfd.readouterr().err


def test_guard_leaves_work_that_finishes_in_time_alone() -> None:
    for _ in range(200):
        with guard(time.monotonic() + 5.0):
            _spin(0.0005)
    _spin(0.2)  # nothing arrives afterwards either


def test_guard_refuses_to_start_after_the_deadline() -> None:
    with pytest.raises(DeadlineReached):
        with guard(time.monotonic() - 1.0):
            raise AssertionError("the body must not run")


def test_work_finishing_as_the_deadline_passes_never_leaks_the_exception() -> None:
    """Bodies ending around their deadline: the exception arrives inside the guard or not at all."""
    rng = random.Random(7)
    for _ in range(100):
        try:
            with guard(time.monotonic() + rng.uniform(0.0, 0.03)):
                _spin(rng.uniform(0.0, 0.04))
        except DeadlineReached:
            pass
        _spin(0.001)


class _NoExecutor:
    executions: list = []


def _never_yields() -> Iterator:
    _spin(3600.0)  # a generator that examines candidates for an hour before the first one
    yield from ()


def test_a_session_whose_generator_never_yields_ends_at_its_deadline() -> None:
    session = ClassSession(lambda stop, wanted: _never_yields(), _NoExecutor(), Solver(), Limits(8, 8),  # type: ignore[arg-type]
                           Strategy.COVERAGE, seed=0, max_depth=100)
    started = time.monotonic()
    report = session.run(1.0)
    assert report.stopped_by == StopReason.TIME
    assert time.monotonic() - started < 1.0 + GRACE


def _search_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """generate without validation and JaCoCo (the search is what is timed)."""
    monkeypatch.setattr(generate_module, "write", lambda *args, **kwargs: None)


@pytest.mark.parametrize("cls", ["bad.Sleeper", "bad.Backtracker"])
def test_runs_the_watchdog_would_stop_later_end_at_the_deadline(bad_classes: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch, cls: str) -> None:
    """A run of Sleeper sleeps until the harness's watchdog (5 s) ends it; one of Backtracker runs
    where no watchdog reaches it, until the supervisor kills its JVM (5 s more). With a 3 s budget
    the search must not wait for either; the cut run is not reported as a run that did not finish,
    and the replaced JVM serves the next class."""
    _search_only(monkeypatch)
    settings = Settings(classpath=(str(bad_classes),), output_dir=tmp_path, time_budget=3.0,
                        measure_coverage=False)
    results = dict(generate(settings, [cls, "bad.Crasher"]))
    report = results[cls]
    assert not isinstance(report, Exception), report
    assert report.seconds["search"] < 3.0 + GRACE
    assert report.search.stopped_by == StopReason.TIME
    assert report.problems == []
    follower = results["bad.Crasher"]
    assert not isinstance(follower, Exception) and follower.search.executions


def test_a_raise_scheduled_while_an_interrupted_body_unwinds_never_leaks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The watcher raises again at every poll until the guard ends: one that lands after the body's
    DeadlineReached but before the guard stops watching must arrive inside the guard (under load it
    arrived in the next class's setup, or in the benchmark's cleanup)."""
    original = deadline._WATCHER.disarm

    def disarm_after_another_raise(token: int) -> bool:
        original(token)
        return ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(threading.get_ident()),
                                                          ctypes.py_object(DeadlineReached)) == 1

    monkeypatch.setattr(deadline._WATCHER, "disarm", disarm_after_another_raise)
    with pytest.raises(DeadlineReached):
        with guard(time.monotonic() + 0.05):
            _spin(5.0)
    monkeypatch.undo()
    _spin(0.2)  # nothing arrives afterwards


class _SlowToConvert:
    """An argument type whose conversion, Python code run by ctypes, takes most of a call's time."""

    @classmethod
    def from_param(cls, value: int) -> ctypes.c_int:
        _spin(0.001)
        return ctypes.c_int(value)


def test_the_exception_arriving_while_ctypes_converts_an_argument_still_ends_the_work() -> None:
    """ctypes wraps an exception raised while it converts an argument (z3's C calls) in an
    ArgumentError: the guard gives it back as DeadlineReached."""
    absolute = ctypes.CDLL(None).abs
    absolute.argtypes, absolute.restype = [_SlowToConvert], ctypes.c_int
    with pytest.raises(DeadlineReached):
        with guard(time.monotonic() + 0.2):
            while True:
                absolute(-1)


def test_a_guard_that_ended_without_disarming_is_released_between_classes() -> None:
    """The exception can arrive inside `guard.__exit__` before it disarms: the watcher then raised in
    the thread at every poll, and every later class of the run ended in DeadlineReached (seen once
    under load 40+). `release_guards` stops it and drops what was scheduled."""
    stale = deadline._WATCHER.arm(time.monotonic())  # a guard whose __exit__ never disarmed
    with pytest.raises(DeadlineReached):
        _spin(5.0)
    assert stale in deadline._WATCHER.armed
    deadline.release_guards()
    assert stale not in deadline._WATCHER.armed
    _spin(0.2)  # nothing arrives afterwards
