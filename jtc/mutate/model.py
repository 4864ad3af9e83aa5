"""Mutants, what the tests did to them, and mutation scores."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    """What the tests did to a mutant: jtc's runner gives the first four, PIT any of them (its DetectionStatus)."""

    KILLED = "KILLED"  # a test failed or threw
    TIMED_OUT = "TIMED_OUT"  # the tests did not finish within the mutant's time limit: counts as killed
    SURVIVED = "SURVIVED"  # the tests that run the mutated instruction all passed
    NO_COVERAGE = "NO_COVERAGE"  # no passing test runs the mutated instruction
    # PIT's other outcomes, detected or not as PIT counts them in its score.
    NON_VIABLE = "NON_VIABLE"  # the JVM refused the mutated class
    MEMORY_ERROR = "MEMORY_ERROR"  # the tests ran out of memory
    RUN_ERROR = "RUN_ERROR"  # the mutant's JVM failed otherwise
    EQUIVALENT = "EQUIVALENT"  # marked equivalent by a plugin
    NOT_STARTED = "NOT_STARTED"  # the run ended before the mutant's turn
    STARTED = "STARTED"  # the run ended during it

    @property
    def detected(self) -> bool:
        return self not in (Status.SURVIVED, Status.NO_COVERAGE, Status.NOT_STARTED, Status.STARTED)


@dataclass(frozen=True)
class Mutant:
    id: str  # '<class>#<method><descriptor>@<instruction>:<operator>:<variant>', stable for the same bytes
    class_name: str  # binary name of the (possibly nested) class mutated
    method: str  # name and descriptor
    line: int  # -1 when the class has no line numbers
    instruction: int  # index among the method's instructions
    operator: str
    description: str

    def outer_class(self) -> str:
        """The top-level class the mutant counts for (nested classes are part of their outer class)."""
        return self.class_name.split("$", 1)[0]


@dataclass(frozen=True)
class Verdict:
    status: Status
    test: str = ""  # the test that killed it or ran out of time
    message: str = ""


@dataclass(frozen=True)
class TestRun:
    """A test method's run on the original code."""

    name: str  # '<test class>#<method>'
    passed: bool
    millis: int
    message: str


@dataclass(frozen=True)
class Score:
    killed: int = 0  # killed by a failing test or by the time limit
    total: int = 0
    timed_out: int = 0  # of killed, those by the time limit

    @property
    def ratio(self) -> float | None:
        return self.killed / self.total if self.total else None

    @staticmethod
    def of(verdicts: Iterable[Verdict]) -> Score:
        statuses = [v.status for v in verdicts]
        return Score(sum(s.detected for s in statuses), len(statuses), statuses.count(Status.TIMED_OUT))


@dataclass(frozen=True)
class SuiteMutation:
    """One suite folder (or the union of all): a verdict per mutant, the tests that failed unmutated."""

    label: str
    mutants: tuple[Mutant, ...]
    verdicts: dict[str, Verdict]  # by mutant id
    failing_tests: tuple[TestRun, ...] = ()
    tests_run: int = 0
    classes: tuple[str, ...] = ()  # the classes under test, as given
    engine: str = "jtc"  # what made and ran the mutants: "jtc", or PIT with its version and mutators

    def score(self, class_name: str | None = None) -> Score:
        """The score of one class under test (nested classes included), or of all."""
        return Score.of(self.verdicts[m.id] for m in self.mutants
                        if class_name is None or m.outer_class() == class_name)

    def survivors(self) -> list[Mutant]:
        return [m for m in self.mutants if not self.verdicts[m.id].status.detected]


def _union_rank(status: Status) -> int:
    """Which suite's verdict the union keeps: a failing test first, then the time limit, then PIT's other
    detections, then a survival; a mutant no suite runs is not covered."""
    order = (Status.KILLED, Status.TIMED_OUT)
    return order.index(status) if status in order else 2 if status.detected else 3 if status is Status.SURVIVED else 4


def union(label: str, suites: list[SuiteMutation]) -> SuiteMutation:
    """A mutant is killed by the union when a test of any suite kills it (by failing first, else by
    the time limit); it survives when some suite runs it and none kills it. The suites have the same
    mutants (made from the same class files by the same engine)."""
    def merged(mutant_id: str) -> Verdict:
        best = min((suite.verdicts[mutant_id] for suite in suites), key=lambda verdict: _union_rank(verdict.status))
        return best if _union_rank(best.status) < 4 else Verdict(Status.NO_COVERAGE)

    first = suites[0]
    return SuiteMutation(label, first.mutants, {m.id: merged(m.id) for m in first.mutants},
                         tuple(t for s in suites for t in s.failing_tests), sum(s.tests_run for s in suites),
                         first.classes, first.engine)
