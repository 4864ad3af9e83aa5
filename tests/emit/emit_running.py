"""For the emitter's tests: a test method's source, and rendered test classes compiled and run against the
fx fixtures."""

from __future__ import annotations

from pathlib import Path

from jtc.emit.render import RenderedClass
from jtc.java.bundle import junit_console_jar
from jtc.java.javac import compile_sources
from jtc.java.launcher import LauncherRun, run_tests


def compile_and_run(rendered: list[RenderedClass], fx_classes: Path, tmp_path: Path) -> LauncherRun:
    """Write the classes' sources, compile them (no error allowed) and run them under JUnit."""
    sources = []
    for rendered_class in rendered:
        path = tmp_path / "src" / rendered_class.relative_path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(rendered_class.source, encoding="utf-8")
        sources.append(path)
    assert compile_sources(sources, [fx_classes, junit_console_jar()], tmp_path / "classes") == []
    return run_tests([r.binary_name for r in rendered], [tmp_path / "classes", fx_classes], tmp_path / "reports",
                     test_timeout_s=10, wall_timeout_s=120)


def method_source(rendered: RenderedClass, name: str) -> str:
    """The lines of test method `name`, from its first annotation to its closing brace."""
    test = next(t for t in rendered.tests if t.name == name)
    return "\n".join(rendered.source.splitlines()[test.first_line - 1:test.last_line])
