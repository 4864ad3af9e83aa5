"""Locate the Java tools and the Debian Java libraries jtc runs with.

One place answers "where is javac / the JUnit console / the JaCoCo agent", so that a missing piece
becomes one clear ToolchainError instead of a failure deep inside a subprocess.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jtc.errors import ToolchainError

DEBIAN_JAVA_DIR = Path(os.environ.get("JTC_JAVA_LIBS", "/usr/share/java"))


def cache_dir() -> Path:
    """Where jtc keeps the jars it builds or unpacks: $JTC_CACHE_DIR, else $XDG_CACHE_HOME/jtc (an
    absolute XDG_CACHE_HOME only, as the XDG spec says), else ~/.cache/jtc."""
    chosen = os.environ.get("JTC_CACHE_DIR")
    if chosen:
        return Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache") / "jtc"


CACHE_DIR = cache_dir()
SETUP_HINT = "run ./scripts/setup.sh (installs junit5 junit4 libhamcrest-java libasm-java libjacoco-java gradle)"

# Jars by role; the agent and the coverage reporter need ASM, JUnit needs its console launcher.
ASM_JARS = ("asm.jar", "asm-tree.jar", "asm-analysis.jar", "asm-commons.jar")
JUNIT_CONSOLE_JAR = "junit-platform-console-standalone.jar"
# JUnit 4 tests: compiled against JUnit 4 and Hamcrest, run on the Platform by the vintage engine.
JUNIT4_JARS = ("junit4.jar", "hamcrest.jar")
VINTAGE_ENGINE_JAR = "junit-vintage-engine.jar"
VINTAGE_ENGINE = "org.junit.vintage.engine.VintageTestEngine"
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


def _bundles_vintage_engine(launcher: Path) -> bool:
    """Whether the console launcher jar registers the vintage engine itself (Debian's does)."""
    with zipfile.ZipFile(launcher) as jar:
        try:
            engines = jar.read("META-INF/services/org.junit.platform.engine.TestEngine").decode()
        except KeyError:
            return False
    return VINTAGE_ENGINE in engines.split()


@functools.cache
def junit4_jars() -> list[Path]:
    """What JUnit 4 tests need besides the console launcher: JUnit 4 and Hamcrest, and the vintage
    engine unless the launcher bundles it."""
    vintage = () if _bundles_vintage_engine(junit_console_jar()) else (VINTAGE_ENGINE_JAR,)
    return [debian_jar(name) for name in (*JUNIT4_JARS, *vintage)]


@dataclass(frozen=True)
class JaCoCo:
    """One JaCoCo installation: its version, core and report jars, the jar holding its agent, and
    any ASM jars that came with it (a JaCoCo newer than Debian's may need a newer ASM)."""

    version: tuple[int, ...]
    core: Path
    report: Path
    agent: Path  # the runnable agent (Premain-Class), or Debian's/Maven's jar nesting jacocoagent.jar
    asm: tuple[Path, ...] = ()

    @property
    def label(self) -> str:
        return ".".join(map(str, self.version))


def _jar_version(jar: Path) -> tuple[int, ...] | None:
    """The version in a jar's manifest (Implementation-Version, else Bundle-Version), else in its name."""
    try:
        with zipfile.ZipFile(jar) as archive:
            manifest = archive.read("META-INF/MANIFEST.MF").decode("utf-8", errors="replace")
    except (OSError, KeyError, zipfile.BadZipFile):
        manifest = ""
    fields = dict(line.split(": ", 1) for line in manifest.splitlines() if ": " in line)
    for text in (fields.get("Implementation-Version"), fields.get("Bundle-Version"), jar.stem.rpartition("-")[2]):
        numbers = re.match(r"(\d+)\.(\d+)\.(\d+)", text or "")
        if numbers:
            return tuple(int(n) for n in numbers.groups())
    return None


def _jacoco_role(name: str) -> str | None:
    if name.startswith(("org.jacoco.core-", "org.jacoco.core.jar")):
        return "core"
    if name.startswith(("org.jacoco.report-", "org.jacoco.report.jar")):
        return "report"
    if name.startswith(("org.jacoco.agent-", "org.jacoco.agent.jar", "jacocoagent")):
        return "agent"
    return None


def _jacoco_in(folder: Path, with_asm: bool) -> list[JaCoCo]:
    """The complete JaCoCo installations (core, report and agent jars of one version) in a folder of
    jars, such as Debian's /usr/share/java or the lib/ folder of a JaCoCo release. With `with_asm`,
    the folder's ASM jars come with them."""
    parts: dict[tuple[int, ...], dict[str, Path]] = {}
    for jar in sorted(folder.glob("*.jar")):
        role = _jacoco_role(jar.name)
        version = _jar_version(jar) if role else None
        if role and version:
            parts.setdefault(version, {}).setdefault(role, jar)
    asm = tuple(sorted(folder.glob("asm*.jar"))) if with_asm else ()
    return [JaCoCo(version, found["core"], found["report"], found["agent"], asm)
            for version, found in parts.items() if len(found) == 3]


@functools.cache
def jacoco() -> JaCoCo:
    """The JaCoCo jtc measures with: the newest in $JTC_JACOCO_DIR when that is set (a folder of jars,
    its ASM jars used too), else the newest complete version in Debian's Java folder."""
    chosen = os.environ.get("JTC_JACOCO_DIR")
    if chosen:
        found = _jacoco_in(Path(chosen), with_asm=True)
        if not found:
            raise ToolchainError(f"JTC_JACOCO_DIR={chosen} holds no complete JaCoCo (org.jacoco.core, "
                                 f"org.jacoco.report and an agent jar of one version)")
    else:
        found = _jacoco_in(DEBIAN_JAVA_DIR, with_asm=False)
        if not found:
            for name in (*JACOCO_JARS, JACOCO_AGENT_HOLDER):
                debian_jar(name)  # names the missing one
            raise ToolchainError(f"cannot tell the version of the JaCoCo jars in {DEBIAN_JAVA_DIR}; {SETUP_HINT}")
    return max(found, key=lambda installation: installation.version)


def jacoco_jars() -> list[Path]:
    """JaCoCo's core and report jars, then the ASM jars that came with them (if any)."""
    chosen = jacoco()
    return [chosen.core, chosen.report, *chosen.asm]


@functools.cache
def jacoco_agent_jar() -> Path:
    """The runnable JaCoCo agent: the agent jar itself when it is one, else unpacked once from the jar
    that nests it (Debian's org.jacoco.agent.jar)."""
    holder = jacoco().agent
    with zipfile.ZipFile(holder) as outer:
        if "jacocoagent.jar" not in outer.namelist():
            return holder
        target = CACHE_DIR / "jacoco" / f"jacocoagent-{jacoco().label}-{holder.stat().st_size}.jar"
        if not target.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = target.with_suffix(".part")
            partial.write_bytes(outer.read("jacocoagent.jar"))
            partial.replace(target)
    return target


def jacoco_agent_option(exec_file: Path, classes: Sequence[str]) -> str:
    """The -javaagent option that records coverage of `classes` (binary names) and their nested
    classes only, into `exec_file`."""
    includes = ":".join(f"{name}:{name}$*" for name in classes)
    return f"-javaagent:{jacoco_agent_jar()}=destfile={exec_file},append=false,includes={includes}"
