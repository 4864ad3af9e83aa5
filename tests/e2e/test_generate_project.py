"""Many classes in one `jtc generate`: a package on two worker processes, and on a local two-worker
Dask cluster, writes the same files as on one process; the tests pass, the report holds every class,
a second run takes them from the cache; bad targets and an unreachable scheduler get one line."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from jtc.errors import ExitCode
from tests.conftest import ROOT, compile_java
from tests.e2e.junit_run import compile_and_run

pytestmark = pytest.mark.slow
PACKAGE = "com.example.dungeon.items"  # Gold, Inventory, Key, Potion, and the interface Item (no code)


@pytest.fixture(scope="module")
def dungeon_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_java(ROOT / "sample-projects" / "dungeon" / "src" / "main" / "java", tmp_path_factory.mktemp("dg"))


def jtc(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    # An execution budget (and a time budget that never ends first) makes every class deterministic.
    return subprocess.run([sys.executable, "-m", "jtc.cli", "generate", "--quick", "--time-budget", "300",
                           "--max-executions", "40", *args], capture_output=True, text=True, cwd=cwd, timeout=900)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*.java"))}


@pytest.fixture(scope="module")
def one_process(dungeon_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The package's test files from a `-j 1` run: what every other way of running must write."""
    work = tmp_path_factory.mktemp("one")
    one = jtc("-cp", str(dungeon_classes), "--package", PACKAGE, "-j", "1", "-o", "one", "--no-cache", cwd=work)
    assert one.returncode == ExitCode.OK, one.stdout + one.stderr
    return _files(work / "one")


def test_a_package_in_parallel_matches_one_process_and_the_cache_skips_it(dungeon_classes: Path, tmp_path: Path,
                                                                          one_process: dict[str, bytes]):
    first = time.monotonic()
    two = jtc("-cp", str(dungeon_classes), "--package", PACKAGE, "-j", "2", "-o", "two", "--report", "report.json",
              cwd=tmp_path)
    seconds = time.monotonic() - first
    assert two.returncode == ExitCode.OK, two.stdout + two.stderr
    assert _files(tmp_path / "two") == one_process and len(one_process) == 4

    report = json.loads((tmp_path / "report.json").read_text())
    rows = {row["name"].rpartition(".")[2]: row for row in report["classes"]}
    assert {name: row["status"] for name, row in rows.items()} == {
        "Gold": "written", "Inventory": "written", "Item": "skipped", "Key": "written", "Potion": "written"}
    assert "an interface without default or static methods" in rows["Item"]["lines"][0]
    assert rows["Gold"]["branch"] == [2, 2] and rows["Potion"]["branch"][1] == 4
    assert report["totals"]["tests"] == sum(row["tests"] for row in rows.values()) > 10
    assert "skipped: " in two.stdout and "5 classes in" in two.stdout and two.stderr == ""

    run = compile_and_run(sorted((tmp_path / "two").rglob("*.java")), dungeon_classes, tmp_path / "junit")
    assert run.returncode == 0 and f"{report['totals']['tests']} tests successful" in run.stdout, run.stdout[-3000:]

    again_started = time.monotonic()
    again = jtc("-cp", str(dungeon_classes), "--package", PACKAGE, "-j", "2", "-o", "two", cwd=tmp_path)
    again_seconds = time.monotonic() - again_started
    assert again.returncode == ExitCode.OK
    assert again.stdout.count("unchanged since the last run") == 4
    assert again_seconds < 0.1 * seconds, (again_seconds, seconds)
    assert _files(tmp_path / "two") == one_process


def test_a_local_cluster_writes_what_a_local_run_writes(dungeon_classes: Path, tmp_path: Path,
                                                        one_process: dict[str, bytes]):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote = jtc("-cp", str(dungeon_classes), "--package", PACKAGE, "--scheduler", cluster.scheduler_address,
                     "-o", "cluster", "--no-cache", cwd=tmp_path)
    assert remote.returncode == ExitCode.OK, remote.stdout + remote.stderr
    assert _files(tmp_path / "cluster") == one_process
    assert f"written to {Path('cluster') / 'com/example/dungeon/items/GoldTest.java'}" in remote.stdout
    assert "4 written, 1 skipped" in remote.stdout


def test_an_unreachable_scheduler_gets_one_line(dungeon_classes: Path, tmp_path: Path):
    pytest.importorskip("distributed")
    run = jtc("-cp", str(dungeon_classes), "--package", PACKAGE, "--scheduler", "tcp://127.0.0.1:9", cwd=tmp_path)
    assert run.returncode == ExitCode.CLUSTER
    assert run.stderr.startswith("jtc: error: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr


def test_bad_targets_get_one_line(dungeon_classes: Path, tmp_path: Path):
    unknown = jtc("-cp", str(dungeon_classes), "--package", "com.example.nowhere", cwd=tmp_path)
    assert unknown.returncode == ExitCode.UNKNOWN_CLASS
    assert unknown.stderr.strip() == ("jtc: error: no classes of package com.example.nowhere (or its subpackages) "
                                      "on the classpath")
    (tmp_path / "empty").mkdir()
    empty = jtc("-cp", "empty", "--all", cwd=tmp_path)
    assert empty.returncode == ExitCode.UNKNOWN_CLASS and "holds no classes" in empty.stderr
    nothing = jtc("-cp", str(dungeon_classes), cwd=tmp_path)
    assert nothing.returncode == ExitCode.USAGE and "give --package or --all" in nothing.stderr
    negative = jtc("-cp", str(dungeon_classes), "--boundary-runs", "-1", "com.example.dungeon.board.Square",
                   cwd=tmp_path)
    assert negative.returncode == ExitCode.USAGE and "--boundary-runs must be at least 0 (got -1)" in negative.stderr
    assert "Traceback" not in unknown.stderr + empty.stderr + nothing.stderr + negative.stderr
