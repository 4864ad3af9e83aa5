"""Queries with arguments, boundary values and assertions chosen by mutation analysis, end to end,
scored by mutation analysis.

`st.Window` keeps the last two items put; `put` returns nothing and only the query `has(item)` shows
what it kept, so without queries the test of three puts can only say that they complete. `st.Grade`
passes a score seven above the pass mark: the search covers both outcomes far from the edge, and
only a run on it (`score == passMark + 7`) tells the constant 7 from 8; one below it is run too.
`st.Turnstile` counts passes down with no getter: only a second pass after the last one left shows
a miscount, which the tests on trial of `--select-assertions` find. `st.Ring` wraps round four
slots: a long walk of adds and takes kills what the search's runs miss, and cut to what its kill
needs it is a test of four statements."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import jtc.pipeline.amplify
import jtc.pipeline.subject
import jtc.amplification.extension
from jtc.amplification.extension import Extensions
from jtc.config import Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites

from bench.strength import suite_shape
from junit_run import compile_and_run

pytestmark = pytest.mark.slow


def _generate(classes: Path, output: Path, name: str, **settings: int) -> ClassReport:
    options = Settings(classpath=(str(classes),), output_dir=output, time_budget=20.0, seed=0,
                       measure_coverage=False, fold=False,
                       **{"select_assertions": False, **settings})  # type: ignore[arg-type]
    [(_, report)] = list(generate(options, [name]))
    assert isinstance(report, ClassReport), report
    assert report.search.stopped_by == "exhausted"  # the whole search, so the suite is the same every run
    assert report.dropped == [] and report.masked == []
    return report


def _survivors(suite) -> list[str]:
    return sorted(f"{m.method} {m.description}" for m in suite.survivors())


def test_queries_with_arguments_kill_what_return_values_miss(strength_classes: Path, tmp_path: Path) -> None:
    without, with_queries = tmp_path / "without", tmp_path / "with"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jtc.pipeline.subject, "queries", lambda index, effects, declared: ())
        _generate(strength_classes, without, "st.Window")
    report = _generate(strength_classes, with_queries, "st.Window")
    plain, queried, _ = mutate_suites([without, with_queries], [strength_classes], ["st.Window"], tmp_path / "mutate",
                                      Timeouts())
    assert (plain.score().killed, queried.score().killed, queried.score().total) == (12, 16, 16)
    assert _survivors(plain) == ["<init>()V replaced constant 2 with 3", "put(I)V replaced constant 0 with 1",
                                 "put(I)V replaced constant 1 with 0", "put(I)V replaced constant 1 with 0"]
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    # After put(9), put(5), put(8): the first item is gone, the last two are kept.
    assert ("assertFalse(window.has(9));\n        assertTrue(window.has(5));\n"
            "        assertTrue(window.has(8));") in source
    assert "assertFalse(window.has(10));" in source  # a value the test does not use
    run = compile_and_run([Path(report.test_file)], strength_classes, tmp_path / "run")  # type: ignore[arg-type]
    assert run.returncode == 0 and f"{report.tests_written} tests successful" in run.stdout, run.stdout[-3000:]


def test_a_boundary_value_kills_the_shifted_boundary(strength_classes: Path, tmp_path: Path) -> None:
    without, with_boundaries = tmp_path / "without", tmp_path / "with"
    plain_report = _generate(strength_classes, without, "st.Grade", boundary_runs=0)
    report = _generate(strength_classes, with_boundaries, "st.Grade")
    assert report.tests_written == plain_report.tests_written + 2  # on the edge, and one below it
    plain, bounded, _ = mutate_suites([without, with_boundaries], [strength_classes], ["st.Grade"],
                                      tmp_path / "mutate", Timeouts())
    assert (plain.score().killed, bounded.score().killed, bounded.score().total) == (7, 8, 8)
    assert _survivors(plain) == ["of(II)Ljava/lang/String; replaced constant 7 with 8"]
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert "Grade.of(7, 0)" in source and "Grade.of(1023, 1017)" in source


def test_assertions_chosen_by_mutation_analysis_kill_more_with_fewer(strength_classes: Path, tmp_path: Path) -> None:
    """Tally's getCount answer lost its place to rarer ones under the rule's cap (see
    test_generate_strength.py); chosen by mutation analysis, it is kept where it kills, and the
    answers that kill nothing new go. `mean()`'s division for a multiplication shows only where
    the total is not a multiple of the count, which a test on trial shows."""
    names = ["st.Tally", "st.Window"]
    ruled, selected = tmp_path / "ruled", tmp_path / "selected"
    options = Settings(select_assertions=False, classpath=(str(strength_classes),), output_dir=ruled, time_budget=20.0, seed=0,
                       measure_coverage=False)
    assert all(isinstance(report, ClassReport) for _, report in generate(options, names))
    reports = [report for _, report in generate(replace(options, output_dir=selected, select_assertions=True), names)]
    assert all(isinstance(r, ClassReport) and not r.dropped and not r.masked for r in reports), reports
    by_rule, by_mutants, _ = mutate_suites([ruled, selected], [strength_classes], names, tmp_path / "mutate",
                                           Timeouts())
    # Tally.Trend's values() and valueOf(String) are javac's, so they have no mutants.
    assert [(s.score().killed, s.score().total) for s in (by_rule, by_mutants)] == [(27, 29), (29, 29)]
    shapes = [suite_shape(folder) for folder in (ruled, selected)]
    assert [shape["tests"] for shape in shapes] == [11, 11]  # Trend's values/valueOf tests are gone
    # By the rule, an observer's answer is stated once per set-up (minimise/observations.py): 3.0 before.
    assert [shape["assertions_per_test"] for shape in shapes] == [2.73, 1.64]
    # A run the coverage set cover left out, on trial, kept: the only one where the mean rounds down.
    # Shortened while it kills what it killed (minimise/statements.py): two adds are enough.
    assert "tally.add(0);\n        assertDoesNotThrow(() -> tally.add(1));\n" \
        "        assertEquals(0, tally.mean());" in (selected / "st" / "TallyTest.java").read_text()
    run = compile_and_run(sorted(selected.rglob("*.java")), strength_classes, tmp_path / "run")
    assert run.returncode == 0 and "11 tests successful" in run.stdout, run.stdout[-3000:]


def test_tests_on_trial_kept_where_they_kill_what_the_chosen_tests_miss(strength_classes: Path, tmp_path: Path) -> None:
    """`st.Turnstile` counts passes down and has no getter: one pass returns true whether or not it
    counted, and only a pass after it shows. The run with the call under test repeated, on trial,
    is kept for that; the other runs on trial that kill nothing new go, and so do the shorter tests
    it continues."""
    without, with_trials = tmp_path / "without", tmp_path / "with"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jtc.pipeline.amplify, "extension_runs", lambda *arguments: Extensions([], frozenset()))
        patch.setattr(jtc.pipeline.amplify, "spares", lambda found, chosen, limit: [])
        patch.setattr(jtc.pipeline.amplify, "on_trial", lambda found: found)  # boundary runs kept, as before
        plain_report = _generate(strength_classes, without, "st.Turnstile", select_assertions=True)
    report = _generate(strength_classes, with_trials, "st.Turnstile", select_assertions=True)
    plain, tried, _ = mutate_suites([without, with_trials], [strength_classes], ["st.Turnstile"], tmp_path / "mutate",
                                    Timeouts())
    assert (plain.score().killed, tried.score().killed, tried.score().total) == (6, 8, 8)
    assert _survivors(plain) == ["pass()Z replaced constant 1 with 0", "pass()Z replaced isub with iadd"]
    # The run on the edge (one pass left) was on trial and killed nothing new; made once more, it does.
    # The suite's set cover over kills and coverage (minimise/suite.py) then leaves that one test alone:
    # it runs, covers and kills all that the shorter ones did.
    assert (plain_report.tests_written, report.tests_written) == (2, 1)
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert ("Turnstile turnstile = new Turnstile(1);\n        assertTrue(turnstile.pass());\n"
            "        assertFalse(turnstile.pass());") in source
    assert suite_shape(with_trials)["statements_per_test"] == 3.0
    run = compile_and_run([Path(report.test_file)], strength_classes, tmp_path / "run")  # type: ignore[arg-type]
    assert run.returncode == 0 and "1 tests successful" in run.stdout, run.stdout[-3000:]


def test_the_observers_of_the_objects_the_class_under_test_changes_are_asked(strength_classes: Path,
                                                                             tmp_path: Path) -> None:
    """`st.Tray` fills the cup it holds and keeps no count: `fill(cup, size)` completes whatever it
    pours, and only the cup, taken out of the tray, shows the amount. With mutation analysis
    choosing the answers, the observers of the objects a call of the class under test was given or
    gave back are asked too: every mutant is killed."""
    report = _generate(strength_classes, tmp_path / "with", "st.Tray", select_assertions=True)
    [observed] = mutate_suites([tmp_path / "with"], [strength_classes], ["st.Tray"], tmp_path / "mutate", Timeouts())
    assert observed.score().killed == observed.score().total, _survivors(observed)
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert "Cup cup = tray.getCup();" in source and "cup.getLevel());" in source, source  # the tray's own cup
    run = compile_and_run([Path(report.test_file)], strength_classes, tmp_path / "run")  # type: ignore[arg-type]
    assert run.returncode == 0 and f"{report.tests_written} tests successful" in run.stdout, run.stdout[-3000:]


def test_a_fresh_object_made_like_the_one_the_test_holds_shows_the_sort(strength_classes: Path, tmp_path: Path) -> None:
    """`st.Ladder` sorts the rungs it is given: with one rung, or the same one twice, a ladder that
    does not sort leads with the same name. A rung made like the test's from other values (one more
    point) is entered on trial, and only it kills the mutant without the sort."""
    without, with_fresh = tmp_path / "without", tmp_path / "with"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jtc.amplification.extension.Arguments, "_fresh", lambda self, program, held: [])
        _generate(strength_classes, without, "st.Ladder", select_assertions=True)
    report = _generate(strength_classes, with_fresh, "st.Ladder", select_assertions=True)
    plain, fresh, _ = mutate_suites([without, with_fresh], [strength_classes], ["st.Ladder"], tmp_path / "mutate",
                                    Timeouts())
    assert "enter(Lst/Rung;)V removed call to java.util.Collections.sort" in _survivors(plain)
    assert fresh.score().killed == fresh.score().total, _survivors(fresh)
    run = compile_and_run([Path(report.test_file)], strength_classes, tmp_path / "run")  # type: ignore[arg-type]
    assert run.returncode == 0 and f"{report.tests_written} tests successful" in run.stdout, run.stdout[-3000:]


def test_a_walk_cut_to_what_its_kill_needs_kills_what_the_search_missed(strength_classes: Path, tmp_path: Path) -> None:
    """`st.Ring` whose head does not move on after a take (`head + 0`) gives the same element twice:
    the search's runs take once after adds, or take all there is, and a walk of adds and takes that
    shows it is too long to be a test on trial. Cut (amplification/cuts.py: the walk run on the mutants
    in the worker, cut after the first difference and block by block), four statements kill it."""
    uncut, cut = tmp_path / "uncut", tmp_path / "cut"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jtc.pipeline.amplify, "cut_runs", lambda *arguments: [])
        _generate(strength_classes, uncut, "st.Ring", select_assertions=True)
    report = _generate(strength_classes, cut, "st.Ring", select_assertions=True)
    without, with_cuts, _ = mutate_suites([uncut, cut], [strength_classes], ["st.Ring"], tmp_path / "mutate", Timeouts())
    assert [(s.score().killed, s.score().total) for s in (without, with_cuts)] == [(12, 13), (13, 13)]
    assert _survivors(without) == ["take()I replaced constant 1 with 0"]  # the head that never moves on
    assert (suite_shape(uncut)["statements_per_test"], suite_shape(cut)["statements_per_test"]) == (7.0, 5.0)
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert "ring.add(9);\n        ring.add(3);\n        assertEquals(9, ring.take());\n" \
        "        assertEquals(3, ring.take());" in source, source
    run = compile_and_run([Path(report.test_file)], strength_classes, tmp_path / "run")  # type: ignore[arg-type]
    assert run.returncode == 0 and "3 tests successful" in run.stdout, run.stdout[-3000:]
