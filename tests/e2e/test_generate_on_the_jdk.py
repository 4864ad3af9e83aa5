"""The JDK jtc runs with: JAVA_HOME too old for the classes gives way to the newest JDK found, which
runs everything of the run (each worker process's JVM, javac, the JUnit runs), and the report names it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from jtc.java.jdks import installed_jdks
from tests.conftest import compile_java

pytestmark = pytest.mark.slow

SOURCES = {
    "pick/Grade.java": """package pick;
public record Grade(int points) {
    public String letter() {
        if (points >= 90) return "A";
        return points >= 50 ? "B" : "F";
    }
}
""",
    "pick/Clamp.java": """package pick;
public final class Clamp {
    public static int clamp(int value, int low, int high) {
        if (value < low) return low;
        return Math.min(value, high);
    }
}
""",
}


def test_a_java_home_too_old_for_the_classes_gives_way_to_the_newest_jdk(tmp_path: Path):
    newest = max(installed_jdks(), key=lambda jdk: jdk.release)
    if newest.release < 17:
        pytest.skip("needs a JDK of Java 17 or newer")
    for name, text in SOURCES.items():
        (tmp_path / "src" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "src" / name).write_text(text)
    classes = compile_java(tmp_path / "src", tmp_path / "classes", release="17")
    old = tmp_path / "jdk-11"  # a JDK by its files; it could run nothing, and it is not asked to
    (old / "bin").mkdir(parents=True)
    for tool in ("java", "javac"):
        (old / "bin" / tool).write_text("#!/bin/sh\nexit 1\n")
        (old / "bin" / tool).chmod(0o755)
    (old / "release").write_text('JAVA_VERSION="11.0.2"\n')
    run = subprocess.run([sys.executable, "-m", "jtc.cli", "generate", "--quick", "--no-coverage", "--time-budget", "8",
                          "-j", "2", "--classpath", str(classes), "--package", "pick", "--output", str(tmp_path / "out"),
                          "--report", str(tmp_path / "run.json"), "--no-cache"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=900,
                         env={**os.environ, "JAVA_HOME": str(old)})
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stderr.splitlines() == [
        f"jtc: JAVA_HOME {old} is Java 11; pick.Clamp needs Java 17: using {newest.java_home} (Java {newest.release})"]
    report = json.loads((tmp_path / "run.json").read_text())
    assert report["jdk"] == {"java_home": str(newest.java_home), "release": newest.release,
                             "chosen_by": "the newest JDK found"}
    assert [(entry["name"], entry["status"]) for entry in report["classes"]] == \
        [("pick.Clamp", "written"), ("pick.Grade", "written")]
    assert f"on Java {newest.release} ({newest.java_home})" in run.stdout
