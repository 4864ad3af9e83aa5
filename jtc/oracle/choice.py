"""The choice of tests from the search's runs, as the stages after it share it: every run that can
make a test, the likely bug each shows (if any), the tests chosen so far, and the oracle that tells
a sound run from one that pins a likely bug."""

from __future__ import annotations

from dataclasses import dataclass

from jtc.execution.runs import Execution
from jtc.oracle.bugs import BugOracle, LikelyBug
from jtc.oracle.selection import Candidate


@dataclass
class Choice:
    found: list[Candidate]  # every run of the search that can make a test
    crashes: dict[int, LikelyBug | None]  # by execution index: the likely bug a candidate shows
    chosen: list[Candidate]  # the tests chosen so far
    bugs: BugOracle

    def sound(self, found: list[Candidate]) -> list[Candidate]:
        """The candidates of `found` that show no likely bug: no test pins one."""
        return [c for c in found if self.bugs.first_bug(c.execution, c.outcome.statement) is None]

    @property
    def without_crashes(self) -> list[Candidate]:
        return [c for c in self.found if self.crashes[c.execution.index] is None]

    @property
    def crashed(self) -> list[tuple[Execution, LikelyBug]]:
        return [(c.execution, bug) for c in self.found if (bug := self.crashes[c.execution.index])]
