"""`jtc doctor`: what jtc found on this machine, building its Java parts on the way; with --json, the
same as one object, which the Gradle and Maven wrappers read (the JUnit console launcher a project
lacks comes from there)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from jtc.errors import ExitCode, JtcError, ToolchainError
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


def _run_checks(say: Callable[[str], None], as_json: bool, jdk: Toolchain | ToolchainError) -> int:
    from jtc.coverage.reporter import reporter_classpath
    from jtc.java.launcher import order_jar
    from jtc.java.agent_jar import agent_jar
    from jtc.coverage.attributes import unreadable_attributes
    from jtc.java.toolchain import VINTAGE_ENGINE_JAR, jacoco, jacoco_agent_jar, junit4_jars, junit_console_jar

    def jacoco_found() -> str:
        found = jacoco()
        unreadable = ", ".join(sorted(unreadable_attributes(found.version)))
        return f"{found.label} ({found.core.parent})" + (f"; cannot read {unreadable}, removed from copies for "
                                                          f"measuring" if unreadable else "")

    def junit4_found() -> str:
        names = [jar.name for jar in junit4_jars()]
        engine = "" if VINTAGE_ENGINE_JAR in names else "; the vintage engine in the JUnit console"
        return ", ".join(names) + engine

    checks: list[tuple[str, Callable[[], object]]] = [
        ("JDK", lambda: _chosen(jdk)),
        ("JDKs found", _jdks_found),
        ("JUnit console", junit_console_jar),
        ("JUnit 4 suites", junit4_found),
        ("JaCoCo", jacoco_found),
        ("JaCoCo agent", jacoco_agent_jar),
        ("jtc agent", agent_jar),
        ("jtc coverage reporter", lambda: reporter_classpath()[0]),
        ("jtc JUnit orderer", order_jar),
    ]
    found: dict[str, str] = {}
    missing: dict[str, str] = {}
    for label, check in checks:
        try:
            found[label] = str(check())
        except JtcError as error:
            missing[label] = str(error)
    if as_json:
        say(json.dumps({label.replace(" ", "_").lower(): found.get(label) for label, _ in checks}))
    else:
        for label, _ in checks:
            say(f"{label:22} {found[label] if label in found else 'MISSING: ' + missing[label]}")
    return int(ExitCode.TOOLCHAIN_MISSING if missing else ExitCode.OK)
