"""The mutation report: a table of scores (class × suite), the survivors, and the same as JSON."""

from __future__ import annotations

from typing import Any

from jtc.coverage.table import fit
from jtc.mutate.model import Mutant, Score, Status, SuiteMutation


def _cell(score: Score) -> str:
    ratio = score.ratio
    percent = f"{100 * ratio:5.1f}%" if ratio is not None else "   n/a"
    return f"{score.killed:>4}/{score.total:<4} {percent}"


def _where(mutant: Mutant) -> str:
    method = mutant.method.split("(", 1)[0]
    line = f":{mutant.line}" if mutant.line >= 0 else ""
    return f"{mutant.class_name}.{method}{line}"


def mutation_table(suites: list[SuiteMutation]) -> list[str]:
    """The engine, scores per class and suite, the total row, the tests that failed unmutated, then the
    survivors of the last column (the union, when there are several suites)."""
    classes = list(suites[0].classes)
    width = max(len("class"), *(len(c) for c in classes))
    column = len(_cell(Score()))
    header = f"{'class':<{width}}" + "".join(f" | {fit(s.label, column):^{column}}" for s in suites)
    lines = [f"mutants made and run by {suites[0].engine}", header, "-" * len(header)]
    for name in [*classes, None]:
        lines.append(f"{name or 'all':<{width}}" + "".join(f" | {_cell(s.score(name))}" for s in suites))
    lines.append("")
    for suite in suites:
        score = suite.score()
        lines.append(f"{suite.label}: {suite.tests_run} tests, {len(suite.mutants)} mutants, {score.killed} killed "
                     f"({score.timed_out} by timeout)")
        lines.extend(f"  excluded, fails unmutated: {t.name}: {t.message}" for t in suite.failing_tests)
    final = suites[-1]
    survivors = final.survivors()
    lines.append(f"surviving mutants ({final.label}): {len(survivors)}")
    lines.extend(f"  {_where(m)}  {m.operator}: {m.description}"
                 f"{'  (not covered)' if final.verdicts[m.id].status is Status.NO_COVERAGE else ''}"
                 for m in survivors)
    return lines


def _score_json(score: Score) -> dict[str, int]:
    return {"killed": score.killed, "total": score.total, "timed_out": score.timed_out}


def mutation_json(suites: list[SuiteMutation]) -> dict[str, Any]:
    """{"engine", "suites": [{"suite", "killed", "total", "timed_out", "classes": {class: score}, "survivors": [...],
    "failing_tests": [...]}, ...]}; the union, when there is one, is the last entry, suite "union"."""
    return {"engine": suites[0].engine, "suites": [{
        "suite": suite.label,
        **_score_json(suite.score()),
        "classes": {name: _score_json(suite.score(name)) for name in suite.classes},
        "survivors": [{"id": m.id, "class": m.class_name, "method": m.method, "line": m.line,
                       "instruction": m.instruction, "operator": m.operator, "description": m.description,
                       "covered": suite.verdicts[m.id].status is Status.SURVIVED}
                      for m in suite.survivors()],
        "failing_tests": [{"test": t.name, "message": t.message} for t in suite.failing_tests],
    } for suite in suites]}
