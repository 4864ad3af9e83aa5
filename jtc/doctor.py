"""`jtc doctor`: what jtc found on this machine, building its Java parts on the way; with --json, the
same as one object, which the Gradle and Maven wrappers read (the JUnit console launcher a project
lacks comes from there)."""

from __future__ import annotations

import json
from typing import Callable

from jtc.errors import ExitCode, JtcError


def run_doctor(say: Callable[[str], None], as_json: bool = False) -> int:
    from jtc.coverage.reporter import reporter_classpath
    from jtc.java.launcher import order_jar
    from jtc.java.agent_jar import agent_jar
    from jtc.coverage.attributes import unreadable_attributes
    from jtc.java.toolchain import (VINTAGE_ENGINE_JAR, jacoco, jacoco_agent_jar, junit4_jars, junit_console_jar,
                               toolchain)

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
        ("JDK", lambda: f"{toolchain().java_home} (Java {toolchain().release})"),
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
