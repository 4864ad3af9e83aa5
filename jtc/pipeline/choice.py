"""Stage 3, the choice of tests: which runs of the search become tests (set cover over what they
cover in the class under test, then one per outcome; the runs that make their values the public way
first), and which of their throws are likely bugs."""

from __future__ import annotations

from jtc.exploration.session import SearchReport
from jtc.model.classindex import ClassIndex
from jtc.model.public_api import PublicApi
from jtc.oracle.bugs import CONTRACT_TYPES, BugOracle
from jtc.oracle.choice import Choice
from jtc.oracle.selection import candidates, in_class_name, select
from jtc.pipeline.subject import Subject


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
