"""What a run keeps of each class: plain data that crosses process boundaries, the cache and the
JSON report (a ClassReport holds the whole search and stays in the process that made it)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum

from jtc.emit.behaviour import TestBehaviour
from jtc.oracle.bugs import ReportedBug
from jtc.errors import ClassFileTooNewError, ExitCode, JtcError, NotTestableError, UnreadableClassError
from jtc.pipeline.report import ClassReport, summary_lines
from jtc.reach.unreached import UnreachedLine


# Why a class is skipped rather than failed: it cannot be tested, or its class file cannot be read.
SKIPPING_ERRORS = (NotTestableError, ClassFileTooNewError, UnreadableClassError)
# Skips that --strict turns into the run's failure: a class file this JVM cannot read.
UNREADABLE = (ExitCode.CLASS_FILE_TOO_NEW, ExitCode.UNREADABLE_CLASS)


class Status(StrEnum):
    WRITTEN = "written"  # a test class was written (problems of the code under test may be listed)
    NO_TESTS = "no tests"  # the search ran, but no test survived validation
    SKIPPED = "skipped"  # the class cannot be tested (interface without code, no way in, class file unreadable ...)
    FAILED = "failed"  # an error ended the class: unknown class, a bug of jtc, a worker that died
    UNCHANGED = "unchanged"  # the cache holds its tests: class file, jtc and settings are as last time


@dataclass
class ClassResult:
    name: str
    status: Status
    lines: list[str]  # the summary as printed; for an error or a skip, its one line
    error_code: ExitCode = ExitCode.OK  # why the class failed or was skipped, or JaCoCo failing
    problem_code: ExitCode = ExitCode.OK  # the first problem of the code under test (System.exit ...)
    tests: int = 0
    test_file: str | None = None
    branch: tuple[int, int] | None = None
    line: tuple[int, int] | None = None
    executions: int = 0
    setup_seconds: float = 0.0  # before the search: the class's analysis and pool (valid-input sub-searches apart)
    search_seconds: float = 0.0
    seconds: float = 0.0
    divergences: int = 0
    string_queries: int = 0  # solver queries on String inputs ...
    string_unknown: int = 0  # ... and how many of them z3 left unknown or timed out on
    problems: list[str] = field(default_factory=list)
    dropped: int = 0
    likely_bugs: list[ReportedBug] = field(default_factory=list)  # groups of crashes with their reproductions
    disabled: int = 0  # of the tests, @Disabled reproductions of likely bugs
    behaviour: list[TestBehaviour] = field(default_factory=list)  # what each written test states (--snapshot)
    unreached: list[UnreachedLine] = field(default_factory=list)  # lines no run reached: unreachable, or the budget
    failing: list[str] = field(default_factory=list)  # test methods written to fail (--ask --keep-failing)
    # Each stage's seconds, planned (None: no plan of its own, --search-budget) and spent (pipeline/clock.py)
    stages: list[dict] = field(default_factory=list)

    @staticmethod
    def failed(name: str, why: str) -> ClassResult:
        """A class lost to its worker (a process or cluster job that died): no tests, the reason."""
        return ClassResult(name, Status.FAILED, [why], error_code=ExitCode.INTERNAL_ERROR)

    @staticmethod
    def of(name: str, outcome: ClassReport | JtcError) -> ClassResult:
        if isinstance(outcome, JtcError):
            status = Status.SKIPPED if isinstance(outcome, SKIPPING_ERRORS) else Status.FAILED
            return ClassResult(name, status, [str(outcome)], error_code=outcome.exit_code)
        search = outcome.search
        return ClassResult(
            name, Status.WRITTEN if outcome.test_file else Status.NO_TESTS, summary_lines(outcome),
            error_code=outcome.coverage_error.exit_code if outcome.coverage_error else ExitCode.OK,
            problem_code=outcome.exit_code if outcome.problems else ExitCode.OK,
            tests=outcome.tests_written, test_file=outcome.test_file, branch=outcome.branch, line=outcome.line,
            executions=len(search.executions), setup_seconds=round(outcome.seconds.get("setup", 0.0), 2),
            search_seconds=round(search.seconds, 2),
            seconds=round(outcome.seconds.get("total", 0.0), 2), divergences=sum(search.divergences.values()),
            string_queries=outcome.solver.string_queries, string_unknown=outcome.solver.string_unknown,
            problems=[f"{method} {o.kind.value} ({o.detail})" for method, o, _ in outcome.problems],
            dropped=len(outcome.dropped), likely_bugs=outcome.likely_bugs, disabled=outcome.disabled,
            behaviour=list(outcome.behaviour),
            unreached=outcome.unreached, failing=outcome.failing,
            stages=[{"stage": str(account.stage), "spent": round(account.spent, 2),
                     "planned": round(account.planned, 2) if account.planned is not None else None}
                    for account in (outcome.plan.stages if outcome.plan is not None else ())])

    def to_json(self) -> dict:
        data = dataclasses.asdict(self)
        data["status"], data["error_code"], data["problem_code"] = str(self.status), int(self.error_code), \
            int(self.problem_code)
        data["likely_bugs"] = [bug.to_json() for bug in self.likely_bugs]
        data["behaviour"] = [test.to_json() for test in self.behaviour]
        data["unreached"] = [line.to_json() for line in self.unreached]
        return data

    @staticmethod
    def from_json(data: dict) -> ClassResult:
        values = dict(data)
        values["status"] = Status(values["status"])
        values["error_code"], values["problem_code"] = ExitCode(values["error_code"]), ExitCode(values["problem_code"])
        for pair in ("branch", "line"):
            values[pair] = tuple(values[pair]) if values[pair] is not None else None
        values["likely_bugs"] = [ReportedBug.from_json(bug) for bug in values.get("likely_bugs", [])]
        values["behaviour"] = [TestBehaviour.from_json(test) for test in values.get("behaviour", [])]
        values["unreached"] = [UnreachedLine.from_json(line) for line in values.get("unreached", [])]
        return ClassResult(**values)


def run_exit_code(results: list[tuple[bool, ClassResult]], strict: bool) -> ExitCode:
    """The run's exit status from (named on the command line, result) pairs. Errors decide first; a
    class found in a package that cannot be tested or read is only skipped, one named explicitly is
    an error. Problems of the code under test, and class files this JVM cannot read, fail the run
    only with `--strict`: the tests for the rest were written, and a build should not fail for a
    path that exits or loops, or for one class compiled for a newer Java."""
    for named, result in results:
        if result.status == Status.FAILED or (named and result.status == Status.SKIPPED):
            return result.error_code
    for _, result in results:  # tests written, but JaCoCo could not measure them
        if result.status != Status.SKIPPED and result.error_code != ExitCode.OK:
            return result.error_code
    if strict:
        for _, result in results:
            if result.status == Status.SKIPPED and result.error_code in UNREADABLE:
                return result.error_code
            if result.problem_code != ExitCode.OK:
                return result.problem_code
    return ExitCode.OK
