"""The jars jtc runs with, carried in the package: where each one is, and which version.

jtc's own Java parts (the agent, the coverage reporter, the JUnit orderer, the mutation runner) and
the third-party jars they need (JaCoCo, the JUnit Platform console launcher, JUnit 4, PIT) are built and
gathered by Maven from Maven Central, checked against `java-agent/jars.lock` and installed into
`jtc/java/jars` with a `bundle.json` that names each jar's role (java-agent/bundle.py does it, when a
wheel is built or `./scripts/setup.sh` runs). Nothing outside the package is read: `pip install` and a
JDK are all jtc needs.

In a checkout, jars built from other sources than the checkout now holds are refused with one line
that says how to rebuild them, so that an edited agent is never silently replaced by an old one.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from jtc.errors import ToolchainError

JARS_DIR = Path(__file__).resolve().parent / "jars"
MANIFEST = "bundle.json"
# The checkout jtc runs from, if it runs from one (an editable install or the source tree).
CHECKOUT = Path(__file__).resolve().parents[2]
JAVA_PARTS = CHECKOUT / "java-agent"
REBUILD_HINT = "run ./scripts/setup.sh in the checkout, or python java-agent/bundle.py"


class Role(StrEnum):
    """What a bundled jar is for; the words bundle.json uses."""

    AGENT = "agent"  # jtc's agent and harness, ASM shaded into it
    REPORTER = "reporter"  # jtc's JaCoCo reporter
    JUNIT_ORDER = "junit-order"  # jtc's reversed method orderer
    MUTATION_RUNNER = "mutation-runner"  # jtc's mutation runner, ASM shaded into it
    COMPILER = "compiler"  # javac kept warm for one run (java/compile_server.py)
    JACOCO_CORE = "jacoco-core"
    JACOCO_REPORT = "jacoco-report"
    JACOCO_ASM = "jacoco-asm"  # the ASM jars JaCoCo's core reads class files with
    JACOCO_AGENT = "jacoco-agent"  # the runnable agent (Premain-Class)
    JUNIT_CONSOLE = "junit-console"  # the JUnit Platform console launcher, Jupiter and vintage engines inside
    JUNIT4 = "junit4"  # JUnit 4 and Hamcrest, for JUnit 4 suites run by the vintage engine
    PIT = "pit"  # PIT's command line, its JUnit 5 plugin and the jars they need (ASM is inside pitest-entry)


@dataclass(frozen=True)
class BundledJar:
    role: Role
    path: Path
    coordinates: str  # group:artifact:version[:classifier]

    @property
    def version(self) -> str:
        return self.coordinates.split(":")[2]


def java_parts_fingerprint(root: Path = JAVA_PARTS) -> str:
    """A digest of everything the bundle is built from: jtc's Java sources, the poms and the lock."""
    digest = hashlib.sha256()
    files = sorted(path for pattern in ("src/**/*.java", "**/pom.xml", "jars.lock") for path in root.glob(pattern)
                   if "target" not in path.relative_to(root).parts)
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class Bundle:
    jars: tuple[BundledJar, ...]
    fingerprint: str
    shaded_asm: str  # the version of the ASM inside the agent and the mutation runner

    def of(self, role: Role) -> list[BundledJar]:
        return [jar for jar in self.jars if jar.role is role]

    def one(self, role: Role) -> BundledJar:
        found = self.of(role)
        if len(found) != 1:
            raise ToolchainError(f"jtc's bundle has {len(found)} jars for {role} (expected one); {REBUILD_HINT}")
        return found[0]


def read_bundle(folder: Path) -> Bundle:
    """The bundle installed in `folder`, every jar it names present."""
    manifest = folder / MANIFEST
    if not manifest.is_file():
        raise ToolchainError(f"jtc's Java parts are not built ({manifest} is missing); {REBUILD_HINT}")
    data = json.loads(manifest.read_text())
    jars = tuple(BundledJar(Role(entry["role"]), folder / entry["file"], entry["coordinates"])
                 for entry in data["jars"])
    missing = [jar.path.name for jar in jars if not jar.path.is_file()]
    if missing:
        raise ToolchainError(f"jtc's bundle lacks {', '.join(missing)}; {REBUILD_HINT}")
    return Bundle(jars, data["fingerprint"], data["shaded_asm"])


@functools.cache
def bundle() -> Bundle:
    """The installed bundle; in a checkout, only when built from the Java sources it holds now."""
    found = read_bundle(JARS_DIR)
    if JAVA_PARTS.is_dir() and found.fingerprint != java_parts_fingerprint():
        raise ToolchainError(f"jtc's Java parts in {JARS_DIR} were built from other sources than java-agent/ "
                             f"holds now; {REBUILD_HINT}")
    return found


def paths(jars: Sequence[BundledJar]) -> list[Path]:
    return [jar.path for jar in jars]


def agent_jar() -> Path:
    """The agent jar: `-javaagent:` it and put it on the class path, nothing else is needed."""
    return bundle().one(Role.AGENT).path


def junit_console_jar() -> Path:
    return bundle().one(Role.JUNIT_CONSOLE).path


def junit4_jars() -> list[Path]:
    """What JUnit 4 tests need besides the console launcher (which brings the vintage engine)."""
    return paths(bundle().of(Role.JUNIT4))


def compiler_jar() -> Path:
    """The jar with jtc's compile server (javac itself comes with the JDK)."""
    return bundle().one(Role.COMPILER).path


def order_jar() -> Path:
    """The jar with jtc's reversed method orderer (JUnit itself comes with the console launcher)."""
    return bundle().one(Role.JUNIT_ORDER).path


def reporter_classpath() -> list[Path]:
    """jtc's coverage reporter, then JaCoCo's core and report jars and the ASM they read classes with."""
    chosen = bundle()
    return paths([chosen.one(Role.REPORTER), chosen.one(Role.JACOCO_CORE), chosen.one(Role.JACOCO_REPORT),
                  *chosen.of(Role.JACOCO_ASM)])


def runner_classpath() -> list[Path]:
    """jtc's mutation runner, then the JUnit Platform it launches tests with."""
    return [bundle().one(Role.MUTATION_RUNNER).path, junit_console_jar()]


def pit_classpath() -> list[Path]:
    """PIT's command line and JUnit 5 plugin with the jars they need, and the JUnit Platform launcher
    the plugin starts tests with (inside the console launcher's jar). No ASM jar: pitest-entry holds
    the ASM PIT is built against, and another beside it would mix two versions."""
    return [*paths(bundle().of(Role.PIT)), junit_console_jar()]


def pit_jar(artifact: str) -> BundledJar:
    """One of PIT's jars by its artifact id (pitest, pitest-junit5-plugin …), for its version."""
    for jar in bundle().of(Role.PIT):
        if jar.coordinates.split(":")[1] == artifact:
            return jar
    raise ToolchainError(f"jtc's bundle has no {artifact} jar; {REBUILD_HINT}")


def jacoco_version() -> str:
    return bundle().one(Role.JACOCO_CORE).version


def jacoco_agent_option(exec_file: Path, classes: Sequence[str]) -> str:
    """The -javaagent option that records coverage of `classes` (binary names) and their nested
    classes only, into `exec_file`."""
    includes = ":".join(f"{name}:{name}$*" for name in classes)
    agent = bundle().one(Role.JACOCO_AGENT).path
    return f"-javaagent:{agent}=destfile={exec_file},append=false,includes={includes}"
