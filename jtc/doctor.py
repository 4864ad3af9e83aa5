"""`jtc doctor`: what jtc found on this machine, building its Java parts on the way."""

from __future__ import annotations

from typing import Callable

from jtc.errors import ExitCode, JtcError


def run_doctor(say: Callable[[str], None]) -> int:
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
    failed = False
    for label, check in checks:
        try:
            say(f"{label:22} {check()}")
        except JtcError as error:
            say(f"{label:22} MISSING: {error}")
            failed = True
    return int(ExitCode.TOOLCHAIN_MISSING if failed else ExitCode.OK)
