"""`jtc doctor`: the JDK jtc chose (and the others it found) and the jars it carries, with their
versions; with --json, the same as one object, which the Gradle and Maven wrappers read (the JUnit
console launcher a project lacks comes from there)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from jtc.errors import ExitCode, JtcError, ToolchainError
from jtc.java.bundle import JARS_DIR, Role, bundle, pit_jar
from jtc.java.jdks import installed_jdks
from jtc.java.toolchain import Toolchain, choose_jdk, note_on_stderr, use_jdk


def _chosen(jdk: Toolchain | ToolchainError) -> str:
    """The JDK line: the one chosen and why, or why there is none."""
    if isinstance(jdk, ToolchainError):
        raise jdk
    return f"{jdk} from {jdk.chosen_by}"


def run_doctor(say: Callable[[str], None], as_json: bool = False, java_home: Path | None = None) -> int:
    """Every check with the JDK of --java-home, else JAVA_HOME, else the newest found (choose_jdk)."""
    try:
        jdk = choose_jdk(java_home, None, note_on_stderr)
    except ToolchainError as error:
        return _run_checks(say, as_json, error)
    with use_jdk(jdk):
        return _run_checks(say, as_json, jdk)


def _jdks_found() -> str:
    return ", ".join(f"Java {jdk.release} {jdk.java_home}" for jdk in installed_jdks()) or "none"


def _bundled(*roles: Role) -> Callable[[], str]:
    """The artifacts and versions of the bundled jars of these roles."""
    def describe() -> str:
        jars = [jar for role in roles for jar in bundle().of(role)]
        if not jars:
            raise ToolchainError(f"jtc's bundle has no {' or '.join(roles)} jar")
        return ", ".join(f"{jar.coordinates.split(':')[1]} {jar.version}" for jar in jars)
    return describe


def _pit() -> str:
    """PIT and its JUnit 5 plugin with their versions, and how many jars PIT runs with."""
    named = [pit_jar("pitest"), pit_jar("pitest-junit5-plugin")]
    return (", ".join(f"{jar.coordinates.split(':')[1]} {jar.version}" for jar in named)
            + f" ({len(bundle().of(Role.PIT))} jars in all)")


def _run_checks(say: Callable[[str], None], as_json: bool, jdk: Toolchain | ToolchainError) -> int:
    checks: list[tuple[str, Callable[[], str]]] = [
        ("JDK", lambda: _chosen(jdk)),
        ("JDKs found", _jdks_found),
        ("jars", lambda: str(JARS_DIR)),
        ("JUnit console", lambda: str(bundle().one(Role.JUNIT_CONSOLE).path)),
        ("JUnit 4 suites", _bundled(Role.JUNIT4)),
        ("JaCoCo", _bundled(Role.JACOCO_CORE, Role.JACOCO_REPORT, Role.JACOCO_AGENT)),
        ("ASM of JaCoCo", _bundled(Role.JACOCO_ASM)),
        ("jtc agent", lambda: f"{_bundled(Role.AGENT)()}, ASM {bundle().shaded_asm} shaded into it"),
        ("jtc coverage reporter", _bundled(Role.REPORTER)),
        ("jtc JUnit orderer", _bundled(Role.JUNIT_ORDER)),
        ("jtc mutation runner", _bundled(Role.MUTATION_RUNNER)),
        ("jtc compile server", _bundled(Role.COMPILER)),
        ("PIT", _pit),
    ]
    found: dict[str, str] = {}
    missing: dict[str, str] = {}
    for label, check in checks:
        try:
            found[label] = check()
        except JtcError as error:
            missing[label] = str(error)
    if as_json:
        say(json.dumps({label.replace(" ", "_").lower(): found.get(label) for label, _ in checks}))
    else:
        for label, _ in checks:
            say(f"{label:22} {found[label] if label in found else 'MISSING: ' + missing[label]}")
    return int(ExitCode.TOOLCHAIN_MISSING if missing else ExitCode.OK)
