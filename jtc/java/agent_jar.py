"""The jtc Java agent as a jar, built from java-agent/ on first use (see jtc.java.build).

The JVM that runs code under test starts with `-javaagent:<agent jar>` and the agent jar plus ASM on
its classpath. The manifest's Class-Path names the ASM jars by absolute URL too, so the agent jar
alone is enough for `java -javaagent:... -cp <agent jar> jtc.agent.Main` when debugging.
"""

from __future__ import annotations

from pathlib import Path

from jtc.errors import ToolchainError
from jtc.java.build import JarSpec, build_jar, java_sources
from jtc.java.toolchain import asm_jars

AGENT_SOURCES = java_sources("main", "java")
PREMAIN_CLASS = "jtc.agent.Agent"


def agent_jar() -> Path:
    """The agent jar for the current sources (compiled and cached when they change)."""
    if not AGENT_SOURCES.is_dir():
        raise ToolchainError(f"the jtc agent sources are missing: {AGENT_SOURCES}")
    asm = asm_jars()
    spec = JarSpec(
        name="jtc-agent",
        source_roots=(AGENT_SOURCES,),
        classpath=tuple(asm),
        manifest=(
            ("Premain-Class", PREMAIN_CLASS),
            ("Class-Path", " ".join(jar.absolute().as_uri() for jar in asm)),
        ),
    )
    return build_jar(spec)


def agent_classpath() -> list[Path]:
    """What the worker JVM's classpath needs for the harness: the agent jar, then the ASM jars."""
    return [agent_jar(), *asm_jars()]
