"""A built wheel is all jtc needs besides a JDK: installed into a fresh virtual environment, outside the
checkout, with an empty cache and (where the test may make a mount namespace) an empty /usr/share/java,
`jtc doctor`, `jtc generate` and `jtc coverage` work on a sample."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow


def _can_hide_debian_java() -> bool:
    """Whether this process may mount an empty folder over /usr/share/java in a mount namespace of its own."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs tmpfs /usr/share/java"],
                           capture_output=True, timeout=30)
    return probe.returncode == 0


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtual environment with the wheel built from this checkout installed (its dependencies taken
    from the test's own environment, so that nothing is downloaded); returns its python."""
    work = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work / "dist"), str(ROOT)],
                   check=True, capture_output=True, text=True, timeout=900)
    [wheel] = (work / "dist").glob("jtc-*.whl")
    venv.create(work / "env", with_pip=True)
    python = work / "env" / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    (Path(site) / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True,
                   capture_output=True, text=True, timeout=600)
    return python


def _jtc(python: Path, home: Path, cwd: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Run jtc from the installed wheel with an empty home (so an empty cache), the system PATH only and,
    when possible, an empty /usr/share/java."""
    command = [str(python), "-m", "jtc.cli", *arguments]
    if _can_hide_debian_java():
        command = ["unshare", "-m", "sh", "-c", 'mount -t tmpfs tmpfs /usr/share/java && exec "$@"', "sh", *command]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=900,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(home)})


def test_the_installed_wheel_runs_without_the_checkout_or_debians_java_libraries(
        installed: Path, basics_classes: Path, tmp_path: Path) -> None:
    if not _can_hide_debian_java():
        pytest.skip("needs root and unshare to hide /usr/share/java in a mount namespace")
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    site = subprocess.run([str(installed), "-c", "import jtc, pathlib; print(pathlib.Path(jtc.__file__).parent)"],
                          cwd=elsewhere, check=True, capture_output=True, text=True).stdout.strip()

    doctor = _jtc(installed, home, elsewhere, "doctor")
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
    assert f"jars                   {site}/java/jars" in doctor.stdout
    assert "org.jacoco.core 0.8.15" in doctor.stdout and "/usr/share/java" not in doctor.stdout

    generate = _jtc(installed, home, elsewhere, "generate", "-cp", str(basics_classes), "-o", "out",
                    "--time-budget", "20", "--no-cache", "com.example.basics.Gcd")
    assert generate.returncode == 0, generate.stdout + generate.stderr
    assert "com.example.basics.Gcd: " in generate.stdout and "branches 2/2 (100.0%)" in generate.stdout

    coverage = _jtc(installed, home, elsewhere, "coverage", "-cp", str(basics_classes), "--tests", "out",
                    "com.example.basics.Gcd")
    assert coverage.returncode == 0, coverage.stdout + coverage.stderr
    lines = coverage.stdout.splitlines()
    ran = next(line for line in lines if line.startswith("out: "))
    assert ran.endswith(" tests run, 0 failed") and not ran.startswith("out: 0 tests"), ran
    gcd = next(line for line in lines if line.startswith("com.example.basics.Gcd "))
    assert gcd.split("|")[1].split()[:2] == ["2/2", "100.0%"], coverage.stdout
    assert not (home / ".cache" / "jtc" / "jars").exists()  # nothing was compiled at run time
