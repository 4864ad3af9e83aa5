"""`--time-budget` bounds the whole class (issue 36, item 1): setup, search, the runs after it,
minimising, validation, the choice by mutants and the coverage run share it by a plan, and a stage
that cannot finish in its part stops with the best result so far, never with a test that was not
validated.

`TreeMap` of the containers sample is a class whose mutation run alone took longer than the budget
before: at a 30 s budget, 45 s of a class's 127 s (at 846cdad, load 9 on two cores), as the
selection stage had three times the budget, at least 60 s, on top of the search. Now its mutation
run stops at its part of the budget and chooses by the mutants it finished."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.pipeline.clock import Stage
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport, summary_lines

from junit_run import assert_written_tests_pass

BUDGET = 30.0


@pytest.mark.slow
def test_a_class_whose_mutation_run_alone_would_outlast_the_budget_ends_within_it(containers_classes: Path,
                                                                                  tmp_path: Path) -> None:
    settings = Settings(classpath=(str(containers_classes),), output_dir=tmp_path / "out", time_budget=BUDGET, seed=0)
    [(_, report)] = list(generate(settings, ["com.example.containers.TreeMap"]))
    assert isinstance(report, ClassReport) and report.test_file is not None, report
    lines = "\n".join(summary_lines(report))
    # the class's time, from reading it to its file written (the run's JVM starts before any class's clock)
    assert report.seconds["total"] <= 1.5 * BUDGET, lines
    assert "the mutation run was stopped at its time limit" in report.note, lines  # it needed more than its part
    assert report.plan is not None and report.plan.whole_class and report.plan.budget == BUDGET
    spent = {account.stage: account for account in report.plan.stages}
    assert spent[Stage.SELECTION].spent < 0.5 * BUDGET, lines
    assert sum(account.spent for account in report.plan.stages) <= report.seconds["total"]
    assert f"of a {BUDGET:g} s budget; spent/planned: search" in lines
    assert report.branch is not None and report.branch[0] >= 0.9 * report.branch[1], lines  # 86 of 86 before
    assert_written_tests_pass([report], containers_classes, tmp_path / "run")


@pytest.mark.slow
def test_the_search_budget_keeps_the_older_meaning(containers_classes: Path, tmp_path: Path) -> None:
    """With --search-budget the search has its seconds (a whole-class budget of 1 s, which it
    replaces, would leave it a fraction of one), the stages after it their shares on top."""
    settings = Settings(classpath=(str(containers_classes),), output_dir=tmp_path / "out", time_budget=1.0,
                        search_budget=4.0, seed=0, select_assertions=False)
    [(_, report)] = list(generate(settings, ["com.example.containers.TreeMap"]))
    assert isinstance(report, ClassReport) and report.plan is not None, report
    assert not report.plan.whole_class and report.plan.budget == 4.0
    planned = {account.stage: account.planned for account in report.plan.stages}
    assert planned[Stage.SEARCH] == 4.0 and planned[Stage.VALIDATION] is None  # validation unbounded, as before
    assert report.search.stopped_by == "time" and 3.5 <= report.search.seconds <= 5.0
    assert report.tests_written > 0 and "(a 4 s search budget)" in "\n".join(summary_lines(report))
