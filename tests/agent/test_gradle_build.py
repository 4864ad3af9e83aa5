"""The root Gradle build compiles the agent with Debian's Gradle 4.4.1, offline (from /usr/share/java)."""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("gradle") is None, reason="gradle is not installed")
def test_offline_gradle_build_produces_the_agent_jar(tmp_path):
    copy = tmp_path / "jtc"
    copy.mkdir()
    for name in ("settings.gradle", "build.gradle"):
        shutil.copy(ROOT / name, copy / name)
    ignore = shutil.ignore_patterns("build", ".gradle")
    shutil.copytree(ROOT / "java-agent", copy / "java-agent", ignore=ignore)
    shutil.copytree(ROOT / "sample-projects", copy / "sample-projects", ignore=ignore)

    completed = subprocess.run(
        ["gradle", "--offline", "--no-daemon", "-q", "-g", str(tmp_path / "gradle-home"), "build"],
        cwd=copy, capture_output=True, text=True, timeout=900,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr

    jar = copy / "java-agent" / "build" / "libs" / "java-agent.jar"
    assert jar.is_file()
    with zipfile.ZipFile(jar) as archive:
        manifest = archive.read("META-INF/MANIFEST.MF").decode()
        assert "jtc/agent/Trace.class" in archive.namelist()
    assert "Premain-Class: jtc.agent.Agent" in manifest
    assert "asm-tree" in manifest.replace("\r\n ", "")  # Class-Path names the ASM jars
