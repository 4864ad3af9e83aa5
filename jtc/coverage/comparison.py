"""What the coverage report compares: per class, each suite's counters and, per line, which suites reach it.

The first test folder is compared with the others (typically generated tests against hand-written
ones): every line JaCoCo knows gets one mark, whether only the first suite executes it, only the
others, both or neither. The same figures serve the HTML pages and the JSON file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from jtc.coverage.model import ClassCoverage, Counter
from jtc.coverage.suites import SuiteCoverage


class Mark(StrEnum):
    """Which side of the comparison executes a line."""

    FIRST_ONLY = "first-only"
    OTHERS_ONLY = "others-only"
    BOTH = "both"
    NEITHER = "neither"


@dataclass(frozen=True)
class LineMark:
    number: int
    mark: Mark
    reached_by: tuple[str, ...]  # labels of the test folders that execute the line
    branches: tuple[Counter, ...]  # the line's branches as each test folder covers them, in folder order

    @property
    def has_branches(self) -> bool:
        return any(counter.total for counter in self.branches)


@dataclass(frozen=True)
class ClassComparison:
    name: str  # binary name of the class under test
    source_file: str | None  # its SourceFile attribute, when compiled with one
    coverage: tuple[ClassCoverage, ...]  # one per suite, in the order of Comparison.suites
    lines: tuple[LineMark, ...]

    @property
    def package(self) -> str:
        return self.name.rpartition(".")[0]

    @property
    def simple_name(self) -> str:
        return self.name.rpartition(".")[2]

    def count(self, mark: Mark) -> int:
        return sum(1 for line in self.lines if line.mark is mark)


@dataclass(frozen=True)
class Comparison:
    suites: tuple[SuiteCoverage, ...]  # the folders in command-line order, then their union if measured
    classes: tuple[ClassComparison, ...]

    @property
    def folders(self) -> tuple[SuiteCoverage, ...]:
        return tuple(suite for suite in self.suites if not suite.union)

    def project(self) -> tuple[tuple[Counter, Counter], ...]:
        """Per suite, the branches and lines of all classes together."""
        return tuple((sum((c.coverage[i].branch for c in self.classes), Counter()),
                      sum((c.coverage[i].line for c in self.classes), Counter()))
                     for i in range(len(self.suites)))


def _mark(first: bool, others: bool) -> Mark:
    if first:
        return Mark.BOTH if others else Mark.FIRST_ONLY
    return Mark.OTHERS_ONLY if others else Mark.NEITHER


def line_marks(folders: Sequence[tuple[str, ClassCoverage]]) -> tuple[LineMark, ...]:
    """The mark of every line of one class, from each test folder's coverage of it: the first folder
    against all the others."""
    numbers = sorted({line.number for _, coverage in folders for line in coverage.lines})
    marks = []
    for number in numbers:
        lines = [coverage.line_at(number) for _, coverage in folders]
        reached = [line is not None and line.executed for line in lines]
        marks.append(LineMark(number, _mark(reached[0], any(reached[1:])),
                              tuple(label for (label, _), hit in zip(folders, reached) if hit),
                              tuple(line.branches if line else Counter() for line in lines)))
    return tuple(marks)


def compare(suites: Sequence[SuiteCoverage]) -> Comparison:
    """The comparison of measured suites, per class in the order the classes were given."""
    folders = [suite for suite in suites if not suite.union]
    classes = tuple(ClassComparison(name, suites[0].classes[name].source_file,
                                    tuple(suite.classes[name] for suite in suites),
                                    line_marks([(suite.label, suite.classes[name]) for suite in folders]))
                    for name in suites[0].classes)
    return Comparison(tuple(suites), classes)


def _counts(counter: Counter) -> dict[str, int]:
    return {"covered": counter.covered, "total": counter.total}


def _figures(suite: SuiteCoverage, branches: Counter, lines: Counter) -> dict[str, Any]:
    return {"suite": suite.label, "branches": _counts(branches), "lines": _counts(lines)}


def as_json(comparison: Comparison) -> dict[str, Any]:
    """The comparison as JSON data: the suites, the project's totals and per class its figures per
    suite and its lines: mark, the folders that reach it, its branches per folder (see README,
    `jtc coverage --json`)."""
    return {
        "suites": [{"label": suite.label, "union": suite.union, "tests_run": suite.tests_run,
                    "tests_failed": suite.tests_failed, "tests_skipped": suite.tests_skipped,
                    "failures": [{"class": failure.test_class, "method": failure.method, "message": failure.message}
                                 for failure in suite.failures],
                    "jacoco_html": str(suite.jacoco_html) if suite.jacoco_html else None}
                   for suite in comparison.suites],
        "project": [_figures(suite, branches, lines)
                    for suite, (branches, lines) in zip(comparison.suites, comparison.project())],
        "classes": [{"name": c.name, "source_file": c.source_file,
                     "coverage": [_figures(suite, coverage.branch, coverage.line)
                                  for suite, coverage in zip(comparison.suites, c.coverage)],
                     "lines": [{"line": line.number, "mark": str(line.mark), "reached_by": list(line.reached_by),
                                "branches": [{"suite": suite.label, **_counts(counter)}
                                             for suite, counter in zip(comparison.folders, line.branches)]}
                               for line in c.lines]}
                    for c in comparison.classes],
    }


def find_source(folders: Sequence[Path], comparison: ClassComparison) -> Path | None:
    """The class's .java file in the first source folder that has it: below the package's folders,
    named by the SourceFile attribute, else after the simple name."""
    relative = Path(*comparison.package.split(".")) if comparison.package else Path()
    for folder in folders:
        candidate = folder / relative / (comparison.source_file or f"{comparison.simple_name}.java")
        if candidate.is_file():
            return candidate
    return None
