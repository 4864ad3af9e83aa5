"""`jtc coverage`: suites measured separately and their union measured by merging JaCoCo data."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from jtc.coverage.suites import compile_suite
from jtc.java.bundle import junit4_jars
from tests.conftest import compile_java

MUTATE_SCORES = Path(__file__).resolve().parents[1] / "mutate" / "fixtures" / "scores"
REFERENCE = Path(__file__).resolve().parents[2] / "sample-projects" / "basics" / "src" / "test" / "java"
PACKAGE = Path("com/example/basics")


def suite_of(tmp_path: Path, name: str, *tests: str) -> Path:
    folder = tmp_path / name
    (folder / PACKAGE).mkdir(parents=True)
    for test in tests:
        shutil.copy(REFERENCE / PACKAGE / f"{test}.java", folder / PACKAGE)
    return folder


@pytest.mark.slow
def test_union_of_two_suites_covers_what_each_covers(basics_classes: Path, tmp_path: Path):
    bmi_only = suite_of(tmp_path, "bmi", "BmiTest")
    strings_only = suite_of(tmp_path, "strings", "StringsTest")
    run = subprocess.run([sys.executable, "-m", "jtc.cli", "coverage", "--classpath", str(basics_classes),
                          "--tests", str(bmi_only), "--tests", str(strings_only),
                          "com.example.basics.Bmi", "com.example.basics.Strings"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    rows = {line.split("|")[0].strip(): [cell.split() for cell in line.split("|")[1:]]
            for line in run.stdout.splitlines() if line.startswith("com.example")}
    bmi, strings = rows["com.example.basics.Bmi"], rows["com.example.basics.Strings"]
    # Columns: bmi suite, strings suite, union; each cell: branches, percent, lines, percent.
    assert [cell[0] for cell in bmi] == ["8/8", "0/8", "8/8"]  # JaCoCo 0.8.15 filters the assert checks
    assert [cell[2] for cell in bmi] == ["9/9", "0/9", "9/9"]
    assert [cell[0] for cell in strings] == ["0/14", "14/14", "14/14"]
    assert "union: " in run.stdout and "0 failed" in run.stdout.split("union: ")[1]



@pytest.mark.parametrize("suite,test_classes,junit4", [
    ("junit3", ["mut.RangeTest", "mut.TallyTest"], True),
    ("junit4", ["mut.TallyTest"], True),
    ("strong", ["mut.RangeTest", "mut.TallyTest"], False),
])
def test_junit3_and_junit4_suites_get_junit4_s_jars(tmp_path: Path, suite: str, test_classes: list[str], junit4: bool):
    """A suite importing junit.framework (JUnit 3) or org.junit (JUnit 4) compiles and runs with JUnit 4
    and Hamcrest, a JUnit 5 one without; only classes named like tests are test classes (a JUnit 3 base
    class such as TallyFramework is not)."""
    classes = compile_java(MUTATE_SCORES / "main", tmp_path / "main")
    tests, junit = compile_suite(MUTATE_SCORES / suite, [classes], tmp_path / "tests", ["mut.Range", "mut.Tally"])
    assert tests == test_classes
    assert junit == (junit4_jars() if junit4 else [])
