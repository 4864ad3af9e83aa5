"""The whole generated suite, run as `jtc coverage`, Gradle and Maven run it, before a many-class run
ends.

Validation (emit/validate.py) runs each test class alone, in its own JVMs. `jtc coverage` and the
build tools run every test class in one JVM, one class after another, so a test that reads static
state another test class leaves behind (a counter, a cache, a registry) passes alone and fails
there. This check runs every test class the run wrote, together, in two opposite class orders
(each pair of classes meets in both), drops each test that fails from its file, and runs them again
until none fails; the class's result says which tests went and why.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jtc.atomic import write_atomically
from jtc.java.javac import compile_sources, release_for_tests
from jtc.java.launcher import LauncherRun, run_tests
from jtc.java.bundle import junit_console_jar
from jtc.model.classindex import ClassIndex
from jtc.model.types import BinaryName, internal_from_binary
from jtc.project.results import ClassResult, Status

ROUNDS = 3
TEST_TIMEOUT_S = 10.0
JVM_ALLOWANCE_S = 120.0


@dataclass(frozen=True)
class TestFile:
    result: ClassResult  # of the class under test
    path: Path
    test_class: str  # binary name


def _test_file(result: ClassResult) -> TestFile | None:
    if result.test_file is None or not Path(result.test_file).is_file():
        return None
    path = Path(result.test_file)
    package = re.search(r"^package\s+([\w.]+)\s*;", path.read_text(encoding="utf-8"), re.MULTILINE)
    return TestFile(result, path, f"{package.group(1)}.{path.stem}" if package else path.stem)


def check_whole_suite(results: Sequence[ClassResult], classpath: Sequence[Path]) -> dict[str, list[str]]:
    """Drop the written tests that fail when all the written test classes run together; returns, per
    class whose test file changed, the lines added to its summary (its counts are updated too). With
    fewer than two test classes there is nothing validation did not already run."""
    files = [found for found in map(_test_file, results) if found is not None]
    if len(files) < 2:
        return {}
    told: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory(prefix="jtc-suite-") as scratch:
        for round_number in range(1, ROUNDS + 1):
            failing = _unexpected(_failing(files, classpath, Path(scratch) / f"round-{round_number}"), files)
            if not failing:
                break
            for file in files:
                if file.test_class in failing:
                    told.setdefault(file.result.name, []).extend(_drop(file, failing[file.test_class]))
            files = [file for file in files if file.path.is_file()]
    return told


def _failing(files: list[TestFile], classpath: Sequence[Path], work: Path) -> dict[str, dict[str, tuple[int, str]]]:
    """Per test class, its failing test methods: how many runs (a parameterized test's cases) and
    why, from the suite run in class order and in reverse. Nothing when the suite does not compile
    or a run ends without a report: validation has judged each class alone, and this check does not
    guess."""
    classes = work / "classes"
    with ClassIndex(classpath) as index:  # for the newest release among them, as each was validated
        release = release_for_tests(index, [internal_from_binary(BinaryName(file.result.name)) for file in files])
    if compile_sources([file.path for file in files], [*classpath, junit_console_jar()], classes, release=release):
        return {}
    ordered = sorted(file.test_class for file in files)
    failing: dict[str, dict[str, tuple[int, str]]] = {}
    for number, order in enumerate((ordered, ordered[::-1]), start=1):
        run = run_tests(order, [classes, *classpath], work / f"run-{number}", test_timeout_s=TEST_TIMEOUT_S,
                        wall_timeout_s=JVM_ALLOWANCE_S + TEST_TIMEOUT_S * len(order))
        if not run.completed:
            return {}
        for test_class, methods in _failures(run).items():
            for method, found in methods.items():
                failing.setdefault(test_class, {}).setdefault(method, found)
    return failing


def _unexpected(failing: dict[str, dict[str, tuple[int, str]]], files: list[TestFile]) \
        -> dict[str, dict[str, tuple[int, str]]]:
    """`failing` without the tests written to fail (a reported outcome under --keep-failing)."""
    meant = {file.test_class: set(file.result.failing) for file in files}
    found = {test_class: {method: why for method, why in methods.items() if method not in meant.get(test_class, ())}
             for test_class, methods in failing.items()}
    return {test_class: methods for test_class, methods in found.items() if methods}


def _failures(run: LauncherRun) -> dict[str, dict[str, tuple[int, str]]]:
    """The run's failing methods per test class: the runs of each (a parameterized test's cases
    all count, as the whole method goes) and the first failure's first line."""
    found: dict[str, dict[str, tuple[int, str]]] = {}
    for key, result in run.results.items():
        if result.failed:
            test_class, _, method = key.partition("#")
            name = method.partition("(")[0]
            runs = sum(1 for other in run.results if other.partition("#")[0] == test_class
                       and other.partition("#")[2].partition("(")[0] == name)
            found.setdefault(test_class, {}).setdefault(name, (runs, result.first_line))
    return found


def _drop(file: TestFile, failing: dict[str, tuple[int, str]]) -> list[str]:
    """Take the failing methods out of the file (the file goes when no test is left) and say so in
    the class's result; returns the lines added to its summary."""
    source = without_methods(file.path.read_text(encoding="utf-8"), set(failing))
    result = file.result
    dropped = sum(runs for runs, _ in failing.values())
    result.tests -= dropped
    result.dropped += dropped
    told = [f"  dropped {method}: fails when the whole generated suite runs (it depends on what another test "
            f"class left behind): {why}" for method, (_, why) in sorted(failing.items())]
    if "@Test" in source or "@ParameterizedTest" in source:
        write_atomically(file.path, source)
    else:
        file.path.unlink()
        told.append(f"  removed {file.path}: no test is left")
        result.test_file, result.status, result.branch, result.line = None, Status.NO_TESTS, None, None
    result.lines.extend(told)
    return told


def without_methods(source: str, names: set[str]) -> str:
    """The generated test class without the test methods `names` (with their annotations, and the
    @MethodSource provider a parameterized one has right after it). Relies on the layout jtc's
    template writes: members indented by 4, a blank line before each, closed by a line '    }'."""
    lines = source.split("\n")
    declaration = re.compile(r"^    void (\w+)\(")
    kept: list[str] = []
    at = 0
    while at < len(lines):
        match = declaration.match(lines[at])
        if match is None or match.group(1) not in names:
            kept.append(lines[at])
            at += 1
            continue
        while kept and kept[-1] != "":  # its annotations, up to the blank line before them
            kept.pop()
        if kept:
            kept.pop()
        at = lines.index("    }", at) + 1
        if at + 1 < len(lines) and lines[at] == "" and lines[at + 1].startswith("    static "):  # its provider
            at = lines.index("    }", at + 1) + 1
    return "\n".join(kept)
