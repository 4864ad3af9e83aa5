"""The HTML report's pages, read back with html.parser, on coverage built by hand (handmade.py: folder
'gen' reaches lines 6 and 7 of p.A, folder 'hand' 6 and 9, nothing reaches line 3, line 6 holds 4 branches
of which 'gen' covers 1 and 'hand' 2; p.B is not reached)."""

from __future__ import annotations

from pathlib import Path

import pytest
from handmade import suites
from report_pages import read_page

from jtc.coverage.comparison import compare
from jtc.coverage.html import write_html

SOURCE = "package p;\n\npublic class A {\n\n    void f() {\n        g();\n        h();\n    }\n        i();\n}\n"


@pytest.fixture
def report(tmp_path: Path) -> Path:
    sources = tmp_path / "src"
    (sources / "p").mkdir(parents=True)
    (sources / "p" / "A.java").write_text(SOURCE)
    out = tmp_path / "html"
    assert write_html(compare(suites()), out, [sources]) == out / "index.html"
    return out


def test_the_index_lists_every_class_with_its_bars(report: Path) -> None:
    index = read_page(report / "index.html")
    assert index.classes == ["p.A", "p.B"]
    assert {"classes/p.A.html", "classes/p.B.html"} <= set(index.links)
    # The whole project first: both classes together.
    assert [(bar["data-suite"], bar["data-covered"], bar["data-total"], bar["data-percent"]) for bar in index.bars[:3]] \
        == [("gen", "1", "4", "25.0%"), ("hand", "2", "4", "50.0%"), ("union", "3", "4", "75.0%")]
    assert index.bar("union", "lines")["data-percent"] == "37.5%"
    # Then per class: its branches, then its lines; a class without branches has no percentage.
    per_class = index.bars[6:]
    assert [(bar["data-kind"], bar["data-percent"]) for bar in per_class[:6]] == [
        ("branches", "25.0%"), ("branches", "50.0%"), ("branches", "75.0%"),
        ("lines", "50.0%"), ("lines", "50.0%"), ("lines", "75.0%")]
    assert [bar["data-percent"] for bar in per_class[6:9]] == ["n/a"] * 3
    assert [bar["class"] for bar in per_class[:3]] == ["bar suite-1", "bar suite-2", "bar union"]


def test_the_source_view_marks_who_reaches_each_line(report: Path) -> None:
    page = read_page(report / "classes" / "p.A.html")
    assert len(page.lines) == SOURCE.count("\n")
    assert page.marked("first-only") == [7]
    assert page.marked("others-only") == [9]
    assert page.marked("both") == [6]
    assert page.marked("neither") == [3]
    assert page.lines[1] == ""  # no code on the line
    assert "public class A {" in page.text
    assert page.text.count("1/4") == 1 and page.text.count("2/4") == 1  # line 6's branches, per folder
    assert "../report.css" in page.links and "../index.html" in page.links


def test_without_its_source_a_class_gets_a_table_of_lines(report: Path) -> None:
    page = read_page(report / "classes" / "p.B.html")
    assert page.lines == {3: "neither", 6: "neither", 7: "neither", 9: "neither"}
    assert any("source of p.B not found in" in text for text in page.text)


def test_without_source_folders_every_class_gets_a_table_of_lines(tmp_path: Path) -> None:
    write_html(compare(suites()), tmp_path, [])
    page = read_page(tmp_path / "classes" / "p.A.html")
    assert page.lines == {3: "neither", 6: "both", 7: "first-only", 9: "others-only"}
    assert "gen, hand" in page.text


def test_with_one_folder_the_legend_says_reached_or_not(tmp_path: Path) -> None:
    write_html(compare(suites()[:1]), tmp_path, [])
    index = read_page(tmp_path / "index.html")
    assert "reached by gen" in index.text and "not reached" in index.text and "both" not in index.text
    assert [bar["data-suite"] for bar in index.bars[:2]] == ["gen", "gen"]
