"""Scores and the union of suites' verdicts (pure Python, no JVM)."""

from __future__ import annotations

from jtc.mutate.model import Mutant, Score, Status, SuiteMutation, Verdict, union
from jtc.mutate.report import mutation_json, mutation_table

MUTANTS = tuple(Mutant(f"a.B{'$In' if i == 3 else ''}#m()I@{i}:math:0", "a.B$In" if i == 3 else "a.B", "m()I", 5, i,
                       "math", f"change {i}") for i in range(4))


def suite(label: str, *statuses: Status) -> SuiteMutation:
    return SuiteMutation(label, MUTANTS, {m.id: Verdict(s, "T#t" if s.detected else "") for m, s in zip(MUTANTS, statuses)},
                         classes=("a.B",))


def test_a_nested_class_counts_for_its_outer_class():
    one = suite("one", Status.KILLED, Status.TIMED_OUT, Status.SURVIVED, Status.NO_COVERAGE)
    assert one.score("a.B") == Score(killed=2, total=4, timed_out=1)
    assert [m.description for m in one.survivors()] == ["change 2", "change 3"]


def test_the_union_kills_what_any_suite_kills_and_prefers_a_failing_test_to_a_timeout():
    one = suite("one", Status.TIMED_OUT, Status.SURVIVED, Status.NO_COVERAGE, Status.NO_COVERAGE)
    two = suite("two", Status.KILLED, Status.NO_COVERAGE, Status.SURVIVED, Status.NO_COVERAGE)
    both = union("union", [one, two])
    assert [both.verdicts[m.id].status for m in MUTANTS] == [Status.KILLED, Status.SURVIVED, Status.SURVIVED,
                                                             Status.NO_COVERAGE]
    assert both.score() == Score(killed=1, total=4, timed_out=0)


def test_report_and_json_agree():
    one = suite("one", Status.KILLED, Status.TIMED_OUT, Status.SURVIVED, Status.NO_COVERAGE)
    report = mutation_json([one])["suites"][0]
    assert (report["killed"], report["total"], report["timed_out"]) == (2, 4, 1)
    assert report["classes"] == {"a.B": {"killed": 2, "total": 4, "timed_out": 1}}
    assert [(s["description"], s["covered"]) for s in report["survivors"]] == [("change 2", True), ("change 3", False)]
    table = mutation_table([one])
    assert table[0] == "mutants made and run by jtc" and mutation_json([one])["engine"] == "jtc"
    assert table[3].split("|")[1].split()[0] == "2/4"
    assert "  a.B$In.m:5  math: change 3  (not covered)" in table
