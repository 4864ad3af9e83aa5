"""Locate the Java tools and the Debian Java libraries jtc runs with.

One place answers "where is javac / the JUnit console / the JaCoCo agent", so that a missing piece
becomes one clear ToolchainError instead of a failure deep inside a subprocess.
"""

from __future__ import annotations

import functools
import os
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path

from jtc.errors import ToolchainError

DEBIAN_JAVA_DIR = Path(os.environ.get("JTC_JAVA_LIBS", "/usr/share/java"))
CACHE_DIR = Path(os.environ.get("JTC_CACHE_DIR", Path.home() / ".cache" / "jtc"))
SETUP_HINT = "run ./scripts/setup.sh (installs junit5 libasm-java libjacoco-java gradle)"

# Jars by role; the agent and the coverage reporter need ASM, JUnit needs its console launcher.
ASM_JARS = ("asm.jar", "asm-tree.jar", "asm-analysis.jar", "asm-commons.jar")
JUNIT_CONSOLE_JAR = "junit-platform-console-standalone.jar"
JACOCO_JARS = ("org.jacoco.core.jar", "org.jacoco.report.jar")
JACOCO_AGENT_HOLDER = "org.jacoco.agent.jar"


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


def debian_jar(name: str) -> Path:
    path = DEBIAN_JAVA_DIR / name
    if not path.is_file():
        raise ToolchainError(f"missing Java library {path}; {SETUP_HINT}")
    return path


def asm_jars() -> list[Path]:
    return [debian_jar(name) for name in ASM_JARS]


def junit_console_jar() -> Path:
    return debian_jar(JUNIT_CONSOLE_JAR)


def jacoco_jars() -> list[Path]:
    return [debian_jar(name) for name in JACOCO_JARS]


@functools.cache
def jacoco_agent_jar() -> Path:
    """The runnable JaCoCo agent, unpacked once from the Debian jar that nests it."""
    holder = debian_jar(JACOCO_AGENT_HOLDER)
    target = CACHE_DIR / "jacoco" / f"jacocoagent-{holder.stat().st_size}.jar"
    if not target.is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(holder) as outer:
            data = outer.read("jacocoagent.jar")
        partial = target.with_suffix(".part")
        partial.write_bytes(data)
        partial.replace(target)
    return target
