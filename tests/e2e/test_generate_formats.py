"""Inputs that must match a format (issue 37), end to end on tests/fixtures/formats: the regex
model (svm/models/regex*.py) lets the solver write strings of a pattern, and the code that checks
their groups afterwards is explored.

`formats.Address` is a dotted address whose four parts must each be 0–255, `formats.PartCode` a code
whose groups are parsed and checked after the match, `formats.Identifier` a name matched by a class
with a bounded repetition, `formats.CardNumber` digits that must pass the Luhn check. The written
tests are compiled and run on the JUnit Platform and measured by JaCoCo; each class's branch coverage
is at least 90%, the issue's aim (each reached it in two runs on a quiet machine and under load).

`formats.Facts` is a listing line cut by `split(" ", 2)`, `split(";")` and `split("=", -1)`, as
commons-net's MLSx parser cuts it: 18 of its 18 branches since a split's pieces are strings the path
defines (13 when they were substrings between `indexOf` positions, 1 before `split` with a limit was
modelled); at least 90% asserted, like the others.

`formats.Entry` is a directory listing line checked against a pattern of about sixty classes, too
large for z3 as one language (regex.MAX_CLASSES): it is decided in the shape the run matched it
(svm/models/regex_near.py), so the file type, each permission, the optional link count and the
optional link target are explored: 27 of 27 branches at 30 s of search (15 before). Where the
solver's text is matched by Java in another way than the shape says, the run diverges; a divergence
or two is expected there and not asserted away.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from tests.conftest import ROOT, compile_java

from junit_run import compile_and_run

pytestmark = pytest.mark.slow

FIXTURES = ROOT / "tests" / "fixtures" / "formats"
FORMATS = ("formats.Address", "formats.CardNumber", "formats.Identifier", "formats.PartCode")
FLOOR = 0.9
CUT = "formats.Facts"
ENTRY = "formats.Entry"


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_java(FIXTURES, tmp_path_factory.mktemp("formats"))


@pytest.fixture(scope="module")
def reports(classes: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, ClassReport]:
    settings = Settings(classpath=(str(classes),), output_dir=tmp_path_factory.mktemp("generated"),
                        search_budget=30.0, seed=0)  # its floors were set for 30 s of search
    found = dict(generate(settings, (*FORMATS, CUT, ENTRY)))
    assert all(isinstance(report, ClassReport) for report in found.values()), found
    return found  # type: ignore[return-value]


@pytest.mark.parametrize("name", FORMATS)
def test_a_format_checked_by_a_pattern_is_explored(reports: dict[str, ClassReport], classes: Path, tmp_path: Path,
                                                   name: str):
    report = reports[name]
    assert report.branch is not None and report.branch[0] >= FLOOR * report.branch[1], report.branch
    assert report.search.divergences == {}
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    run = compile_and_run([Path(report.test_file)], classes, tmp_path / "run")  # type: ignore[arg-type]
    assert run.returncode == 0 and f"{report.tests_written} tests successful" in run.stdout, run.stdout[-3000:]
    if name == "formats.PartCode":
        assert "batch 00 is reserved" in source and "spare" in source, source
    if name == "formats.CardNumber":
        # a number that passes the check digit and one that fails, as two tests or as rows of one
        assert all(f"assert{word.title()}" in source or f", {word}\"" in source for word in ("true", "false")), source


def test_a_line_cut_by_splits_with_limits_is_explored(reports: dict[str, ClassReport], classes: Path, tmp_path: Path):
    report = reports[CUT]
    assert report.branch is not None and report.branch[0] >= FLOOR * report.branch[1], report.branch
    assert report.search.divergences == {}
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert all(f"'{outcome}'" in source or f'"{outcome}"' in source
               for outcome in ("no name", "no facts", "malformed fact")), source
    run = compile_and_run([Path(report.test_file)], classes, tmp_path / "run")  # type: ignore[arg-type]
    assert run.returncode == 0 and f"{report.tests_written} tests successful" in run.stdout, run.stdout[-3000:]


def test_a_line_checked_by_a_pattern_too_large_for_z3_is_explored(reports: dict[str, ClassReport], classes: Path,
                                                                   tmp_path: Path):
    report = reports[ENTRY]
    assert report.branch is not None and report.branch[0] >= FLOOR * report.branch[1], report.branch
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    # each outcome is a branch or two: at 90% of them under load, one of these may be missing (a clean-clone CI)
    assert sum(f'"{outcome}' in source or f"'{outcome}" in source  # a call's argument, or a row's cell
               for outcome in ("not a listing", "broken link", "bad day", "device ")) >= 3, source
    run = compile_and_run([Path(report.test_file)], classes, tmp_path / "run")  # type: ignore[arg-type]
    assert run.returncode == 0 and f"{report.tests_written} tests successful" in run.stdout, run.stdout[-3000:]
