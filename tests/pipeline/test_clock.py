"""The plan by which a class's stages share its time budget, and the deadlines that hold them to it."""

from __future__ import annotations

import math

import pytest

from jtc.config import BudgetPlan, Settings
from jtc.pipeline.clock import (ALL_OR_NOTHING, ClassBudgetClock, Clock, SearchBudgetClock, Stage, proportional,
                                stages_of)

EVERY = (Stage.SEARCH, Stage.AMPLIFICATION, Stage.MINIMISE, Stage.PROBE, Stage.VALIDATION, Stage.SELECTION,
         Stage.TIDY, Stage.REVALIDATION, Stage.COVERAGE)


def _clock(budget: float, **settings: object) -> Clock:
    clock = Clock.of(Settings(classpath=(), time_budget=budget, **settings))  # type: ignore[arg-type]
    clock.started = 1000.0
    return clock


def test_the_stages_follow_the_settings():
    assert stages_of(Settings(classpath=())) == EVERY
    assert stages_of(Settings(classpath=(), select_assertions=False)) == (
        Stage.SEARCH, Stage.AMPLIFICATION, Stage.MINIMISE, Stage.PROBE, Stage.TIDY, Stage.VALIDATION, Stage.COVERAGE)
    assert stages_of(Settings(classpath=(), minimise=False, measure_coverage=False)) == (
        Stage.SEARCH, Stage.AMPLIFICATION, Stage.PROBE, Stage.VALIDATION, Stage.SELECTION, Stage.REVALIDATION)


@pytest.mark.parametrize("budget", [6.0, 20.0, 60.0, 600.0])
@pytest.mark.parametrize("quick", [False, True])
def test_the_plan_shares_the_whole_budget_and_reserves_take_at_most_half(budget, quick):
    clock = _clock(budget, select_assertions=not quick)
    assert isinstance(clock, ClassBudgetClock)
    assert sum(clock.planned(stage) for stage in clock.stages) == pytest.approx(budget)
    assert sum(map(clock.reserve, clock.stages)) <= budget / 2 + 1e-9


def test_a_class_on_schedule_meets_each_stage_s_plan():
    """Each stage ending when its plan says, the next starts when the plan says, with its plan's
    time: the deadlines are the plan when nothing runs early or late (the first validation's none, the
    second's and the coverage run's, which a cut would leave with nothing, not before the class's
    limit)."""
    clock = _clock(20.0)
    limit = clock.started + 20.0 * BudgetPlan().limit
    now = clock.started
    for stage in clock.stages:
        planned = now + clock.planned(stage)
        expected = math.inf if stage == Stage.VALIDATION else max(planned, limit) if stage in ALL_OR_NOTHING \
            else planned
        assert clock.deadline(stage, now) == pytest.approx(expected), stage
        now = planned
    assert now == pytest.approx(clock.started + 20.0)


def test_time_an_early_stage_leaves_flows_to_the_later_ones_in_proportion():
    clock = _clock(20.0)
    assert isinstance(clock, ClassBudgetClock)
    left = clock.planned(Stage.SEARCH) - 1.0  # the search ended after 1 s
    given = clock.deadline(Stage.AMPLIFICATION, clock.started + 1.0) - (clock.started + 1.0)
    later = sum(map(clock.weight, clock.stages[1:]))
    assert given - clock.planned(Stage.AMPLIFICATION) == pytest.approx(left * clock.weight(Stage.AMPLIFICATION) / later)


def test_a_stage_that_starts_late_gets_only_its_reserve_and_one_a_cut_would_leave_empty_more():
    clock = _clock(20.0)
    assert isinstance(clock, ClassBudgetClock)
    late = clock.started + 19.0
    assert clock.deadline(Stage.PROBE, late) == late  # nothing left: the probe stops at once
    assert clock.deadline(Stage.SELECTION, late) == pytest.approx(late + clock.reserve(Stage.SELECTION))
    assert clock.deadline(Stage.REVALIDATION, late) == pytest.approx(clock.started + 20.0 * BudgetPlan().limit)
    later = clock.started + 30.0  # past the limit too
    assert clock.deadline(Stage.COVERAGE, later) == pytest.approx(later + clock.reserve(Stage.COVERAGE))
    assert clock.deadline(Stage.VALIDATION, later) == math.inf  # cut, it would leave no test to write


def test_a_stage_is_given_at_least_what_it_was_seen_to_need(monkeypatch):
    clock = _clock(20.0)
    times = iter([1500.0, 1501.0])  # long past the class's limit: the reserve alone would be 2.5 s
    monkeypatch.setattr("time.monotonic", lambda: next(times))
    with clock.stage(Stage.REVALIDATION, at_least=7.0) as deadline:
        pass
    assert deadline == 1507.0 and clock.spent[Stage.REVALIDATION] == 1.0


def test_a_stage_splits_its_time_among_its_parts_by_their_shares(monkeypatch):
    clock = _clock(20.0)
    clock.deadlines[Stage.AMPLIFICATION] = 110.0
    monkeypatch.setattr("time.monotonic", lambda: 100.0)
    assert clock.part(Stage.AMPLIFICATION, 0.1, 0.9) == pytest.approx(101.0)
    assert clock.part(Stage.AMPLIFICATION, 0.5, 0.0) == pytest.approx(110.0)  # the last part takes what is left


def test_the_search_budget_keeps_the_older_shares(monkeypatch):
    clock = Clock.of(Settings(classpath=(), time_budget=20.0, search_budget=10.0))
    assert isinstance(clock, SearchBudgetClock) and not clock.whole_class
    clock.started = 100.0
    monkeypatch.setattr("time.monotonic", lambda: 130.0)
    assert clock.deadline(Stage.SEARCH, 100.0) == 110.0  # the search budget, not the time budget
    assert clock.deadline(Stage.SELECTION, 130.0) == 190.0  # three times it, at least 60 s
    assert clock.deadline(Stage.MINIMISE, 130.0) == 132.0  # a fifth of it
    assert clock.deadline(Stage.VALIDATION, 130.0) == math.inf  # unbounded, as before
    clock.deadlines[Stage.AMPLIFICATION] = clock.deadline(Stage.AMPLIFICATION, 130.0)
    assert clock.part(Stage.AMPLIFICATION, 0.5, 0.1) == 135.0  # its share of the budget from now
    assert (clock.planned(Stage.SEARCH), clock.planned(Stage.PROBE)) == (10.0, None)


def test_the_account_says_what_each_stage_spent_against_its_plan(monkeypatch):
    clock = _clock(20.0)
    times = iter([5.0, 8.0])
    monkeypatch.setattr("time.monotonic", lambda: next(times))
    with clock.stage(Stage.PROBE):
        pass
    account = clock.account()
    assert account.whole_class and account.budget == 20.0
    assert [a.stage for a in account.stages] == list(EVERY)
    probe = next(a for a in account.stages if a.stage == Stage.PROBE)
    assert (probe.spent, probe.planned) == (3.0, pytest.approx(clock.planned(Stage.PROBE)))


def test_time_a_person_takes_is_on_no_stage_s_account(monkeypatch):
    clock = _clock(20.0)
    times = iter([50.0, 80.0])
    monkeypatch.setattr("time.monotonic", lambda: next(times))
    with clock.paused():
        pass
    assert clock.started == 1030.0


def test_the_first_part_of_what_is_left_goes_by_its_weight():
    assert proportional(10.0, 20.0, [1.0, 3.0]) == 12.5
    assert proportional(10.0, 5.0, [1.0, 3.0]) == 10.0  # nothing is left
    assert proportional(10.0, 20.0, [0.0, 0.0]) == 20.0
