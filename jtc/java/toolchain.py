"""Choose the JDK jtc runs the code under test, javac and the tests with; jtc's cache folder.

One place answers "which JDK", so that a missing one becomes one clear ToolchainError instead of a
failure deep inside a subprocess. The JDK is chosen per command, for the classes under test
(`choose_jdk`), and `toolchain()` answers with it. The jars jtc runs with are in the package
(jtc.java.bundle).
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from jtc.errors import ToolchainError, UsageError
from jtc.java.jdks import Jdk, installed_jdks, jdk_at
from jtc.model.classindex import ClassIndex
from jtc.model.classpath import ClassNeed, Classpath, newest_class_file
from jtc.model.types import BinaryName


def cache_dir() -> Path:
    """Where jtc keeps what it builds or unpacks: $JTC_CACHE_DIR, else $XDG_CACHE_HOME/jtc (an
    absolute XDG_CACHE_HOME only, as the XDG spec says), else ~/.cache/jtc."""
    chosen = os.environ.get("JTC_CACHE_DIR")
    if chosen:
        return Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache") / "jtc"


CACHE_DIR = cache_dir()
MINIMUM_RELEASE = 11  # jtc's agent and harness are compiled for Java 11
# For JVMs that live a few seconds (javac on one generated test class, a JUnit run of its tests): the
# optimising compiler's threads are much of such a JVM's CPU and pay off only in longer runs, so the
# first tier alone does the same work for about 40% less CPU (docs/benchmarks.md). A JVM without
# tiers (OpenJ9) ignores -XX options it does not know.
SHORT_LIVED_JVM = ("-XX:TieredStopAtLevel=1",)
_NO_JDK_HINT = ("install a JDK (Java 17 or newer: your distribution's package, SDKMAN, Adoptium), or give its "
                "folder with --java-home or JAVA_HOME")


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


def jdk_for(java_home: Path | None, classes: Sequence[BinaryName], *classpaths: Classpath,
            note: Callable[[str], None] = note_on_stderr) -> Toolchain:
    """The JDK a command uses for these classes under test (choose_jdk's rule), on one classpath or
    on several (jtc diff's two versions: the newer class file decides)."""
    needs = []
    for classpath in classpaths:
        with ClassIndex(classpath.entries) as index:
            needs.append(newest_class_file(index, classes))
    return choose_jdk(java_home, max((need for need in needs if need), key=lambda need: need.major, default=None), note)
