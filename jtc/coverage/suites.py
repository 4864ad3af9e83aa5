"""Coverage of whole test suites given as source folders, alone and together.

`jtc coverage` compiles each folder of JUnit sources (generated or hand-written), runs it under
JaCoCo, and reports per class; with several folders it also runs them all at once, so the union
is measured rather than estimated.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jtc.coverage.measure import measure
from jtc.coverage.model import ClassCoverage, CoverageReport
from jtc.coverage.reporter import analyse
from jtc.emit.javac import compile_sources
from jtc.errors import UsageError
from jtc.toolchain import junit_console_jar


@dataclass(frozen=True)
class SuiteCoverage:
    label: str  # the folder, or "union"
    tests_run: int
    tests_failed: int
    classes: dict[str, ClassCoverage]  # by binary name of the class under test (nested classes folded in)
    note: str = ""  # how coverage was measured, when that needs saying (class files changed for JaCoCo)


def _test_classes(compiled: Path) -> list[str]:
    """Top-level compiled classes named like JUnit test classes (FooTest, FooTests, TestFoo)."""
    names = []
    for path in sorted(compiled.rglob("*.class")):
        stem = path.stem
        if "$" not in stem and (stem.endswith("Test") or stem.endswith("Tests") or stem.startswith("Test")):
            names.append(path.relative_to(compiled).with_suffix("").as_posix().replace("/", "."))
    return names


def compile_suite(folder: Path, classpath: Sequence[Path], out_dir: Path) -> list[str]:
    """Compile a folder of JUnit sources into `out_dir`; its test classes, or a one-line UsageError."""
    sources = sorted(folder.rglob("*.java"))
    if not sources:
        raise UsageError(f"no Java sources under {folder}")
    errors = compile_sources(sources, [*classpath, junit_console_jar()], out_dir)
    if errors:
        first = errors[0]
        raise UsageError(f"the tests in {folder} do not compile: {first.file}:{first.line}: {first.message}")
    return _test_classes(out_dir)


def _per_class(report: CoverageReport, classes_under_test: Sequence[str]) -> dict[str, ClassCoverage]:
    return {name.replace("/", "."): report.including_nested(name) for name in classes_under_test}


def measure_suites(folders: Sequence[Path], classpath: Sequence[Path], classes_under_test: Sequence[str],
                   work_dir: Path) -> list[SuiteCoverage]:
    """One SuiteCoverage per folder and, when there are several, their union: the suites run
    separately (their test classes may share names) and their execution data is merged."""
    results, runs = [], []
    for index, folder in enumerate(folders):
        work = work_dir / f"suite-{index}"
        shutil.rmtree(work, ignore_errors=True)
        tests = compile_suite(folder, classpath, work / "classes")
        run = measure(tests, [work / "classes"], classpath, classes_under_test, work / "jacoco")
        runs.append(run)
        failed = sum(1 for result in run.tests.results.values() if not result.passed)
        results.append(SuiteCoverage(str(folder), len(run.tests.results), failed,
                                     _per_class(run.report, classes_under_test), run.note))
    if len(runs) > 1:
        union = analyse([run.exec_file for run in runs], runs[0].class_dir, work_dir / "union")
        results.append(SuiteCoverage("union", sum(r.tests_run for r in results), sum(r.tests_failed for r in results),
                                     _per_class(union, classes_under_test), runs[0].note))
    return results
