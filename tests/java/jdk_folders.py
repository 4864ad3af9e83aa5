"""Fake JDK folders for the tests of finding and choosing JDKs: a `release` file and executable stubs
for bin/java and bin/javac, nothing that runs."""

from __future__ import annotations

from pathlib import Path

from jtc.java.jdks import EXECUTABLE_SUFFIX


def fake_jdk(home: Path, version: str, javac: bool = True) -> Path:
    """A folder that looks like a JDK of JAVA_VERSION `version` (a runtime only without `javac`)."""
    (home / "bin").mkdir(parents=True)
    for tool in ("java", "javac") if javac else ("java",):
        stub = home / "bin" / f"{tool}{EXECUTABLE_SUFFIX}"
        stub.write_text("#!/bin/sh\nexit 1\n")
        stub.chmod(0o755)
    (home / "release").write_text(f'IMPLEMENTOR="Test"\nJAVA_VERSION="{version}"\nOS_NAME="Linux"\n')
    return home
