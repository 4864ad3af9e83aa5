"""Reading the reporter's output and folding nested classes, without a JVM."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.coverage.model import ClassCoverage, Counter, CoverageReport, LineCoverage, fold, parse_reports

XML = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd">
<report name="jtc"><sessioninfo id="x" start="1" dump="2"/>
<package name="p">
<class name="p/A" sourcefilename="A.java">
<method name="f" desc="()V" line="3"><counter type="INSTRUCTION" missed="1" covered="2"/></method>
<counter type="INSTRUCTION" missed="4" covered="6"/><counter type="BRANCH" missed="1" covered="3"/>
<counter type="LINE" missed="1" covered="2"/><counter type="COMPLEXITY" missed="1" covered="2"/>
<counter type="METHOD" missed="0" covered="2"/><counter type="CLASS" missed="0" covered="1"/>
</class>
<class name="p/A$1" sourcefilename="A.java">
<counter type="INSTRUCTION" missed="3" covered="0"/><counter type="LINE" missed="1" covered="0"/>
<counter type="COMPLEXITY" missed="1" covered="0"/><counter type="METHOD" missed="1" covered="0"/>
</class>
<class name="p/AB" sourcefilename="AB.java"><counter type="METHOD" missed="1" covered="0"/></class>
<sourcefile name="A.java"><line nr="3" mi="0" ci="2" mb="0" cb="0"/></sourcefile>
</package></report>
"""

LINES = "M\tp/Old\nL\tp/A\t3\t0\t2\t0\t0\nL\tp/A\t4\t2\t2\t1\t3\nL\tp/A\t7\t2\t2\t0\t0\nL\tp/A$1\t7\t3\t0\t0\t0\n" \
        "L\tp/A$1\t8\t3\t0\t0\t0\n"


@pytest.fixture
def report(tmp_path: Path) -> CoverageReport:
    (tmp_path / "r.xml").write_text(XML)
    (tmp_path / "lines.tsv").write_text(LINES)
    return parse_reports(tmp_path / "r.xml", tmp_path / "lines.tsv")


def test_class_counters_come_from_the_class_element_not_its_methods(report: CoverageReport) -> None:
    a = report.get("p.A")
    assert a is not None
    assert (a.instruction, a.branch, a.line, a.method, a.complexity) == \
        (Counter(4, 6), Counter(1, 3), Counter(1, 2), Counter(0, 2), Counter(1, 2))
    assert a.source_file == "A.java"
    assert [(line.number, line.instructions, line.branches) for line in a.lines] == [
        (3, Counter(0, 2), Counter()), (4, Counter(2, 2), Counter(1, 3)), (7, Counter(2, 2), Counter())]


def test_a_missing_counter_means_nothing_to_cover(report: CoverageReport) -> None:
    anonymous = report.get("p/A$1")
    assert anonymous is not None and anonymous.branch == Counter() and anonymous.branch.ratio is None
    assert report.mismatched == ("p.Old",)


def test_folding_sums_counters_and_merges_shared_lines(report: CoverageReport) -> None:
    folded = report.including_nested("p.A")  # p.AB is another class, not a nested one
    assert folded.name == "p.A" and folded.source_file == "A.java"
    assert folded.instruction == Counter(7, 6) and folded.branch == Counter(1, 3) and folded.method == Counter(1, 2)
    assert folded.line_at(7) == LineCoverage(7, Counter(5, 2), Counter())
    assert folded.line == Counter(1, 3)  # lines 3, 4, 7 ran; 8 did not; line 7 counts once
    with pytest.raises(KeyError):
        report.including_nested("p.Missing")


def test_fold_of_one_class_keeps_its_numbers() -> None:
    lines = (LineCoverage(1, Counter(0, 1), Counter()), LineCoverage(2, Counter(1, 0), Counter(2, 0)))
    single = ClassCoverage("q.B", "B.java", Counter(1, 1), Counter(2, 0), Counter(1, 1), Counter(0, 1), Counter(1, 1),
                           lines)
    assert fold("q.B", [single]) == single
    assert Counter(1, 3).ratio == 0.75 and Counter(1, 3).total == 4
