"""Mutation analysis of suite folders: compile each as `jtc coverage` does, run its mutants (with jtc's
runner or with PIT), unite."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jtc.coverage.measure import extract_classes
from jtc.coverage.suites import compile_suite
from jtc.java.launcher import run_tests
from jtc.model.types import InternalName, binary_name
from jtc.mutate.model import SuiteMutation, TestRun, union
from jtc.mutate.pit import pit_engine, run_pit
from jtc.mutate.runner import Timeouts, run_mutants
from jtc.mutate.settings import PitOptions

# A test's own limit in the run that finds the tests failing on the original code (PIT's runs).
ORIGINAL_TEST_TIMEOUT_S = 60.0


@dataclass(frozen=True)
class CompiledSuite:
    label: str
    work: Path  # the suite's own folder; its test classes are in work/classes
    tests: list[str]  # the test classes, binary names
    junit: list[Path]  # the JUnit jars the tests need besides the console launcher's

    def classpath(self, project: Sequence[Path]) -> list[Path]:
        return [self.work / "classes", *self.junit, *project]


def _compiled(folders: Sequence[Path], classpath: Sequence[Path], classes: Sequence[InternalName], work_dir: Path,
              labels: Sequence[str]) -> tuple[Path, list[CompiledSuite]]:
    """The classes under test copied into a folder of their own (the mutants are made from those files),
    and each folder's tests compiled."""
    class_dir = work_dir / "classes-under-test"
    shutil.rmtree(class_dir, ignore_errors=True)
    class_dir.mkdir(parents=True)
    extract_classes(classpath, classes, class_dir)
    suites = []
    for index, (folder, label) in enumerate(zip(folders, labels or map(str, folders))):
        work = work_dir / f"suite-{index}"
        tests, junit = compile_suite(folder, classpath, work / "classes", classes)
        suites.append(CompiledSuite(label, work, tests, junit))
    return class_dir, suites


def _with_union(results: list[SuiteMutation]) -> list[SuiteMutation]:
    return [*results, union("union", results)] if len(results) > 1 else results


def mutate_suites(folders: Sequence[Path], classpath: Sequence[Path], classes: Sequence[InternalName], work_dir: Path,
                  timeouts: Timeouts, labels: Sequence[str] = (), working_dir: Path | None = None) -> list[SuiteMutation]:
    """One SuiteMutation per folder (named by `labels`, else by its path) and, with several folders,
    their union, by jtc's operators and runner. The mutants are the same for every suite (made from the
    same class files), so the union is a verdict per mutant. The tests run in `working_dir` if given."""
    class_dir, suites = _compiled(folders, classpath, classes, work_dir, labels)
    given = tuple(map(binary_name, classes))
    results = []
    for suite in suites:
        output = run_mutants(class_dir, suite.classpath(classpath), suite.tests, suite.work / "mutants.tsv", timeouts,
                             working_dir=working_dir)
        results.append(SuiteMutation(suite.label, output.mutants, output.verdicts,
                                     tuple(t for t in output.tests if not t.passed), len(output.tests), given))
    return _with_union(results)


def _original_run(suite: CompiledSuite, classpath: Sequence[Path], working_dir: Path | None) -> tuple[int, tuple[TestRun, ...]]:
    """How many tests the suite has and those that fail on the original code (PIT leaves them out and
    does not say which): one launcher run."""
    run = run_tests(suite.tests, suite.classpath(classpath), suite.work / "original",
                    test_timeout_s=ORIGINAL_TEST_TIMEOUT_S, wall_timeout_s=3600.0, working_dir=working_dir)
    failing = tuple(TestRun(key, False, 0, result.first_line) for key, result in run.results.items() if result.failed)
    return len(run.results), failing


def pit_suites(folders: Sequence[Path], classpath: Sequence[Path], classes: Sequence[InternalName], work_dir: Path,
               timeouts: Timeouts, pit: PitOptions, labels: Sequence[str] = (),
               working_dir: Path | None = None) -> list[SuiteMutation]:
    """As mutate_suites, by PIT: one PIT run per folder with `pit.mutators`, its HTML report kept in
    `pit.html`/suite-N when asked. PIT makes the same mutants of the same class files for every suite,
    so the union is a verdict per mutant here too."""
    class_dir, suites = _compiled(folders, classpath, classes, work_dir, labels)
    given = tuple(map(binary_name, classes))
    engine = pit_engine(pit.mutators)
    results = []
    for number, suite in enumerate(suites, start=1):
        tests_run, failing = _original_run(suite, classpath, working_dir)
        report_dir = pit.html / f"suite-{number}" if pit.html else suite.work / "pit"
        mutants, verdicts = run_pit(class_dir, suite.classpath(classpath), suite.tests, classes, report_dir,
                                    pit.mutators, timeouts, html=pit.html is not None, sources=pit.sources,
                                    working_dir=working_dir)
        results.append(SuiteMutation(suite.label, mutants, verdicts, failing, tests_run, given, engine))
    return _with_union(results)
