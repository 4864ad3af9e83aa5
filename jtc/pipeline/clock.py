"""One class's time: the plan by which its stages share the budget, the deadline each stage gets
when it starts, and what each spent (the summary's planned against spent).

`--time-budget B` bounds the whole class. A stage that needs some seconds to do anything (one that
starts a JVM; the tidying, which runs every test first) has a reserve of seconds; the rest of B is
shared by the weights of the stages the run has (`BudgetPlan`, `stages_of`): a
stage's plan is its reserve plus its weight's part of the rest. A stage that starts at `now` may
run until `now + its reserve + (E - now - the reserves of it and the stages after it) × its weight
/ the weights of it and the stages after it`, where E is the class's start plus B. So what an
earlier stage left flows to the later ones in proportion, what one overran is taken from them
alike, and a stage that starts late still has its reserve: a class runs over B by at most the
reserves of the stages that had to start after it. The first validation is not cut: it would leave
no test to write (its own limits bound it: a test's timeout, a JVM's allowance, six rounds). The
second validation and the coverage analysis, which a cut leaves with nothing of theirs, may run on until
1.25 × B (`BudgetPlan.limit`) when their plan ends sooner. A stage splits its time among its parts (the amplification's runs, the setup's sub-searches) by
the same rule.

`--search-budget S` keeps the older meaning: the search ends S seconds after the class starts,
every later stage has its own share of S on top (`StageBudgets`), and all but the probe,
validation and the coverage analysis end by the class's limit (6 × S, at least 120 s).
"""

from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar, Iterator

from jtc.config import BudgetPlan, Settings, StageBudgets


class Stage(StrEnum):
    SEARCH = "search"  # setup (the valid-input sub-searches among it), the search, the choice of tests
    AMPLIFICATION = "amplification"  # runs after the search that add tests beside the chosen ones
    MINIMISE = "minimise"
    PROBE = "probe"  # the runs that read what each test can assert
    VALIDATION = "validation"
    SELECTION = "selection"  # the mutation run that chooses tests and assertions
    TIDY = "tidy"  # the statements nothing uses taken out of the tests to be written
    REVALIDATION = "revalidation"  # the chosen tests validated again
    COVERAGE = "coverage"


ALL_OR_NOTHING = frozenset({Stage.REVALIDATION, Stage.COVERAGE})  # a cut leaves no result of theirs


def stages_of(settings: Settings) -> tuple[Stage, ...]:
    """The stages a class goes through with these settings, in order."""
    tidy = (Stage.TIDY,) if settings.minimise else ()
    ending = (Stage.VALIDATION, Stage.SELECTION, *tidy, Stage.REVALIDATION) if settings.select_assertions \
        else (*tidy, Stage.VALIDATION)
    return (Stage.SEARCH, Stage.AMPLIFICATION, *((Stage.MINIMISE,) if settings.minimise else ()), Stage.PROBE,
            *ending, *((Stage.COVERAGE,) if settings.measure_coverage else ()))


def proportional(now: float, end: float, weights: Sequence[float]) -> float:
    """The deadline of the first of the parts `weights` (it and those after it, in order) that
    share the time from `now` to `end`, when it starts now: its weight's part of what is left."""
    total = sum(weights)
    return now + max(end - now, 0.0) * (weights[0] / total if total > 0 else 1.0)


@dataclass(frozen=True)
class Account:
    """A stage's plan and what it spent, in seconds; no plan: bounded by nothing (--search-budget)."""

    stage: Stage
    planned: float | None
    spent: float


@dataclass(frozen=True)
class TimeAccount:
    """A class's budget (the whole class's, or with --search-budget the search's) and its stages'
    accounts."""

    budget: float
    whole_class: bool
    stages: tuple[Account, ...]


@dataclass
class Clock(ABC):
    """The time of one class: a deadline for each stage as it starts, and the seconds each spent."""

    whole_class: ClassVar[bool]  # the budget is the whole class's, else the search's
    stages: tuple[Stage, ...]
    budget: float
    started: float = field(default_factory=time.monotonic)
    spent: dict[Stage, float] = field(default_factory=dict)
    deadlines: dict[Stage, float] = field(default_factory=dict)  # of the stages started so far

    @staticmethod
    def of(settings: Settings) -> Clock:
        """The clock of a class that starts now."""
        stages = stages_of(settings)
        if settings.search_budget is not None:
            return SearchBudgetClock(stages, settings.search_budget, budgets=settings.budgets)
        return ClassBudgetClock(stages, settings.time_budget, plan=settings.plan)

    @contextmanager
    def stage(self, stage: Stage, at_least: float = 0.0) -> Iterator[float]:
        """Run a stage: its deadline, from now, `at_least` seconds away (what the stage was seen to
        need); its time is counted as spent."""
        began = time.monotonic()
        self.deadlines[stage] = max(self.deadline(stage, began), began + at_least)
        try:
            yield self.deadlines[stage]
        finally:
            self.spent[stage] = self.spent.get(stage, 0.0) + time.monotonic() - began

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Time no stage is charged for (a person answering --ask's questions): the class's
        deadlines move by it."""
        began = time.monotonic()
        try:
            yield
        finally:
            self.started += time.monotonic() - began

    def account(self) -> TimeAccount:
        """The budget, and each stage's plan and what it spent, in the stages' order."""
        return TimeAccount(self.budget, self.whole_class, tuple(
            Account(stage, self.planned(stage), self.spent.get(stage, 0.0)) for stage in self.stages))

    @abstractmethod
    def deadline(self, stage: Stage, now: float) -> float:
        """The deadline of `stage` when it starts at `now`."""

    @abstractmethod
    def part(self, stage: Stage, share: float, later: float = 0.0) -> float:
        """The deadline of a part of `stage` (started) that starts now: `share` and `later` are its
        share of the stage and that of the parts still to come after it (StageBudgets' fractions)."""

    @abstractmethod
    def planned(self, stage: Stage) -> float | None:
        """The stage's seconds by the plan; None: it has no plan of its own."""


@dataclass
class ClassBudgetClock(Clock):
    """`--time-budget`: the whole class within `budget`, shared by the plan."""

    whole_class = True
    plan: BudgetPlan = BudgetPlan()

    @property
    def end(self) -> float:
        return self.started + self.budget

    def weight(self, stage: Stage) -> float:
        if stage == Stage.AMPLIFICATION and Stage.SELECTION not in self.stages:  # --quick: boundary runs alone
            return self.plan.boundaries_alone
        return float(getattr(self.plan, stage.value))

    def reserve(self, stage: Stage) -> float:
        """The stage's reserve, the reserves scaled down alike to at most their cap of the budget."""
        asked = sum(float(getattr(self.plan, f"{each.value}_reserve", 0.0)) for each in self.stages)
        scale = min(1.0, self.plan.reserves_cap * self.budget / asked) if asked > 0 else 1.0
        return float(getattr(self.plan, f"{stage.value}_reserve", 0.0)) * scale

    def deadline(self, stage: Stage, now: float) -> float:
        if stage == Stage.VALIDATION:  # cut, it would leave no test to write: its own time limits bound it
            return math.inf
        later = self.stages[self.stages.index(stage):]
        reserved = sum(map(self.reserve, later))
        planned = proportional(now, self.end - reserved, [self.weight(each) for each in later]) + self.reserve(stage)
        return max(planned, self.started + self.plan.limit * self.budget) if stage in ALL_OR_NOTHING else planned

    def part(self, stage: Stage, share: float, later: float = 0.0) -> float:
        return proportional(time.monotonic(), self.deadlines[stage], [share, later])

    def planned(self, stage: Stage) -> float:
        shared = self.budget - sum(map(self.reserve, self.stages))
        return self.reserve(stage) + shared * self.weight(stage) / sum(map(self.weight, self.stages))


@dataclass
class SearchBudgetClock(Clock):
    """`--search-budget`: the search within `budget` from the class's start, each later stage
    within its share of it on top (StageBudgets), all but the probe, validation and the coverage
    run by the class's limit."""

    whole_class = False
    budgets: StageBudgets = StageBudgets()

    @property
    def end(self) -> float:
        return self.started + max(self.budgets.whole_class_share * self.budget, self.budgets.whole_class_floor_seconds)

    def _share(self, stage: Stage) -> float | None:
        """The stage's share of the budget from when it starts; None: it has no deadline of its own."""
        budgets = self.budgets
        shares = {Stage.MINIMISE: budgets.minimise_share, Stage.TIDY: budgets.minimise_share,
                  Stage.SELECTION: max(budgets.selection_share,
                                       budgets.selection_floor_seconds / self.budget)}
        return shares.get(stage)

    def deadline(self, stage: Stage, now: float) -> float:
        if stage == Stage.SEARCH:
            return min(self.started + self.budget, self.end)
        if stage in (Stage.PROBE, Stage.VALIDATION, Stage.REVALIDATION, Stage.COVERAGE):
            return math.inf
        share = self._share(stage)
        return self.end if share is None else min(now + share * self.budget, self.end)

    def part(self, stage: Stage, share: float, later: float = 0.0) -> float:
        return min(time.monotonic() + share * self.budget, self.deadlines[stage], self.end)

    def planned(self, stage: Stage) -> float | None:
        if stage == Stage.SEARCH:
            return self.budget
        share = self._share(stage)
        return None if share is None else share * self.budget
