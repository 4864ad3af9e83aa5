"""Replay recorded tests on a classpath: compile their sources against it, run them, and turn every
test that does not pass into a difference, named by the member whose stated behaviour changed.

The member is the one of the assertion on the line where the failure left the test class (an
observer's answer, an earlier call's value), else the test's member under test (its call threw or
returned where the test expected the other). A test that no longer compiles (a member removed or
changed its signature) is a difference too; it is cut from the source so that the others still run.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jtc.emit.behaviour import StatedCheck, TestBehaviour, declaration_lines
from jtc.emit.validate import failing_line
from jtc.java.javac import CompileError, compile_sources
from jtc.java.launcher import LauncherRun, TestResult, run_tests
from jtc.java.bundle import junit_console_jar
from jtc.project.snapshot import ClassSnapshot
from jtc.project.suite_check import without_methods

TEST_TIMEOUT_S = 10.0
JVM_ALLOWANCE_S = 120.0
COMPILE_ROUNDS = 3  # a test that does not compile is cut; a second error may show only then


@dataclass(frozen=True)
class Difference:
    """A recorded test that does not pass on the other classpath."""

    class_name: str  # the class under test
    test_class: str
    test: TestBehaviour
    member: str  # whose stated behaviour differs
    call: str
    before: str  # what the test stated
    now: str  # what happened instead: the failure's first line, or why it does not compile


def replay(classes: Sequence[ClassSnapshot], classpath: Sequence[Path], work: Path) -> list[Difference]:
    """Every test of `classes` that fails, errs or does not compile against `classpath`."""
    sources = {snapshot.test_class: snapshot.source for snapshot in classes}
    differences: list[Difference] = []
    by_class = {snapshot.test_class: snapshot for snapshot in classes}
    compiled = work / "classes"
    for round_number in range(1, COMPILE_ROUNDS + 1):
        compiled = work / f"classes-{round_number}"
        errors = _compile(sources, classpath, work / f"src-{round_number}", compiled) if sources else {}
        if not errors:
            break
        for test_class, found in errors.items():
            cut = _not_compiling(by_class[test_class], sources[test_class], found)
            differences += cut
            left = without_methods(sources[test_class], {difference.test.method for difference in cut})
            if cut and any(test.method in declaration_lines(left) for test in by_class[test_class].tests):
                sources[test_class] = left
            else:
                del sources[test_class]
    else:
        why = f"not run: javac still failed after {COMPILE_ROUNDS} rounds of cutting the tests it named"
        return differences + [_unrun(by_class[name], test, why) for name in sources
                              for test in by_class[name].tests if test.method in declaration_lines(sources[name])]
    if sources:
        run = _run(sorted(sources), [compiled, *classpath], work / "run")
        for test_class in sorted(sources):
            results = run.results if run.completed else _run([test_class], [compiled, *classpath],
                                                             work / f"run-{test_class}").results
            differences += _failing(by_class[test_class], sources[test_class], results)
    return differences


def _compile(sources: dict[str, str], classpath: Sequence[Path], src: Path,
             out: Path) -> dict[str, list[CompileError]]:
    """Compile the sources; javac's errors by test class."""
    files = {}
    for test_class, source in sources.items():
        path = src / Path(*test_class.split(".")).with_suffix(".java")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
        files[path.resolve()] = test_class
    errors: dict[str, list[CompileError]] = {}
    for error in compile_sources(sorted(files), [*classpath, junit_console_jar()], out):
        errors.setdefault(files.get(error.file.resolve(), ""), []).append(error)
    errors.pop("", None)
    return errors


def _not_compiling(snapshot: ClassSnapshot, source: str, errors: list[CompileError]) -> list[Difference]:
    """The tests on whose lines javac found errors; every test of the class when an error is
    outside them all (a field set in @BeforeEach, an import)."""
    declared = declaration_lines(source)
    tests = [test for test in snapshot.tests if test.method in declared]
    found: dict[str, Difference] = {}
    for error in errors:
        at = [test for test in tests
              if declared[test.method] + test.span[0] <= error.line <= declared[test.method] + test.span[1]]
        for test in at or tests:
            why = f"does not compile: {error.message}"
            check = test.check_at(error.line - declared[test.method])
            found.setdefault(test.test, _stated_by(snapshot, test, check, why) if at else _unrun(snapshot, test, why))
    return list(found.values())


def _unrun(snapshot: ClassSnapshot, test: TestBehaviour, why: str) -> Difference:
    """The difference of a test as a whole, named by its call under test."""
    return Difference(snapshot.class_name, snapshot.test_class, test, test.member, test.call, test.outcome, why)


def _run(test_classes: Sequence[str], classpath: Sequence[Path], reports: Path) -> LauncherRun:
    return run_tests(test_classes, classpath, reports, test_timeout_s=TEST_TIMEOUT_S,
                     wall_timeout_s=JVM_ALLOWANCE_S + TEST_TIMEOUT_S * len(test_classes))


def _case_name(key: str) -> str:
    """'dv.TillTest#isFree(int)[2]' -> 'isFree[2]', 'dv.TillTest#isFreeReturnsTrue' -> itself after '#'."""
    return re.sub(r"\(.*\)(?=\[\d+\]$)", "", key.partition("#")[2])


def _failing(snapshot: ClassSnapshot, source: str, results: dict[str, TestResult]) -> list[Difference]:
    """The differences of one test class's run: each recorded test that failed or was not run."""
    by_case = {_case_name(key): result for key, result in results.items()
               if key.partition("#")[0] == snapshot.test_class}
    declared = declaration_lines(source)
    differences = []
    for test in snapshot.tests:
        if test.method not in declared:
            continue  # cut: it did not compile
        result = by_case.get(test.test)
        if result is None:
            differences.append(_unrun(snapshot, test, "was not run (the test JVM ended without a report)"))
        elif result.failed:
            line = failing_line(snapshot.test_class, result.trace)
            check = test.check_at(line - declared[test.method]) if line is not None else None
            differences.append(_stated_by(snapshot, test, check, result.first_line))
    return differences


def _stated_by(snapshot: ClassSnapshot, test: TestBehaviour, check: StatedCheck | None, now: str) -> Difference:
    """The difference named by the assertion that failed, else by the test's call under test."""
    if check is None:
        return _unrun(snapshot, test, now)
    return Difference(snapshot.class_name, snapshot.test_class, test, check.member, check.call, check.states, now)
