"""The root Gradle build compiles and tests the sample projects with Debian's Gradle 4.4.1, offline (JUnit
from /usr/share/java): the samples' own builds, which jtc's users' builds resemble."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.conftest import ROOT


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("gradle") is None, reason="gradle is not installed")
def test_offline_gradle_build_compiles_and_tests_the_samples(tmp_path):
    copy = tmp_path / "jtc"
    copy.mkdir()
    for name in ("settings.gradle", "build.gradle"):
        shutil.copy(ROOT / name, copy / name)
    shutil.copytree(ROOT / "sample-projects", copy / "sample-projects", ignore=shutil.ignore_patterns("build", ".gradle"))

    completed = subprocess.run(
        ["gradle", "--offline", "--no-daemon", "-g", str(tmp_path / "gradle-home"), "build"],
        cwd=copy, capture_output=True, text=True, timeout=900,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    for sample in ("basics", "containers", "dungeon", "modern"):
        assert (copy / "sample-projects" / sample / "build" / "libs" / f"{sample}.jar").is_file(), sample
        assert f":sample-projects:{sample}:junitPlatformTest" in completed.stdout, sample
