"""JaCoCo coverage per class, as read from the reporter's XML report and per-class line table.

Classes are keyed by binary name ('com.x.Outer$Inner'). JaCoCo reports a nested class on its own;
`including_nested` folds it into its outer class, which is how people think of "the class".
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from jtc.model.types import InternalName, binary_name


@dataclass(frozen=True)
class Counter:
    missed: int = 0
    covered: int = 0

    @property
    def total(self) -> int:
        return self.missed + self.covered

    @property
    def ratio(self) -> float | None:
        """Covered share, None when there is nothing to cover."""
        return self.covered / self.total if self.total else None

    def __add__(self, other: Counter) -> Counter:
        return Counter(self.missed + other.missed, self.covered + other.covered)


@dataclass(frozen=True)
class LineCoverage:
    number: int
    instructions: Counter
    branches: Counter

    @property
    def executed(self) -> bool:
        """JaCoCo counts a line as covered once any of its instructions ran."""
        return self.instructions.covered > 0


@dataclass(frozen=True)
class ClassCoverage:
    name: str  # binary name
    source_file: str | None
    instruction: Counter
    branch: Counter
    line: Counter
    method: Counter
    complexity: Counter
    lines: tuple[LineCoverage, ...] = ()

    def line_at(self, number: int) -> LineCoverage | None:
        for line in self.lines:
            if line.number == number:
                return line
        return None


def fold(name: str, parts: Iterable[ClassCoverage]) -> ClassCoverage:
    """One coverage for several classes of one source (a class and its nested classes): counters
    add up; lines shared by two classes merge, and the line counter is recounted from the merged
    lines, as JaCoCo counts the lines of a source file."""
    parts = list(parts)
    merged: dict[int, tuple[Counter, Counter]] = {}
    for part in parts:
        for line in part.lines:
            instructions, branches = merged.get(line.number, (Counter(), Counter()))
            merged[line.number] = (instructions + line.instructions, branches + line.branches)
    lines = tuple(LineCoverage(n, i, b) for n, (i, b) in sorted(merged.items()))
    executed = sum(1 for line in lines if line.executed)
    total = Counter()
    return ClassCoverage(
        name=name,
        source_file=next((p.source_file for p in parts if p.name == name), None),
        instruction=sum((p.instruction for p in parts), total),
        branch=sum((p.branch for p in parts), total),
        line=Counter(len(lines) - executed, executed),
        method=sum((p.method for p in parts), total),
        complexity=sum((p.complexity for p in parts), total),
        lines=lines,
    )


@dataclass(frozen=True)
class CoverageReport:
    classes: Mapping[str, ClassCoverage]
    mismatched: tuple[str, ...] = ()  # classes whose execution data came from other class bytes
    xml: Path | None = None  # JaCoCo's standard XML report, for other tools

    def get(self, name: InternalName) -> ClassCoverage | None:
        return self.classes.get(binary_name(name))

    def including_nested(self, name: InternalName) -> ClassCoverage:
        """Coverage of `name` with all its nested, inner, local and anonymous classes folded in."""
        outer = binary_name(name)
        parts = [c for n, c in sorted(self.classes.items()) if n == outer or n.startswith(outer + "$")]
        if not parts:
            raise KeyError(f"no coverage data for {outer}")
        return fold(outer, parts)


def _counters(element: ElementTree.Element) -> dict[str, Counter]:
    return {c.get("type", ""): Counter(int(c.get("missed", "0")), int(c.get("covered", "0")))
            for c in element.findall("counter")}


def parse_reports(xml_path: Path, lines_path: Path) -> CoverageReport:
    """Read the reporter's two outputs (see java-agent/src/report/java/jtc/report/CoverageReport.java)."""
    lines: dict[str, list[LineCoverage]] = {}
    mismatched = []
    for row in lines_path.read_text(encoding="utf-8").splitlines():
        kind, name, *numbers = row.split("\t")
        binary = binary_name(InternalName(name))
        if kind == "M":
            mismatched.append(binary)
        elif kind == "L":
            number, mi, ci, mb, cb = map(int, numbers)
            lines.setdefault(binary, []).append(LineCoverage(number, Counter(mi, ci), Counter(mb, cb)))
    classes: dict[str, ClassCoverage] = {}
    for element in ElementTree.parse(xml_path).getroot().iter("class"):
        binary = binary_name(InternalName(element.get("name", "")))
        counters = _counters(element)
        classes[binary] = ClassCoverage(
            name=binary,
            source_file=element.get("sourcefilename"),
            instruction=counters.get("INSTRUCTION", Counter()),
            branch=counters.get("BRANCH", Counter()),
            line=counters.get("LINE", Counter()),
            method=counters.get("METHOD", Counter()),
            complexity=counters.get("COMPLEXITY", Counter()),
            lines=tuple(lines.get(binary, ())),
        )
    return CoverageReport(classes, tuple(sorted(mismatched)), xml_path)
