"""Locate the Java tools and the Debian Java libraries jtc runs with.

One place answers "which JDK / where is the JUnit console / the JaCoCo agent", so that a missing
piece becomes one clear ToolchainError instead of a failure deep inside a subprocess. The JDK is
chosen per command, for the classes under test (`choose_jdk`), and `toolchain()` answers with it.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import zipfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from jtc.errors import ToolchainError, UsageError
from jtc.java.jdks import Jdk, installed_jdks, jdk_at

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


MINIMUM_RELEASE = 11  # jtc's agent and harness are compiled for Java 11
_NO_JDK_HINT = ("install a JDK (Java 17 or newer: your distribution's package, SDKMAN, Adoptium), or give its "
                "folder with --java-home or JAVA_HOME")


@dataclass(frozen=True)
class ClassNeed:
    """The newest class file among the classes under test: the JDK must load it."""

    class_name: str  # binary name
    major: int  # its class file's major version

    @property
    def release(self) -> int:
        return self.major - 44


@dataclass(frozen=True, kw_only=True)
class Toolchain(Jdk):
    """The JDK a run uses (java_home, release, java, javac), and how it was chosen, which the lines
    that name it say."""

    chosen_by: str  # "--java-home", "JAVA_HOME", "the newest JDK found"

    @staticmethod
    def of(jdk: Jdk, chosen_by: str) -> Toolchain:
        return Toolchain(java_home=jdk.java_home, release=jdk.release, chosen_by=chosen_by)

    @property
    def limit(self) -> str:
        """What refuses a newer class file, in words: 'the newest JDK found is Java 25 (/usr/lib/jvm/...)'."""
        return f"{self.chosen_by} is Java {self.release} ({self.java_home})"

    def __str__(self) -> str:
        return f"{self.java_home} (Java {self.release})"


def choose_jdk(java_home: Path | None, need: ClassNeed | None, note: Callable[[str], None]) -> Toolchain:
    """The JDK a run uses for everything (the worker JVM, javac, JUnit, JaCoCo, the mutation runner),
    chosen once per command, before any of it runs. `need` is the newest class file among the
    classes under test (None when there is nothing to decide, as for `jtc doctor`):

    1. `java_home` (--java-home), when given, is used as it is: a folder that is no JDK, or one older
       than Java 11, is a usage error; classes newer than it are refused, each in one line.
    2. Else $JAVA_HOME, when it is a JDK (Java 11 or newer) that loads `need`.
    3. Else the newest JDK found (jdks.installed_jdks; of one release, the first found): if any JDK
       loads `need`, it does. When $JAVA_HOME is set, one `note` line says why it was passed over.
    4. When even the newest JDK found does not load `need`, it is used all the same (it loads the
       most): each class it cannot load is refused in one line naming the class, the Java release it
       needs and that JDK (exit 5, CLASS_FILE_TOO_NEW); those lines say it all, no note.

    "Loads" means the class file's major version is at most 44 + the JDK's release. No JDK at all:
    ToolchainError (exit 7).
    """
    if java_home is not None:
        given = jdk_at(java_home)
        if given is None:
            raise UsageError(f"--java-home {java_home} is not a JDK (it needs bin/java, bin/javac and a release file)")
        if given.release < MINIMUM_RELEASE:
            raise UsageError(f"--java-home {java_home} is Java {given.release}; jtc needs Java {MINIMUM_RELEASE} "
                             f"or newer")
        return Toolchain.of(given, "--java-home")
    major = need.major if need else 0
    found = [jdk for jdk in installed_jdks() if jdk.release >= MINIMUM_RELEASE]
    from_environment = os.environ.get("JAVA_HOME")
    if from_environment:
        chosen = jdk_at(Path(from_environment))
        if chosen is not None and chosen.release >= MINIMUM_RELEASE and chosen.max_class_major >= major:
            return Toolchain.of(chosen, "JAVA_HOME")
    if not found:
        raise ToolchainError(f"no JDK found; {_NO_JDK_HINT}")
    newest = max(found, key=lambda jdk: jdk.release)  # the first of the newest release: max keeps the first
    if from_environment and newest.max_class_major >= major:
        note(f"JAVA_HOME {from_environment} {_why_not(Path(from_environment), need)}: using {newest.java_home} "
             f"(Java {newest.release})")
    return Toolchain.of(newest, "the newest JDK found")


def _why_not(java_home: Path, need: ClassNeed | None) -> str:
    """Why $JAVA_HOME was passed over, in words."""
    jdk = jdk_at(java_home)
    if jdk is None:
        return "is not a JDK (it needs bin/java, bin/javac and a release file)"
    if jdk.release < MINIMUM_RELEASE:
        return f"is Java {jdk.release}; jtc needs Java {MINIMUM_RELEASE} or newer"
    assert need is not None
    return f"is Java {jdk.release}; {need.class_name} needs Java {need.release}"


def matching_jdk(chosen: Toolchain) -> Toolchain:
    """On another machine (a Dask worker), the JDK that stands for the run's: the same folder when it
    holds a JDK of the same release there, else the first JDK found of that release."""
    there = jdk_at(chosen.java_home)
    if there is not None and there.release == chosen.release:
        return chosen
    for jdk in installed_jdks():
        if jdk.release == chosen.release:
            return Toolchain.of(jdk, chosen.chosen_by)
    raise ToolchainError(f"no JDK of Java {chosen.release} found on this machine (the run uses {chosen.java_home} "
                         f"where it was started); {_NO_JDK_HINT}")


_in_use: list[Toolchain] = []  # the JDKs of the commands running in this process, innermost last


@contextmanager
def use_jdk(chosen: Toolchain) -> Iterator[Toolchain]:
    """Within the block, toolchain() is `chosen`: a command's choice, for everything it runs."""
    _in_use.append(chosen)
    try:
        yield chosen
    finally:
        _in_use.pop()


def toolchain() -> Toolchain:
    """The JDK: the one the running command chose (use_jdk); outside a command, choose_jdk's choice
    with nothing to decide ($JAVA_HOME, else the newest JDK found), made once."""
    return _in_use[-1] if _in_use else _default_toolchain()


@functools.cache
def _default_toolchain() -> Toolchain:
    return choose_jdk(None, None, note_on_stderr)


def note_on_stderr(line: str) -> None:
    print(f"jtc: {line}", file=sys.stderr)


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
