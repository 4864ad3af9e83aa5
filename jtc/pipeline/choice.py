"""Stage 3, the choice of tests: which runs of the search become tests (set cover over what they
cover in the class under test, then one per outcome; the runs that make their values the public way
first), and which of their throws are likely bugs."""

from __future__ import annotations

from dataclasses import dataclass

from jtc.execution.runs import Execution
from jtc.exploration.session import SearchReport
from jtc.model.classindex import ClassIndex
from jtc.model.public_api import PublicApi
from jtc.oracle.bugs import CONTRACT_TYPES, BugOracle, LikelyBug
from jtc.oracle.selection import Candidate, candidates, in_class_name, select
from jtc.pipeline.setup import Subject


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


def choose(subject: Subject, search: SearchReport, index: ClassIndex) -> Choice:
    name = subject.internal_name
    found = candidates(search.executions, name, subject.members)
    bugs = BugOracle(lambda owner: in_class_name(owner, name),
                     any(index.is_subtype(name, contract) for contract in CONTRACT_TYPES))
    crashes = {c.execution.index: bugs.first_bug(c.execution, c.outcome.statement) for c in found}
    choice = Choice(found, crashes, [], bugs)
    api = PublicApi(index)
    public = {id(c): not api.hidden_ways_in(c.test_program) for c in found}
    choice.chosen = select(choice.without_crashes, lambda member: in_class_name(member[0], name),  # type: ignore[index]
                           lambda candidate: public[id(candidate)])
    chosen = {c.execution.index for c in choice.chosen}
    # --target: the run that reached the line is a test, whatever else covers its branches
    choice.chosen += [c for c in choice.without_crashes
                      if c.execution.index == search.target_reached and c.execution.index not in chosen]
    return choice
