"""Generated tests compile and pass on JUnit 6 too (jtc runs them on the 5.14 line it carries): a user's
build may already be on JUnit 6, whose console launcher here comes from Maven Central, pinned by its
SHA-256."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import compile_and_run

pytestmark = pytest.mark.slow

JUNIT6_CONSOLE = "org.junit.platform:junit-platform-console-standalone:6.1.3"
JUNIT6_SHA256 = "e62b96ac475dbcde8599ea905d088f65d90778f86e259b856a49fa5c4ea256ec"
# Parameterized tests, assertThrows with messages, @BeforeEach, a stub subclass, console capture.
SUBJECTS = {"basics": ["Bmi", "Strings", "AbstractShape"],
            "containers": ["Coinbox", "Catcher", "Shapes"]}


@pytest.fixture(scope="module")
def junit6_console(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("mvn") is None:
        pytest.skip("Maven (mvn) is needed to fetch JUnit 6 from Maven Central")
    folder = tmp_path_factory.mktemp("junit6")
    fetched = subprocess.run(["mvn", "-q", "-B", "dependency:copy", f"-Dartifact={JUNIT6_CONSOLE}",
                              f"-DoutputDirectory={folder}"], capture_output=True, text=True, timeout=600)
    assert fetched.returncode == 0, fetched.stdout + fetched.stderr
    [jar] = folder.glob("*.jar")
    assert hashlib.sha256(jar.read_bytes()).hexdigest() == JUNIT6_SHA256
    return jar


@pytest.mark.parametrize("sample", list(SUBJECTS))
def test_generated_tests_pass_on_junit_6(sample: str, junit6_console: Path, request: pytest.FixtureRequest,
                                         tmp_path: Path) -> None:
    classes: Path = request.getfixturevalue(f"{sample}_classes")
    settings = Settings(classpath=(str(classes),), output_dir=tmp_path / "generated", time_budget=60.0, seed=0,
                        max_executions=150)
    reports = [report for _, report in generate(settings, [f"com.example.{sample}.{name}" for name in SUBJECTS[sample]])]
    assert all(isinstance(report, ClassReport) and report.test_file for report in reports), reports
    written = sum(report.tests_written for report in reports)  # type: ignore[union-attr]
    run = compile_and_run([Path(report.test_file) for report in reports], classes, tmp_path,  # type: ignore[union-attr]
                          console=junit6_console)
    assert run.returncode == 0, run.stdout[-3000:]
    assert f"{written} tests successful" in run.stdout and " 0 tests failed" in run.stdout
