"""What one class's generation did: the report a run prints, caches and writes as JSON."""

from __future__ import annotations

import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

from jtc.asking.judging import Tally
from jtc.coverage.model import ClassCoverage
from jtc.emit.behaviour import TestBehaviour, behaviour_of
from jtc.emit.validate import ValidationReport
from jtc.errors import CoverageError, ExitCode
from jtc.execution.runs import EngineStats
from jtc.exploration.aim import line_ranges
from jtc.exploration.session import SearchReport
from jtc.minimise.statements import MinimisingReport
from jtc.model.types import binary_name
from jtc.oracle.bugs import ReportedBug
from jtc.oracle.outcomes import PROBLEM_EXIT_CODES, Outcome, classify
from jtc.pipeline.clock import TimeAccount
from jtc.reach.unreached import UnreachedLine, Why
from jtc.solver.solver import SolverStats


@dataclass
class ClassReport:
    class_name: str
    search: SearchReport
    solver: SolverStats
    problems: list[tuple[str, Outcome, int]]  # (method, outcome, how many executions)
    tests_written: int = 0
    test_file: str | None = None
    dropped: list[tuple[str, str]] = field(default_factory=list)
    masked: list[tuple[str, str]] = field(default_factory=list)  # (test, why): an assertion given up, the test kept
    branch: tuple[int, int] | None = None  # JaCoCo (covered, total) for the class and its nested classes
    line: tuple[int, int] | None = None
    note: str = ""
    coverage_error: CoverageError | None = None  # the tests are written, but JaCoCo could not measure them
    seconds: dict[str, float] = field(default_factory=dict)
    engine: EngineStats | None = None  # where the search time went (the engine benchmark reads it)
    coverage: ClassCoverage | None = None  # JaCoCo's figures with the line table (class and nested classes)
    final_coverage_seconds: float = 0.0  # search time when the last execution that covered something new ran
    likely_bugs: list[ReportedBug] = field(default_factory=list)  # groups of crashes (see likely_bug_groups)
    disabled: int = 0  # of the tests written, the @Disabled reproductions of likely bugs
    minimising: MinimisingReport | None = None  # statements and tests before and after minimisation
    selected: int | None = None  # of the minimised tests, how many the mutants kept (--select-assertions)
    behaviour: tuple[TestBehaviour, ...] = ()  # what each written test states (for --snapshot and jtc diff)
    unreached: list[UnreachedLine] = field(default_factory=list)  # lines no run of the search reached
    failing: list[str] = field(default_factory=list)  # tests written to fail: reported outcomes (--keep-failing)
    target_line: int | None = None  # --target's line, when it is one of this class's
    judged: Tally | None = None  # --ask: how many outcomes were accepted, rejected, skipped, not answered
    plan: TimeAccount | None = None  # the class's budget, and each stage's plan against what it spent

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        """Count the time the body takes as the stage's (added up when a stage runs in parts)."""
        started = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[stage] = self.seconds.get(stage, 0.0) + time.perf_counter() - started

    def add_notes(self, *notes: str) -> None:
        """The summary's note with `notes` after what it said (empty ones left out)."""
        self.note = "; ".join(filter(None, [self.note, *notes]))

    def note_dropped(self, validation: ValidationReport) -> None:
        """The tests a validation dropped and the assertions it gave up (each validation's)."""
        self.dropped += [(d.name, d.reason) for d in validation.dropped]
        self.masked += [(d.name, d.reason) for d in validation.masked]

    def note_validation(self, validation: ValidationReport, notes: list[str]) -> None:
        """What the validation of the tests to be written found, and `notes` on how they were chosen."""
        self.tests_written = len(validation.kept)
        if validation.rendered is not None and validation.suite is not None:
            self.behaviour = behaviour_of(validation.rendered, validation.suite)
        self.disabled = len(validation.disabled)
        self.failing = validation.failing
        self.add_notes(validation.note, *notes)

    def note_coverage(self, measured: ClassCoverage | CoverageError | None) -> None:
        """What the coverage analysis measured, the error it met, or (None) that its time ran out."""
        if isinstance(measured, CoverageError):
            self.coverage_error = measured
        elif measured is None:
            self.add_notes("coverage not measured: its time ran out")
        else:
            self.coverage = measured
            self.branch = (measured.branch.covered, measured.branch.total)
            self.line = (measured.line.covered, measured.line.total)

    @property
    def exit_code(self) -> ExitCode:
        for _, outcome, _ in self.problems:
            return PROBLEM_EXIT_CODES[outcome.kind]
        if self.coverage_error is not None:
            return self.coverage_error.exit_code
        return ExitCode.OK


def problems_of(report: SearchReport) -> list[tuple[str, Outcome, int]]:
    counts: Counter[tuple[str, str]] = Counter()
    first: dict[tuple[str, str], Outcome] = {}
    for execution in report.executions:
        outcome = classify(execution)
        if outcome.is_problem:
            statement = execution.program[outcome.statement]
            method = f"{binary_name(statement.owner)}.{getattr(statement, 'name', '<init>')}"
            key = (method, outcome.kind.value)
            counts[key] += 1
            first.setdefault(key, outcome)
    return [(key[0], first[key], count) for key, count in counts.items()]


def summary_lines(report: ClassReport) -> list[str]:
    search, solver = report.search, report.solver
    lines = [f"{report.class_name}: {_count(report.tests_written, 'test')} written"
             + (f" ({report.disabled} @Disabled: likely bugs)" if report.disabled else "")
             + (f" to {report.test_file}" if report.test_file else "")]
    if report.branch is not None and report.line is not None:
        (bc, bt), (lc, lt) = report.branch, report.line
        lines.append(f"  coverage (JaCoCo): branches {bc}/{bt} ({_percent(bc, bt)}), lines {lc}/{lt} ({_percent(lc, lt)})")
    if report.coverage_error is not None:
        lines.append(f"  coverage not measured: {report.coverage_error}")
    divergences = sum(search.divergences.values())
    lines.append(f"  search: {_count(len(search.executions), 'execution')}, solver {_count(solver.queries, 'query')} "
                 f"({solver.sat} sat, {solver.unsat} unsat, {solver.unknown} unknown/timeout), "
                 f"{divergences} divergences, stopped: {search.stopped_by}")
    if report.target_line is not None:
        reached = search.target_reached
        lines.append(f"  target: line {report.target_line} "
                     + (f"reached on execution {reached + 1}" if reached is not None else "not reached"))
    for site, count in sorted(search.divergences.items()):
        lines.append(f"    divergence at {site}: {count}")
    for method, outcome, count in report.problems:
        lines.append(f"  warning: {method} {outcome.kind.value} ({outcome.detail}) on {_count(count, 'execution')}; "
                     f"no test written for {'them' if count != 1 else 'it'}")
    if report.minimising is not None:
        minimising = report.minimising
        lines.append(f"  minimised: {minimising.statements_before} -> {minimising.statements_after} statements in "
                     f"{_count(minimising.tests, 'test')}, {minimising.tests} -> {_after(report, minimising)} tests "
                     f"({_count(minimising.runs, 'run')}{', cut by its deadline' if minimising.cut_by_deadline else ''})")
    lines += unreached_summary(report.unreached)
    for bug in report.likely_bugs:
        called = f" called from {bug.called_from}" if bug.called_from else ""
        lines.append(f"  likely bug: {bug.exception.rpartition('.')[2]} at {bug.site}{called} "
                     f"({_count(bug.executions, 'execution')}); no passing test pins it")
    if report.judged is not None:
        judged = report.judged
        lines.append(f"  asked: {judged.accepted} accepted, {judged.rejected} rejected, {judged.skipped} skipped, "
                     f"{judged.unanswered} not answered yet")
    for test, reason in report.dropped:
        lines.append(f"  dropped {test}: {reason}")
    for test, reason in report.masked:
        lines.append(f"  assertion given up in {test}: {reason}")
    if report.note:
        lines.append(f"  note: {report.note}")
    total = report.seconds.get("total", 0.0)
    if report.plan is not None:
        lines.append(f"  time: {total:.1f} s {time_plan(report.plan)}")
    times = ", ".join(f"{k} {v:.1f} s" for k, v in report.seconds.items() if k != "total")
    lines.append(f"  time in detail: {times}")
    return lines


def _after(report: ClassReport, minimising: MinimisingReport) -> int:
    """How many tests are left of the minimised ones: those the mutants kept, when they chose."""
    return report.selected if report.selected is not None else minimising.tests_after


def time_plan(plan: TimeAccount) -> str:
    """The budget, and each stage's spent against planned seconds (`-`: no plan of its own)."""
    budget = f"of a {plan.budget:g} s budget" if plan.whole_class else f"(a {plan.budget:g} s search budget)"
    stages = ", ".join(f"{account.stage} {account.spent:.1f}/"
                       + (f"{account.planned:.1f}" if account.planned is not None else "-")
                       for account in plan.stages)
    return f"{budget}; spent/planned: {stages} s"


def unreached_summary(unreached: list[UnreachedLine]) -> list[str]:
    """Each unreachable line with the condition z3 proved unsat, then the lines not reached."""
    lines = [f"  unreachable: line {u.line}, its condition is unsat: {u.condition}"
             for u in unreached if u.why == Why.UNREACHABLE]
    budget = [u.line for u in unreached if u.why == Why.NOT_REACHED]
    if budget:
        lines.append(f"  not reached within the budget: {'line' if len(budget) == 1 else 'lines'} {line_ranges(budget)}")
    return lines


def _count(number: int, noun: str) -> str:
    plural = noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
    return f"{number} {noun if number == 1 else plural}"


def _percent(covered: int, total: int) -> str:
    return f"{100.0 * covered / total:.1f}%" if total else "n/a"
