"""Compile written test classes and run them on the JUnit Platform, independently of jtc's validation."""

from __future__ import annotations

import subprocess
from collections.abc import Iterable
from pathlib import Path

from jtc.config import AccessOptions, Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from jtc.java.bundle import junit_console_jar
from jtc.java.toolchain import toolchain


def compile_and_run(sources: list[Path], classes_under_test: Path, work: Path,
                    console: Path | None = None) -> subprocess.CompletedProcess:
    """javac `sources` against the classes and a JUnit console launcher (jtc's by default) and run them all."""
    console = console or junit_console_jar()
    classes = work / "classes"
    subprocess.run([str(toolchain().javac), "-d", str(classes), "-cp", f"{classes_under_test}:{console}",
                    *map(str, sources)], check=True, capture_output=True, text=True)
    return subprocess.run([str(toolchain().java), "-ea", "-jar", str(console), "execute", "--disable-banner",
                           "--details=summary",
                           "-cp", f"{classes}:{classes_under_test}", "--scan-classpath", str(classes)],
                          capture_output=True, text=True)


def generate_unfolded(classes: Path, output: Path, class_name: str, max_executions: int,
                      access: AccessOptions = AccessOptions()) -> ClassReport:
    """`jtc generate` of one class on an execution budget (seed 0, no folding: the statements are the
    point of the tests that use it); its ClassReport."""
    settings = Settings(select_assertions=False, classpath=(str(classes),), output_dir=output, max_executions=max_executions,
                        time_budget=60.0, seed=0, fold=False, access=access)
    [(_, found)] = list(generate(settings, [class_name]))
    assert isinstance(found, ClassReport), found
    return found


def assert_written_tests_pass(reports: Iterable, classes_under_test: Path, work: Path) -> None:
    """javac the test classes the reports name and run them all once: every test passes."""
    reports = list(reports)
    run = compile_and_run([Path(r.test_file) for r in reports if r.test_file], classes_under_test, work)
    assert run.returncode == 0, run.stdout[-3000:]
    assert f"{sum(r.tests_written for r in reports)} tests successful" in run.stdout
    assert "0 tests failed" in run.stdout

