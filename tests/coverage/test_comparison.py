"""The comparison behind the report: line marks of the first folder against the others, the project's
totals, the JSON figures and where a class's source is, on coverage built by hand (no JVM)."""

from __future__ import annotations

import json
from pathlib import Path

from handmade import suites

from jtc.coverage.comparison import Mark, as_json, compare, find_source
from jtc.coverage.model import Counter
from jtc.coverage.suites import SuiteCoverage

def test_each_line_is_marked_by_who_reaches_it() -> None:
    comparison = compare(suites())
    a = comparison.classes[0]
    assert [(line.number, line.mark, line.reached_by) for line in a.lines] == [
        (3, Mark.NEITHER, ()), (6, Mark.BOTH, ("gen", "hand")), (7, Mark.FIRST_ONLY, ("gen",)),
        (9, Mark.OTHERS_ONLY, ("hand",))]
    assert [a.count(mark) for mark in Mark] == [1, 1, 1, 1]
    assert a.lines[1].branches == (Counter(3, 1), Counter(2, 2))
    assert [line.has_branches for line in a.lines] == [False, True, False, False]


def test_with_one_folder_a_line_is_reached_by_it_or_not() -> None:
    comparison = compare(suites()[:1])
    assert [line.mark for line in comparison.classes[0].lines] == [Mark.NEITHER, Mark.FIRST_ONLY, Mark.FIRST_ONLY,
                                                                   Mark.NEITHER]


def test_the_union_is_not_a_side_of_the_comparison_but_has_figures() -> None:
    comparison = compare(suites())
    assert [suite.label for suite in comparison.folders] == ["gen", "hand"]
    assert comparison.project() == ((Counter(3, 1), Counter(6, 2)), (Counter(2, 2), Counter(6, 2)),
                                    (Counter(1, 3), Counter(5, 3)))


def test_json_shape() -> None:
    data = json.loads(json.dumps(as_json(compare(suites()))))
    assert [(s["label"], s["union"], s["tests_run"], s["tests_failed"], s["jacoco_html"]) for s in data["suites"]] == [
        ("gen", False, 2, 0, None), ("hand", False, 3, 1, None), ("union", True, 5, 1, None)]
    assert data["project"][2] == {"suite": "union", "branches": {"covered": 3, "total": 4},
                                  "lines": {"covered": 3, "total": 8}}
    a, b = data["classes"]
    assert (a["name"], a["source_file"], b["name"], b["source_file"]) == ("p.A", "A.java", "p.B", None)
    assert a["coverage"][1] == {"suite": "hand", "branches": {"covered": 2, "total": 4},
                                "lines": {"covered": 2, "total": 4}}
    assert a["lines"][1] == {"line": 6, "mark": "both", "reached_by": ["gen", "hand"],
                             "branches": [{"suite": "gen", "covered": 1, "total": 4},
                                          {"suite": "hand", "covered": 2, "total": 4}]}
    assert [line["mark"] for line in b["lines"]] == ["neither"] * 4


def test_the_source_is_found_by_package_and_source_file_or_simple_name(tmp_path: Path) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    (second / "p").mkdir(parents=True)
    (second / "p" / "A.java").write_text("class A {}")
    (second / "p" / "B.java").write_text("class B {}")
    first.mkdir()
    a, b = compare(suites()).classes
    assert find_source([first, second], a) == second / "p" / "A.java"
    assert find_source([first, second], b) == second / "p" / "B.java"  # no SourceFile attribute: the simple name
    assert find_source([first], a) is None


def test_folders_are_told_apart_by_position_not_label() -> None:
    gen, hand, _ = suites()
    same_label = [gen, SuiteCoverage("gen", hand.tests_run, hand.tests_failed, hand.classes)]
    assert [line.mark for line in compare(same_label).classes[0].lines] == [
        Mark.NEITHER, Mark.BOTH, Mark.FIRST_ONLY, Mark.OTHERS_ONLY]
