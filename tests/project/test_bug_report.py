"""The run's likely-bug report: JSON and its text form, written only when asked for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jtc.errors import UsageError
from jtc.oracle.bugs import ReportedBug
from jtc.project.bug_report import summary_line, write_report
from jtc.project.results import ClassResult, Status

BUG = ReportedBug("java.lang.NullPointerException", None, "b.Ledger.owner()I:37", None,
                  ("b.Ledger.owner()I:37", "b.Ledger.describe()Ljava/lang/String;:40"), 3,
                  '@Test\n@Disabled("likely bug: NullPointerException at b.Ledger.owner()I:37")\nvoid describeThrows() {\n'
                  '    new Ledger().describe();\n}')


def _results() -> list[ClassResult]:
    return [ClassResult("b.Ledger", Status.WRITTEN, [], likely_bugs=[BUG]), ClassResult("b.Clean", Status.WRITTEN, [])]


def test_the_report_lists_each_class_s_groups_as_json_and_as_text(tmp_path: Path) -> None:
    text = write_report(tmp_path / "bugs.json", _results())
    data = json.loads((tmp_path / "bugs.json").read_text())
    assert data == {"classes": [{"class": "b.Ledger", "likely_bugs": [BUG.to_json()]}],
                    "totals": {"classes": 1, "likely_bugs": 1}}
    assert ReportedBug.from_json(data["classes"][0]["likely_bugs"][0]) == BUG
    assert text == tmp_path / "bugs.txt"
    assert text.read_text() == (
        "jtc: 1 likely bug in 1 class\n\nb.Ledger\n"
        "  1. java.lang.NullPointerException at b.Ledger.owner()I:37 (3 executions)\n"
        "     stack:\n       b.Ledger.owner()I:37\n       b.Ledger.describe()Ljava/lang/String;:40\n"
        "     shortest reproduction:\n"
        "       @Test\n       @Disabled(\"likely bug: NullPointerException at b.Ledger.owner()I:37\")\n"
        "       void describeThrows() {\n           new Ledger().describe();\n       }\n")
    assert write_report(tmp_path / "bugs.txt", _results()) == tmp_path / "bugs.txt.txt"  # never over the JSON


def test_the_summary_says_where_the_report_went_or_how_to_get_one(tmp_path: Path) -> None:
    clean = _results()[1:]
    assert summary_line(None, clean) is None
    assert summary_line(None, _results()) == ("jtc: 1 likely bug found; --likely-bugs-report FILE.json writes them "
                                              "with their shortest reproductions")
    asked = tmp_path / "bugs.json"
    assert summary_line(asked, clean) == f"jtc: 0 likely bugs reported in {asked} and {tmp_path / 'bugs.txt'}"


def test_a_report_path_that_cannot_be_written_is_one_line_of_error(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    with pytest.raises(UsageError, match="cannot write the likely-bug report to .*taken"):
        write_report(tmp_path / "taken", _results())
