"""Suite coverage built by hand, for testing the report without a JVM."""

from __future__ import annotations

from jtc.coverage.model import ClassCoverage, Counter, LineCoverage
from jtc.coverage.suites import SuiteCoverage

LINES = (3, 6, 7, 9)


def coverage(name: str, executed: set[int], branch: Counter, source_file: str | None = "A.java") -> ClassCoverage:
    """The class's lines are LINES, its branches all on line 6."""
    lines = tuple(LineCoverage(n, Counter(0, 2) if n in executed else Counter(2, 0), branch if n == 6 else Counter())
                  for n in LINES)
    line = Counter(len(LINES) - len(executed), len(executed))
    return ClassCoverage(name, source_file, Counter(), branch, line, Counter(), Counter(), lines)


def suites() -> list[SuiteCoverage]:
    """Folder 'gen' reaches lines 6 and 7 of p.A and 1 of the 4 branches of line 6, folder 'hand' lines 6
    and 9 and 2 of the branches; nothing reaches line 3. p.B has no branches and is not reached."""
    return [SuiteCoverage("gen", 2, 0, {"p.A": coverage("p.A", {6, 7}, Counter(3, 1)),
                                        "p.B": coverage("p.B", set(), Counter(0, 0), None)}),
            SuiteCoverage("hand", 3, 1, {"p.A": coverage("p.A", {6, 9}, Counter(2, 2)),
                                         "p.B": coverage("p.B", set(), Counter(0, 0), None)}),
            SuiteCoverage("union", 5, 1, {"p.A": coverage("p.A", {6, 7, 9}, Counter(1, 3)),
                                          "p.B": coverage("p.B", set(), Counter(0, 0), None)}, union=True)]
