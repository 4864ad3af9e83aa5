"""`jtc diff` end to end (issue 23, items 1 and 2) on dv.Till and a copy with one operator changed
(`price <= 0` became `price < 0` in isFree): the difference is found, named by its member, and shown
by a written test that passes on the reference and fails on the candidate, compiled and run for
real against both; a class does not differ from itself; a snapshot replayed on the new version lists
exactly the changed member, and a removed member (v4) as not compiling. A path only a third version has (add refuses more than 1000) is found
only when the candidate is explored too (--both). Bad input is one line and exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jtc.errors import ExitCode
from tests.conftest import ROOT, compile_java
from tests.e2e.junit_run import compile_and_run

FIXTURES = ROOT / "tests" / "fixtures" / "diff"
SEARCH = ("--quick", "--time-budget", "10", "-j", "1")


def jtc(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jtc.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=600)


@pytest.fixture(scope="module")
def versions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """v1; v2: one operator of isFree changed; v3: add refuses more than 1000; v4: getTotal removed."""
    root = tmp_path_factory.mktemp("till")
    return {version: compile_java(FIXTURES / version, root / version) for version in ("v1", "v2", "v3", "v4")}


def members(json_file: Path) -> list[str]:
    return [entry["member"] for entry in json.loads(json_file.read_text())["members"]]


@pytest.mark.slow
def test_diff_finds_the_changed_operator_and_writes_a_test_that_tells_the_versions_apart(versions, tmp_path):
    reference, candidate = versions["v1"], versions["v2"]
    run = jtc("diff", *SEARCH, "-cp", str(reference), "--against", str(candidate), "-o", str(tmp_path / "out"),
              "--json", str(tmp_path / "diff.json"), "dv.Till", cwd=tmp_path)
    assert run.returncode == ExitCode.DIFFERENCES, run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert members(tmp_path / "diff.json") == ["dv.Till.isFree(int)"]
    assert "isFree(0): was returns true; now AssertionFailedError: expected: <true> but was: <false>" in run.stdout
    [written] = (tmp_path / "out").rglob("*.java")
    source = written.read_text()
    assert source.count("@Test") == 1 and "isFree(0)" in source  # the shortest test, alone
    on_reference = compile_and_run([written], reference, tmp_path / "on-reference")
    assert on_reference.returncode == 0 and "1 tests successful" in on_reference.stdout, on_reference.stdout
    on_candidate = compile_and_run([written], candidate, tmp_path / "on-candidate")
    assert on_candidate.returncode != 0 and "1 tests failed" in on_candidate.stdout, on_candidate.stdout


@pytest.mark.slow
def test_a_class_does_not_differ_from_itself(versions, tmp_path):
    reference = versions["v1"]
    run = jtc("diff", *SEARCH, "-cp", str(reference), "--against", str(reference), "-o", str(tmp_path / "out"),
              "dv.Till", cwd=tmp_path)
    assert run.returncode == ExitCode.OK, run.stdout + run.stderr
    assert run.stdout.strip().endswith("no differences")
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_a_snapshot_replayed_on_the_new_version_lists_exactly_the_changed_members(versions, tmp_path):
    old, new = versions["v1"], versions["v2"]
    snapshot = tmp_path / "till.json"
    generated = jtc("generate", *SEARCH, "--no-cache", "-cp", str(old), "-o", str(tmp_path / "tests"),
                    "--snapshot", str(snapshot), "dv.Till", cwd=tmp_path)
    assert generated.returncode == 0, generated.stderr
    [recorded] = json.loads(snapshot.read_text())["classes"]
    by_test = {test["test"]: test for test in recorded["tests"]}
    assert len(by_test) == len(recorded["tests"]) > 3
    assert {"member": "dv.Till.isFree(int)", "arguments": ["0"], "outcome": "returns true"}.items() <= \
        next(test for test in by_test.values() if test["call"] == "isFree(0)").items()
    changed = jtc("diff", "-cp", str(new), "--snapshot", str(snapshot), "--json", str(tmp_path / "diff.json"),
                  cwd=tmp_path)
    assert changed.returncode == ExitCode.DIFFERENCES, changed.stderr
    assert members(tmp_path / "diff.json") == ["dv.Till.isFree(int)"]
    removed = jtc("diff", "-cp", str(versions["v4"]), "--snapshot", str(snapshot), "--json",
                  str(tmp_path / "removed.json"), cwd=tmp_path)
    assert removed.returncode == ExitCode.DIFFERENCES, removed.stderr
    assert members(tmp_path / "removed.json") == ["dv.Till.getTotal()"]  # also where another test states it
    assert "now does not compile: cannot find symbol" in removed.stdout
    unchanged = jtc("diff", "-cp", str(old), "--snapshot", str(snapshot), "dv.Till", cwd=tmp_path)
    assert unchanged.returncode == ExitCode.OK and unchanged.stdout.strip() == "no differences", unchanged.stdout


@pytest.mark.slow
def test_a_path_only_the_candidate_has_is_found_by_exploring_it_too(versions, tmp_path):
    reference, candidate = versions["v1"], versions["v3"]
    one_way = jtc("diff", *SEARCH, "-cp", str(reference), "--against", str(candidate), "-o", str(tmp_path / "one"),
                  "dv.Till", cwd=tmp_path)
    assert one_way.returncode == ExitCode.OK, one_way.stdout + one_way.stderr  # the reference never adds 1001
    both = jtc("diff", *SEARCH, "-cp", str(reference), "--against", str(candidate), "--both", "-o",
               str(tmp_path / "out"), "--candidate-output", str(tmp_path / "candidate"),
               "--json", str(tmp_path / "diff.json"), "dv.Till", cwd=tmp_path)
    assert both.returncode == ExitCode.DIFFERENCES, both.stdout + both.stderr
    found = json.loads((tmp_path / "diff.json").read_text())
    assert found["members"] == [] and [m["member"] for m in found["candidate_members"]] == ["dv.Till.add(int)"]
    assert not (tmp_path / "out").exists()
    [written] = (tmp_path / "candidate").rglob("*.java")
    assert "till.add(1001)" in written.read_text()
    on_candidate = compile_and_run([written], candidate, tmp_path / "on-candidate")
    assert on_candidate.returncode == 0, on_candidate.stdout
    on_reference = compile_and_run([written], reference, tmp_path / "on-reference")
    assert on_reference.returncode != 0 and "1 tests failed" in on_reference.stdout, on_reference.stdout


@pytest.mark.parametrize("args,words", [
    (("--against", "."), "name the classes to test"),
    ((), "give the candidate with --against CLASSPATH, or a snapshot with --snapshot FILE"),
    (("--against", ".", "--snapshot", "s.json"), "(not both)"),
    (("--snapshot", "missing.json"), "cannot read the snapshot missing.json"),
    (("--snapshot", "bad.json"), "bad.json is not a jtc snapshot"),
    (("--snapshot", "other.json"), "other.json is not a jtc snapshot"),
    (("--snapshot", "empty.json", "dv.Till"), "the snapshot empty.json has no tests of dv.Till"),
    (("--snapshot", "empty.json", "--package", "dv"), "--snapshot takes the classes it recorded"),
    (("--snapshot", "empty.json", "--both"), "--both explores both classpaths"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, words):
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "other.json").write_text('{"classes": []}')
    (tmp_path / "empty.json").write_text('{"format": 1, "classes": []}')
    run = jtc("diff", "-cp", str(tmp_path), *args, cwd=tmp_path)
    assert run.returncode == ExitCode.USAGE, run.stdout + run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("jtc: error: ") and words in lines[0], run.stderr
