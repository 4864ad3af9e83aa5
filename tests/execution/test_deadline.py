"""The search ends within its time budget plus a small fixed grace, whatever it was doing.

The budget covers the class's setup; then every step is bounded by the deadline: the search loop
and the candidate generator check it as they go, the replay of a trace checks it every few thousand
instructions, a run the harness's watchdog would only stop later is cut, and one stuck where no
watchdog reaches ends with its JVM killed and replaced. Runs the deadline cut short are no problem
of the code under test and are not reported as one.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Iterator

import pytest

from jtc.config import Settings, StageBudgets, Strategy
from jtc.deadline import DeadlineReached, check
from jtc.exploration.session import ClassSession, StopReason
from jtc.exploration.space import SearchSettings, SearchSpace
from jtc.exploration.templates import Limits, ProgramTemplate
from jtc.pipeline import generate as generate_module
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from jtc.solver.solver import Solver
from jtc.svm.machine import Machine

GRACE = 2.0  # seconds past the budget a search may take


def test_check_raises_only_once_the_deadline_passed() -> None:
    check(time.monotonic() + 5.0)
    with pytest.raises(DeadlineReached):
        check(time.monotonic() - 0.001)


class _NoExecutor:
    executions: list = []


def _examining_until(stop: Callable[[], bool]) -> Iterator:
    """A generator that examines candidates without yielding one until it is told to stop."""
    while not stop():
        sum(range(1000))
    yield from ()


def test_a_session_whose_generator_never_yields_ends_at_its_deadline() -> None:
    space = SearchSpace(lambda stop, wanted: _examining_until(stop))
    session = ClassSession(space, _NoExecutor(), Solver(), SearchSettings(Limits(8, 8), Strategy.COVERAGE, 0, 100))  # type: ignore[arg-type]
    started = time.monotonic()
    report = session.run(1.0)
    assert report.stopped_by == StopReason.TIME
    assert time.monotonic() - started < 1.0 + GRACE


def test_a_replay_past_its_deadline_stops_and_one_in_time_finishes(semantics_engine) -> None:
    """`count(s, c)` over a text of 3,000 characters replays some 30,000 instructions."""
    method = semantics_engine.repository.get("sem/Ops").method("count", "(Ljava/lang/String;C)I")
    template = ProgramTemplate.for_method(method, Limits(8, 4000))
    variables = template.variables()
    text, char = (template.specs[key] for key in sorted(template.specs))
    assignment = {text.null_name: False, text.name: "ab" * 1500, char.name: ord("a")}  # type: ignore[attr-defined]
    program = template.build(assignment)
    execution = semantics_engine.executor.execute(program, variables, assignment)
    trace = execution.result.trace
    replay = Machine(semantics_engine.repository, program, trace, variables, assignment).run()
    assert replay.desync is None and replay.steps > 10_000
    with pytest.raises(DeadlineReached):
        Machine(semantics_engine.repository, program, trace, variables, assignment, deadline=time.monotonic()).run()


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
    settings = Settings(select_assertions=False, classpath=(str(bad_classes),), output_dir=tmp_path, time_budget=3.0,
                        measure_coverage=False)
    results = dict(generate(settings, [cls, "bad.Crasher"]))
    report = results[cls]
    assert not isinstance(report, Exception), report
    assert report.seconds["search"] < 3.0 + GRACE
    assert report.search.stopped_by == StopReason.TIME
    assert report.problems == []
    follower = results["bad.Crasher"]
    assert not isinstance(follower, Exception) and follower.search.executions




@pytest.fixture
def busy_machine() -> Iterator[None]:
    """Two processes spinning beside the test, as a build beside jtc would."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


@pytest.mark.slow
def test_every_stage_of_a_class_ends_within_its_limit_on_a_busy_machine(basics_classes: Path, tmp_path: Path,
                                                                        busy_machine: None) -> None:
    """A class whose paths exhaust the JVM's memory, with the machine busy: setup, search and every
    stage after it end within the class's limit (whole_class_floor_seconds here); only validation
    and measurement of what was found run past it. The limit of --search-budget, whose search has
    its 4 s whatever the stages after it take (tests/e2e/test_generate_budget.py holds a whole class
    to --time-budget)."""
    budgets = dataclasses.replace(StageBudgets(), whole_class_share=1.0, whole_class_floor_seconds=12.0)
    settings = Settings(classpath=(str(basics_classes),), output_dir=tmp_path, search_budget=4.0, seed=0,
                        select_assertions=False, budgets=budgets)
    [(_, report)] = list(generate(settings, ["com.example.basics.MemoryHog"]))
    assert isinstance(report, ClassReport), report
    stages = sum(seconds for stage, seconds in report.seconds.items()
                 if stage not in ("validation", "coverage", "total"))
    assert stages < 12.0 + GRACE, report.seconds
    assert report.tests_written > 0 and report.problems  # the run out of memory is reported, the rest tested
