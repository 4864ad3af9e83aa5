"""Likely bugs reported apart: a ledger that reads its last amount before the array's start when
it is empty, and its owner before anything set it. The crashes go to the report (JSON and text) with their shortest
reproductions, written @Disabled on request (they compile and JUnit skips them), never as passing
tests; what the ledger throws on purpose is still asserted with assertThrows."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from jtc.cli import main

from junit_run import compile_and_run

LAST_SITE = "Ledger.last(Ledger.java:26)"  # where the class under test went wrong, in Java syntax
OWNER_SITE = "Ledger.ownerLength(Ledger.java:38)"
LABEL_SITE = "Ledger.label(Ledger.java:42)"
LAST_FRAME, OWNER_FRAME, LABEL_FRAME = (f"bug.{site}" for site in (LAST_SITE, OWNER_SITE, LABEL_SITE))


def _generate(classes: Path, work: Path, *options: str) -> Path:
    """`jtc generate bug.Ledger` into `work/out`; the test file."""
    code = main(["generate", "--quick", "-cp", str(classes), "bug.Ledger", "-o", str(work / "out"), "--no-cache", "-j", "1",
                 "--time-budget", "20", "--seed", "0", "--no-fold", "--likely-bugs-report", str(work / "bugs.json"), *options])
    assert code == 0
    return work / "out" / "bug" / "LedgerTest.java"


@pytest.fixture(scope="module")
def emitted(bugs_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("emitted")
    _generate(bugs_classes, work, "--emit-likely-bugs")
    return work


@pytest.mark.slow
def test_the_report_groups_each_crash_with_its_shortest_reproduction(emitted: Path) -> None:
    report = json.loads((emitted / "bugs.json").read_text())
    assert report["totals"] == {"classes": 1, "likely_bugs": 3}
    [ledger] = report["classes"]
    assert ledger["class"] == "bug.Ledger"
    bugs = {tuple(bug["stack"]): bug for bug in ledger["likely_bugs"]}
    assert set(bugs) == {(LAST_FRAME,), (OWNER_FRAME,), (OWNER_FRAME, LABEL_FRAME)}  # one crash, two stacks
    overflow, unset, labelled = bugs[LAST_FRAME,], bugs[OWNER_FRAME,], bugs[OWNER_FRAME, LABEL_FRAME]
    assert overflow["exception"] == "java.lang.ArrayIndexOutOfBoundsException"
    assert unset["exception"] == labelled["exception"] == "java.lang.NullPointerException"
    assert (overflow["site"], overflow["stack"]) == (LAST_SITE, [LAST_FRAME])
    assert overflow["message"] == "Index -1 out of bounds for length 2" and overflow["executions"] >= 1
    assert overflow["test"] == (
        "@Test\n"
        f'@Disabled("likely bug: ArrayIndexOutOfBoundsException at {LAST_SITE}")\n'
        "void lastThrowsArrayIndexOutOfBoundsException() {\n"
        "    Ledger ledger = new Ledger();\n"
        "    ledger.last();\n"
        "}")
    assert unset["site"] == labelled["site"] == OWNER_SITE
    assert (unset["called_from"], labelled["called_from"]) == (None, LABEL_SITE)
    assert "    ledger.ownerLength();" in unset["test"] and "    ledger.label();" in labelled["test"]
    text = (emitted / "bugs.txt").read_text()
    assert text.startswith("jtc: 3 likely bugs in 1 class\n\nbug.Ledger\n")
    assert f"java.lang.ArrayIndexOutOfBoundsException at {LAST_SITE}" in text and "           ledger.last();" in text


@pytest.mark.slow
def test_reproductions_are_written_disabled_compile_and_are_skipped(emitted: Path, bugs_classes: Path,
                                                                     tmp_path: Path) -> None:
    source = (emitted / "out" / "bug" / "LedgerTest.java").read_text()
    assert "import org.junit.jupiter.api.Disabled;" in source
    assert source.count("@Disabled(") == 3
    assert "ArrayIndexOutOfBoundsException.class" not in source  # the crash is not asserted as behaviour
    # What the ledger throws on purpose still is: an explicit throw, a null argument dereferenced.
    assert re.search(r"assertThrows\(IllegalArgumentException\.class, \(\) -> ledger\.put\(-?\d+, -?\d+\)\);", source)
    assert "assertThrows(NullPointerException.class, () -> ledger.ownedBy(null));" in source
    run = compile_and_run([emitted / "out" / "bug" / "LedgerTest.java"], bugs_classes, tmp_path)
    assert run.returncode == 0, run.stdout[-3000:]
    tests = source.count("@Test")
    assert f"{tests - 3} tests successful" in run.stdout and "3 tests skipped" in run.stdout
    assert "0 tests failed" in run.stdout


@pytest.mark.slow
def test_without_the_option_no_test_pins_a_crash(bugs_classes: Path, tmp_path: Path) -> None:
    source = _generate(bugs_classes, tmp_path, "--report", str(tmp_path / "run.json")).read_text()
    [ledger] = json.loads((tmp_path / "run.json").read_text())["classes"]
    summary = "\n".join(ledger["lines"])  # the summary as printed
    assert re.search(rf"  likely bug: ArrayIndexOutOfBoundsException at {re.escape(LAST_SITE)} \(\d+ executions?\); "
                     "no passing test pins it", summary)
    assert f"  likely bug: NullPointerException at {OWNER_SITE} (" in summary
    assert f"  likely bug: NullPointerException at {OWNER_SITE} called from {LABEL_SITE} (" in summary
    assert ledger["disabled"] == 0 and len(ledger["likely_bugs"]) == 3
    assert "@Disabled" not in source and "ArrayIndexOutOfBoundsException" not in source
    assert not re.search(r"\(\) -> ledger\.(ownerLength|last|label)\(\)", source)
    assert json.loads((tmp_path / "bugs.json").read_text())["totals"]["likely_bugs"] == 3


@pytest.mark.slow
def test_without_a_report_asked_for_a_run_leaves_only_the_tests_and_the_cache(bugs_classes: Path,
                                                                             tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "jtc.cli", "generate", "-cp", str(bugs_classes), "bug.Ledger",
                          "-o", "out", "-j", "1", "--time-budget", "10", "--seed", "0"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == [".jtc-cache", "out"]
    assert re.search(r"^jtc: \d+ likely bugs? found; --likely-bugs-report FILE\.json writes them", run.stdout, re.M)
