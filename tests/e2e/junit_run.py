"""Compile written test classes and run them on the JUnit Platform, independently of jtc's validation."""

from __future__ import annotations

import subprocess
from pathlib import Path

from jtc.toolchain import junit_console_jar, toolchain


def compile_and_run(sources: list[Path], classes_under_test: Path, work: Path) -> subprocess.CompletedProcess:
    console = junit_console_jar()
    classes = work / "classes"
    subprocess.run([str(toolchain().javac), "-d", str(classes), "-cp", f"{classes_under_test}:{console}",
                    *map(str, sources)], check=True, capture_output=True, text=True)
    return subprocess.run([str(toolchain().java), "-ea", "-jar", str(console), "--disable-banner", "--details=summary",
                           "-cp", f"{classes}:{classes_under_test}", "--scan-classpath", str(classes)],
                          capture_output=True, text=True)
