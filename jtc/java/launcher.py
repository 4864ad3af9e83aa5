"""Run compiled test classes with the JUnit Platform console launcher and read its XML report.

Each run is its own JVM, so static state never carries over from one run to the next. Every test has
a timeout enforced in a separate thread (an endless loop fails its test instead of hanging the
run), and the whole JVM has a wall-clock limit as a backstop.
"""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from jtc.java.bundle import junit_console_jar, order_jar
from jtc.java.toolchain import toolchain

ALPHABETICAL = "org.junit.jupiter.api.MethodOrderer$MethodName"
REVERSED = "jtc.junit.ReversedMethodOrder"
CONSOLE_LAUNCHER = "org.junit.platform.console.ConsoleLauncher"


class Status(Enum):
    PASSED = "passed"
    FAILED = "failed"  # an assertion did not hold
    ERROR = "error"  # an unexpected exception, or the timeout
    SKIPPED = "skipped"


@dataclass(frozen=True)
class TestResult:
    method: str
    status: Status
    message: str  # '<exception type>: <message>' for failures and errors
    trace: str = ""  # the stack trace of a failure or error

    @property
    def passed(self) -> bool:
        return self.status is Status.PASSED

    @property
    def skipped(self) -> bool:
        """Not run: the test is @Disabled (a likely bug's reproduction)."""
        return self.status is Status.SKIPPED

    @property
    def failed(self) -> bool:
        """An assertion did not hold, or the test threw or timed out."""
        return self.status in (Status.FAILED, Status.ERROR)

    @property
    def first_line(self) -> str:
        """Why it failed, in one line: 'AssertionFailedError: expected …', the stack trace's first line
        with the exception's simple name (the report's message attribute runs a message's lines
        together)."""
        lines = self.trace.strip().splitlines()
        if not lines:
            return self.message
        kind, separator, message = lines[0].partition(": ")
        return kind.rpartition(".")[2] + separator + message


@dataclass(frozen=True)
class LauncherRun:
    results: dict[str, TestResult]  # by '<test class>#<method>'
    completed: bool  # False when the JVM ended without writing its report (crash, exit, wall clock)
    exit_code: int | None
    output: str


def run_tests(selectors: Sequence[str], classpath: Sequence[Path], reports_dir: Path, *,
              test_timeout_s: float, wall_timeout_s: float, method_order: str = ALPHABETICAL,
              java_options: Sequence[str] = (), working_dir: Path | None = None) -> LauncherRun:
    """Run the selected tests ('com.x.FooTest' for a class, 'com.x.FooTest#m' for one method).

    `classpath` holds the compiled tests and everything they need; the JUnit jars come with the
    launcher. The working directory is `working_dir` when given (a project's tests that read files
    relative to its root, as its build runs them), else `reports_dir`, so files the code writes stay there."""
    reports_dir.mkdir(parents=True, exist_ok=True)
    # Absolute paths: the JVM runs in reports_dir.
    entries = [str(Path(p).resolve()) for p in classpath] + ([str(order_jar())] if method_order == REVERSED else [])
    # The tests on the JVM's own class path, as build tools run them (a test reading a resource
    # through ClassLoader.getSystemResource finds it), the launcher as its main class. Its `execute`
    # command: the only form JUnit 6's launcher takes (1.14's also takes the options alone).
    command = [str(toolchain().java), "-ea", "-Djava.awt.headless=true", *java_options,
               "-cp", ":".join([str(junit_console_jar()), *entries]), CONSOLE_LAUNCHER, "--disable-ansi-colors",
               "execute", "--reports-dir", str(reports_dir), "--disable-banner", "--details=none",
               # Selected classes run whatever their names; the default filter wants names ending in Test.
               "--include-classname", ".*",
               "--config", f"junit.jupiter.execution.timeout.default={max(1, round(test_timeout_s * 1000))} ms",
               "--config", "junit.jupiter.execution.timeout.thread.mode.default=SEPARATE_THREAD",
               "--config", f"junit.jupiter.testmethod.order.default={method_order}"]
    for selector in selectors:
        command += ["--select-method", selector] if "#" in selector else ["--select-class", selector]
    # The launcher writes one legacy XML report per engine: Jupiter's always, the vintage engine's
    # (JUnit 4 tests) when it ran; Jupiter's report tells that the run finished.
    for stale in reports_dir.glob("TEST-junit-*.xml"):
        stale.unlink()
    report = reports_dir / "TEST-junit-jupiter.xml"
    try:
        completed = subprocess.run(command, cwd=working_dir or reports_dir, capture_output=True, text=True,
                                   timeout=wall_timeout_s)
    except subprocess.TimeoutExpired as expired:
        raw = expired.stdout or ""
        output = raw.decode(errors="replace") if isinstance(raw, bytes) else raw
        return LauncherRun({}, False, None, output + f"\n(killed after {wall_timeout_s:.0f} s)")
    output = completed.stdout + completed.stderr
    if not report.is_file():
        return LauncherRun({}, False, completed.returncode, output)
    results = {key: result for path in sorted(reports_dir.glob("TEST-junit-*.xml"))
               for key, result in parse_report(path).items()}
    return LauncherRun(results, True, completed.returncode, output)


def parse_report(path: Path) -> dict[str, TestResult]:
    """Results by '<test class>#<method>' from the launcher's legacy XML report."""
    results = {}
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        method = case.get("name", "").removesuffix("()")
        test_class = case.get("classname", "")
        status, message, trace = Status.PASSED, "", ""
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                status = Status(child.tag if child.tag != "failure" else "failed")
                kind = child.get("type", "")
                text = child.get("message", "")
                message = f"{kind.rpartition('.')[2]}: {text}" if kind else text
                trace = child.text or ""
                break
        results[f"{test_class}#{method}"] = TestResult(method, status, message, trace)
    return results
