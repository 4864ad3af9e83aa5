"""Locate the JDK jtc runs the code under test, javac and the tests with, and jtc's cache folder.

One place answers "where is java / javac", so that a missing JDK becomes one clear ToolchainError
instead of a failure deep inside a subprocess. The jars jtc runs with are in the package
(jtc.java.bundle).
"""

from __future__ import annotations

import functools
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from jtc.errors import ToolchainError


def cache_dir() -> Path:
    """Where jtc keeps what it builds or unpacks: $JTC_CACHE_DIR, else $XDG_CACHE_HOME/jtc (an
    absolute XDG_CACHE_HOME only, as the XDG spec says), else ~/.cache/jtc."""
    chosen = os.environ.get("JTC_CACHE_DIR")
    if chosen:
        return Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache") / "jtc"


CACHE_DIR = cache_dir()
SETUP_HINT = "install a JDK (11 or newer) and set JAVA_HOME to it, or put its javac on the PATH"


@dataclass(frozen=True)
class Toolchain:
    java: Path
    javac: Path
    java_home: Path

    @property
    def release(self) -> int:
        """The feature release of the JVM (17 for OpenJDK 17)."""
        return _java_release(self.java_home)

    @property
    def max_class_major(self) -> int:
        """The newest class file major version this JVM can load (Java 17 -> 61)."""
        return 44 + self.release


def _java_release(java_home: Path) -> int:
    release_file = java_home / "release"
    if release_file.is_file():
        for line in release_file.read_text().splitlines():
            if line.startswith("JAVA_VERSION="):
                version = line.split("=", 1)[1].strip().strip('"')
                head = version.split(".")[0]
                return int(version.split(".")[1]) if head == "1" else int(head)
    raise ToolchainError(f"cannot tell the Java version of {java_home} (no release file)")


@functools.cache
def toolchain() -> Toolchain:
    """The JDK: $JAVA_HOME if set, else the javac on PATH."""
    home = os.environ.get("JAVA_HOME")
    if home:
        java_home = Path(home)
    else:
        javac = shutil.which("javac")
        if javac is None:
            raise ToolchainError(f"javac not found on PATH and JAVA_HOME is not set; {SETUP_HINT}")
        java_home = Path(javac).resolve().parent.parent
    java, javac_path = java_home / "bin" / "java", java_home / "bin" / "javac"
    if not (java.is_file() and javac_path.is_file()):
        raise ToolchainError(f"{java_home} is not a JDK (needs bin/java and bin/javac); {SETUP_HINT}")
    return Toolchain(java=java, javac=javac_path, java_home=java_home)
