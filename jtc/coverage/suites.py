"""Coverage of whole test suites given as source folders, alone and together.

`jtc coverage` compiles each folder of JUnit sources (generated or hand-written; JUnit 5, or JUnit 4
run by the vintage engine), runs it under JaCoCo, and reports per class; with several folders it
also merges their execution data, so the union is measured rather than estimated.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jtc.coverage.measure import measure
from jtc.coverage.model import ClassCoverage, CoverageReport
from jtc.coverage.reporter import JacocoHtml, analyse
from jtc.java.javac import compile_sources, release_for_tests
from jtc.errors import UsageError
from jtc.java.launcher import LauncherRun
from jtc.java.bundle import junit4_jars, junit_console_jar
from jtc.java.toolchain import toolchain
from jtc.model.classindex import ClassIndex
from jtc.model.types import InternalName, binary_name, internal_from_binary

# An import of JUnit 4 (org.junit.Test, org.junit.Assert.*), not of JUnit 5's org.junit.jupiter/platform, or
# of JUnit 3 (junit.framework.TestCase), whose API JUnit 4's jar carries and whose tests the vintage engine runs.
_JUNIT4_IMPORT = re.compile(r"^\s*import\s+(?:static\s+)?(?:org\.junit\.(?!jupiter\.|platform\.)|junit\.)",
                            re.MULTILINE)


@dataclass(frozen=True)
class SuiteFolder:
    """A folder of test sources and the name it goes by in the table, the HTML and the JSON."""

    name: str
    folder: Path

    @staticmethod
    def parse(text: str) -> SuiteFolder:
        """`NAME=DIR`, or a folder alone, named by its path as given."""
        name, separator, folder = text.partition("=")
        if separator and name and folder and "/" not in name:
            return SuiteFolder(name, Path(folder))
        return SuiteFolder(text, Path(text))


@dataclass(frozen=True)
class TestFailure:
    """A test that failed (or erred) under the measuring run: where, and the first line of why."""

    test_class: str
    method: str
    message: str

    def __str__(self) -> str:
        return f"{self.test_class}.{self.method}: {self.message}"


@dataclass(frozen=True)
class SuiteCoverage:
    label: str  # the suite's name (--tests NAME=DIR), else its folder; or "union"
    tests_run: int
    tests_failed: int
    classes: dict[str, ClassCoverage]  # by binary name of the class under test (nested classes folded in)
    jacoco_html: Path | None = None  # the index page of JaCoCo's HTML report of this suite, when written
    union: bool = False  # the merged execution data of all the folders, not one folder
    failures: tuple[TestFailure, ...] = ()  # the tests that failed, in the launcher's report order
    tests_skipped: int = 0  # @Disabled tests (a likely bug's reproduction): not run, not failed


def failures_of(run: LauncherRun) -> tuple[TestFailure, ...]:
    """The failed and erring tests of a launcher run, each with the first line of why."""
    return tuple(TestFailure(key.partition("#")[0], result.method, result.first_line)
                 for key, result in run.results.items() if result.failed)


def _test_classes(compiled: Path) -> list[str]:
    """Top-level compiled classes named like JUnit test classes (FooTest, FooTests, TestFoo)."""
    names: list[str] = []
    for path in sorted(compiled.rglob("*.class")):
        stem = path.stem
        if "$" not in stem and (stem.endswith("Test") or stem.endswith("Tests") or stem.startswith("Test")):
            names.append(binary_name(InternalName(path.relative_to(compiled).with_suffix("").as_posix())))
    return names


def _junit_jars(sources: Sequence[Path]) -> list[Path]:
    """The JUnit jars the tests compile and run with: the console launcher, plus JUnit 4, Hamcrest
    (and the vintage engine if the launcher lacks it) when a source imports JUnit 4 or JUnit 3."""
    junit4 = any(_JUNIT4_IMPORT.search(source.read_text(encoding="utf-8", errors="replace")) for source in sources)
    return [junit_console_jar(), *(junit4_jars() if junit4 else [])]


def compile_suite(folder: Path, classpath: Sequence[Path], out_dir: Path, classes_under_test: Sequence[str],
                  jvm_options: Sequence[str] = ()) -> tuple[list[str], list[Path]]:
    """The test classes compiled from `folder` into `out_dir` (javac's JVM started with
    `jvm_options`), and the JUnit jars they need.

    They are compiled for the release of the classes under test, as validation compiled the
    generated ones (javac.release_for_tests); a hand-written suite that needs a newer Java than its
    classes (Maven's `maven.compiler.testRelease`) is compiled for the JDK's own."""
    sources = sorted(folder.rglob("*.java"))
    if not sources:
        raise UsageError(f"no Java sources under {folder}")
    junit = _junit_jars(sources)
    with ClassIndex(classpath) as index:
        release = release_for_tests(index, [internal_from_binary(binary_name(InternalName(name))) for name in classes_under_test])
    errors = compile_sources(sources, [*classpath, *junit], out_dir, release=release, jvm_options=jvm_options)
    if errors and release < toolchain().release and not compile_sources(sources, [*classpath, *junit], out_dir,
                                                                         jvm_options=jvm_options):
        errors = []
    if errors:
        first = errors[0]
        raise UsageError(f"the tests in {folder} do not compile: {first.file}:{first.line}: {first.message}")
    return _test_classes(out_dir), junit[1:]


def _per_class(report: CoverageReport, classes_under_test: Sequence[str]) -> dict[str, ClassCoverage]:
    return {binary_name(InternalName(name)): report.including_nested(InternalName(name)) for name in classes_under_test}


def _jacoco_html(root: Path | None, name: str, title: str, sources: Sequence[Path]) -> JacocoHtml | None:
    return JacocoHtml(root / name, title, tuple(sources)) if root else None


def measure_suites(folders: Sequence[Path], classpath: Sequence[Path], classes_under_test: Sequence[str],
                   work_dir: Path, *, jacoco_html: Path | None = None, sources: Sequence[Path] = (),
                   labels: Sequence[str] = (), working_dir: Path | None = None) -> list[SuiteCoverage]:
    """One SuiteCoverage per folder (named by `labels`, else by its path) and, when there are
    several, their union: the suites run separately (their test classes may share names) and their
    execution data is merged; the tests run in `working_dir` if given. A failing test is named with
    the first line of its failure, a skipped (@Disabled) one only counted. With
    `jacoco_html`, JaCoCo writes its HTML report of each into a folder below it (suite-1, suite-2 …,
    union), showing the sources found in `sources`. The tests run in `working_dir` if given."""
    results, runs = [], []
    for index, (folder, label) in enumerate(zip(folders, labels or [str(folder) for folder in folders]), start=1):
        work = work_dir / f"suite-{index}"
        shutil.rmtree(work, ignore_errors=True)
        tests, junit = compile_suite(folder, classpath, work / "classes", classes_under_test)
        html = _jacoco_html(jacoco_html, f"suite-{index}", label, sources)
        run = measure(tests, [work / "classes", *junit], classpath, classes_under_test, work / "jacoco", html=html,
                      working_dir=working_dir)
        runs.append(run)
        failures = failures_of(run.tests)
        skipped = sum(1 for result in run.tests.results.values() if result.skipped)
        results.append(SuiteCoverage(label, len(run.tests.results), len(failures),
                                     _per_class(run.report, classes_under_test),
                                     html.index if html else None, failures=failures, tests_skipped=skipped))
    if len(runs) > 1:
        html = _jacoco_html(jacoco_html, "union", "union", sources)
        union = analyse([run.exec_file for run in runs], runs[0].class_dir, work_dir / "union", html=html)
        results.append(SuiteCoverage("union", sum(r.tests_run for r in results), sum(r.tests_failed for r in results),
                                     _per_class(union, classes_under_test),
                                     html.index if html else None, union=True,
                                     tests_skipped=sum(r.tests_skipped for r in results)))
    return results
