"""`--scheduler`: a package generated on a local two-worker Dask cluster writes the same files as a
local run, and an unreachable scheduler gets one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from jtc.errors import ExitCode
from tests.conftest import ROOT, compile_java

distributed = pytest.importorskip("distributed")
pytestmark = pytest.mark.slow
PACKAGE = "com.example.dungeon.items"


def jtc(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jtc.cli", "generate", "--time-budget", "300", "--max-executions", "40",
                           "--no-cache", *args], capture_output=True, text=True, cwd=cwd, timeout=900)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*.java"))}


def test_a_local_cluster_writes_what_a_local_run_writes(tmp_path: Path):
    classes = compile_java(ROOT / "sample-projects" / "dungeon" / "src" / "main" / "java", tmp_path / "classes")
    local = jtc("-cp", str(classes), "--package", PACKAGE, "-j", "1", "-o", "local", cwd=tmp_path)
    assert local.returncode == ExitCode.OK, local.stderr
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote = jtc("-cp", str(classes), "--package", PACKAGE, "--scheduler", cluster.scheduler_address,
                     "-o", "cluster", cwd=tmp_path)
    assert remote.returncode == ExitCode.OK, remote.stdout + remote.stderr
    assert _files(tmp_path / "cluster") == _files(tmp_path / "local") and len(_files(tmp_path / "local")) == 4
    assert f"written to {Path('cluster') / 'com/example/dungeon/items/GoldTest.java'}" in remote.stdout
    assert "4 written, 1 skipped" in remote.stdout


def test_an_unreachable_scheduler_gets_one_line(tmp_path: Path):
    classes = compile_java(ROOT / "sample-projects" / "dungeon" / "src" / "main" / "java", tmp_path / "classes")
    run = jtc("-cp", str(classes), "--package", PACKAGE, "--scheduler", "tcp://127.0.0.1:9", cwd=tmp_path)
    assert run.returncode == ExitCode.CLUSTER
    assert run.stderr.startswith("jtc: error: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr
