"""`jtc doctor`: the JDK jtc chose and the jars it carries, with their versions; with --json, the same
as one object, which the Gradle and Maven wrappers read (the JUnit console launcher a project lacks
comes from there)."""

from __future__ import annotations

import json
from typing import Callable

from jtc.errors import ExitCode, JtcError


def run_doctor(say: Callable[[str], None], as_json: bool = False) -> int:
    from jtc.java.bundle import JARS_DIR, Role, bundle
    from jtc.java.toolchain import toolchain

    def jdk() -> str:
        chosen = toolchain()
        return f"{chosen.java_home} (Java {chosen.release})"

    def bundled(*roles: Role) -> Callable[[], str]:
        def describe() -> str:
            jars = [jar for role in roles for jar in bundle().of(role)]
            if not jars:
                raise JtcError(f"jtc's bundle has no {' or '.join(roles)} jar")
            return ", ".join(f"{jar.coordinates.split(':')[1]} {jar.version}" for jar in jars)
        return describe

    def jar_path(role: Role) -> Callable[[], str]:
        return lambda: str(bundle().one(role).path)

    checks: list[tuple[str, Callable[[], str]]] = [
        ("JDK", jdk),
        ("jars", lambda: str(JARS_DIR)),
        ("JUnit console", jar_path(Role.JUNIT_CONSOLE)),
        ("JUnit 4 suites", bundled(Role.JUNIT4)),
        ("JaCoCo", bundled(Role.JACOCO_CORE, Role.JACOCO_REPORT, Role.JACOCO_AGENT)),
        ("ASM of JaCoCo", bundled(Role.JACOCO_ASM)),
        ("jtc agent", lambda: f"{bundled(Role.AGENT)()}, ASM {bundle().shaded_asm} shaded into it"),
        ("jtc coverage reporter", bundled(Role.REPORTER)),
        ("jtc JUnit orderer", bundled(Role.JUNIT_ORDER)),
        ("jtc mutation runner", bundled(Role.MUTATION_RUNNER)),
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
