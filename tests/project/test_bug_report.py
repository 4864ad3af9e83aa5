"""The run's likely-bug report: JSON and its text form, and where it goes by default."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jtc.errors import UsageError
from jtc.project.bug_report import DEFAULT_REPORT, report_path, write_report
from jtc.project.results import ClassResult, Status

BUG = {"exception": "java.lang.NullPointerException", "message": None, "site": "b.Ledger.owner()I:37",
       "stack": ["b.Ledger.owner()I:37", "b.Ledger.describe()Ljava/lang/String;:40"], "executions": 3,
       "test": '@Test\n@Disabled("likely bug: NullPointerException at b.Ledger.owner()I:37")\nvoid describeThrows() {\n'
               '    new Ledger().describe();\n}'}


def _results() -> list[ClassResult]:
    return [ClassResult("b.Ledger", Status.WRITTEN, [], likely_bugs=[BUG]), ClassResult("b.Clean", Status.WRITTEN, [])]


def test_the_report_lists_each_class_s_groups_as_json_and_as_text(tmp_path: Path) -> None:
    text = write_report(tmp_path / "bugs.json", _results())
    data = json.loads((tmp_path / "bugs.json").read_text())
    assert data == {"classes": [{"class": "b.Ledger", "likely_bugs": [BUG]}], "totals": {"classes": 1, "likely_bugs": 1}}
    assert text == tmp_path / "bugs.txt"
    assert text.read_text() == (
        "jtc: 1 likely bug in 1 class\n\nb.Ledger\n"
        "  1. java.lang.NullPointerException at b.Ledger.owner()I:37 (3 executions)\n"
        "     stack:\n       b.Ledger.owner()I:37\n       b.Ledger.describe()Ljava/lang/String;:40\n"
        "     shortest reproduction:\n"
        "       @Test\n       @Disabled(\"likely bug: NullPointerException at b.Ledger.owner()I:37\")\n"
        "       void describeThrows() {\n           new Ledger().describe();\n       }\n")
    assert write_report(tmp_path / "bugs.txt", _results()) == tmp_path / "bugs.txt.txt"  # never over the JSON


def test_the_default_report_is_written_when_there_is_something_to_say_or_to_correct(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    clean = _results()[1:]
    assert report_path(None, clean) is None
    assert report_path(tmp_path / "asked.json", clean) == tmp_path / "asked.json"
    assert report_path(None, _results()) == DEFAULT_REPORT
    DEFAULT_REPORT.write_text("{}")
    assert report_path(None, clean) == DEFAULT_REPORT  # an earlier run's report is overwritten, not left stale


def test_a_report_path_that_cannot_be_written_is_one_line_of_error(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    with pytest.raises(UsageError, match="cannot write the likely-bug report to .*taken"):
        write_report(tmp_path / "taken", _results())
