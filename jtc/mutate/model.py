"""Mutants, what the tests did to them, and mutation scores."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    KILLED = "KILLED"  # a test failed or threw
    TIMED_OUT = "TIMED_OUT"  # the tests did not finish within the mutant's time limit: counts as killed
    SURVIVED = "SURVIVED"  # the tests that run the mutated instruction all passed
    NO_COVERAGE = "NO_COVERAGE"  # no passing test runs the mutated instruction

    @property
    def detected(self) -> bool:
        return self in (Status.KILLED, Status.TIMED_OUT)


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

    def score(self, class_name: str | None = None) -> Score:
        """The score of one class under test (nested classes included), or of all."""
        return Score.of(self.verdicts[m.id] for m in self.mutants
                        if class_name is None or m.outer_class() == class_name)

    def survivors(self) -> list[Mutant]:
        return [m for m in self.mutants if not self.verdicts[m.id].status.detected]


def union(label: str, suites: list[SuiteMutation]) -> SuiteMutation:
    """A mutant is killed by the union when a test of any suite kills it (by failing first, else by
    the time limit); it survives when some suite runs it and none kills it."""
    def merged(mutant_id: str) -> Verdict:
        verdicts = [suite.verdicts[mutant_id] for suite in suites]
        for status in (Status.KILLED, Status.TIMED_OUT, Status.SURVIVED):
            for verdict in verdicts:
                if verdict.status is status:
                    return verdict
        return Verdict(Status.NO_COVERAGE)

    first = suites[0]
    return SuiteMutation(label, first.mutants, {m.id: merged(m.id) for m in first.mutants},
                         tuple(t for s in suites for t in s.failing_tests), sum(s.tests_run for s in suites),
                         first.classes)
