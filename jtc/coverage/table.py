"""A plain-text table of suite coverage: one row per class, one column per suite."""

from __future__ import annotations

from jtc.coverage.model import Counter
from jtc.coverage.suites import SuiteCoverage


def _cell(counter: Counter) -> str:
    ratio = counter.ratio
    percent = f"{100 * ratio:5.1f}%" if ratio is not None else "   n/a"
    return f"{counter.covered:>4}/{counter.total:<4} {percent}"


def fit(label: str, width: int) -> str:
    """The label, or its end after an ellipsis when longer than `width` (a path's end tells most)."""
    return label if len(label) <= width else "…" + label[-(width - 1):]


def coverage_table(suites: list[SuiteCoverage]) -> list[str]:
    classes = list(suites[0].classes)
    name_width = max(len("class"), *(len(c) for c in classes))
    column = 2 * len(_cell(Counter(0, 0))) + 3
    header = f"{'class':<{name_width}}" + "".join(f" | {fit(s.label, column):^{column}}" for s in suites)
    kinds = f"{'':<{name_width}}" + "".join(f" | {'branches':^{column // 2}} {'lines':^{column // 2}}" for _ in suites)
    lines = [header, kinds, "-" * len(header)]
    for name in classes:
        row = f"{name:<{name_width}}"
        for suite in suites:
            coverage = suite.classes[name]
            row += f" | {_cell(coverage.branch)}   {_cell(coverage.line)}"
        lines.append(row)
    lines.append("")
    for suite in suites:
        skipped = f", {suite.tests_skipped} skipped (@Disabled)" if suite.tests_skipped else ""
        lines.append(f"{suite.label}: {suite.tests_run} tests run, {suite.tests_failed} failed{skipped}")
        lines.extend(f"  failed: {failure}" for failure in suite.failures)
    return lines
