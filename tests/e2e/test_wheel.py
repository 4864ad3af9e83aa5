"""A built wheel works outside the checkout: it carries the Java sources, builds its agent from them,
and writes tests."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow


def test_an_installed_wheel_generates_tests_without_the_checkout(basics_classes: Path, tmp_path: Path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "dist"), str(ROOT)],
                   check=True, capture_output=True, text=True, timeout=600)
    [wheel] = (tmp_path / "dist").glob("jtc-*.whl")
    venv.create(tmp_path / "env", with_pip=True)
    python = tmp_path / "env" / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    # jtc's dependencies come from this environment (no download); jtc itself only from the wheel.
    (Path(site) / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True,
                   capture_output=True, text=True, timeout=600)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run([str(python), "-c", "import jtc.java.build as b; print(b.java_sources('main', 'java'))"],
                           cwd=elsewhere, check=True, capture_output=True, text=True).stdout.strip()
    assert where.startswith(site) and Path(where, "jtc", "agent", "Agent.java").is_file()
    run = subprocess.run([str(python), "-m", "jtc.cli", "generate", "--quick", "-cp", str(basics_classes), "-o", "out",
                          "--time-budget", "20", "--no-cache", "com.example.basics.Gcd"],
                         cwd=elsewhere, capture_output=True, text=True, timeout=600,
                         env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home")})  # a cold jar cache
    assert run.returncode == 0, run.stdout + run.stderr
    assert "branches 2/2 (100.0%)" in run.stdout
    assert (elsewhere / "out" / "com" / "example" / "basics" / "GcdTest.java").is_file()
