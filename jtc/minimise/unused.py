"""Statements the written test does not need: their result goes unused and they change nothing.

Minimising a test (statements.py) keeps the calls of the class under test, since what they return
is asserted and mutants may change it. Once the assertions are chosen (by mutants, by default), a
query whose value no assertion states is left standing alone (`loanDesk.loansOf(member);`), and
an object made only to be passed to it (`new Member("a")`) with it. Such a statement goes when
nothing later uses its result (no statement, no assertion of its value, its exception or an
observer's answer about it) and it changes no state a later statement or assertion could read:
`changes_nothing` judges that (the influence analysis: a query that defines no field and stores
into no array, through everything it calls). A statement that may have printed what the test
asserts stays. The test with what went is validated like any other before it is written.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from jtc.analysis.influence import Effects
from jtc.making.taking import sets_nothing
from jtc.minimise.rewrite import Positions, references, rewrite
from jtc.model.program import Construct, Invoke, Statement, VarRef
from jtc.model.testcases import Console, TestCase, TestSuite
from jtc.model.types import internal_name


def without_unused(suite: TestSuite, changes_nothing: Callable[[Statement], bool]) -> TestSuite:
    """Each test of `suite` without the statements nothing uses that change nothing, as long as
    any is left (taking a query out can leave the object made for it unused)."""
    return dataclasses.replace(suite, tests=tuple(_pruned(case, changes_nothing) for case in suite.tests))


def changes_nothing(statement: Statement, effects: Callable[[str, str, str], Effects],
                    is_project_class: Callable[[str], bool]) -> bool:
    """Whether taking `statement` out leaves every object of the test as it was: a call of a
    project class that sets no field and stores into no array, or a constructor of one given no
    object that sets no static field (it sets only its new object's). Objects of library classes
    must not be passed: the analysis does not follow the JDK, so a `List` the call adds to could change."""
    if not isinstance(statement, (Invoke, Construct)) or not is_project_class(statement.owner):
        return False
    passed = [value for value in (*statement.args, getattr(statement, "receiver", None)) if isinstance(value, VarRef)]
    if any(not is_project_class(internal_name(value.desc)) for value in passed):
        return False
    done = effects(statement.owner, statement.name, statement.desc)
    if isinstance(statement, Invoke):
        return sets_nothing(done)
    return done.complete and not done.array_stores and not passed and not any(field.is_static for field in done.defs)


def _pruned(case: TestCase, changes_nothing: Callable[[Statement], bool]) -> TestCase:
    if case.likely_bug:  # a reproduction is the search's run, as it crashed
        return case
    while True:
        unused = [index for index in _unused(case) if changes_nothing(case.program[index])]
        if not unused:
            return case
        reduced = rewrite(case.program, unused)
        if reduced is None:  # cannot be: nothing uses them
            return case
        case = _moved(case, *reduced)


def _unused(case: TestCase) -> list[int]:
    """The statements before the last whose results nothing in the test uses, and that printed
    nothing the test captures (a console stream is captured from the first statement that printed)."""
    used = {reference for statement in case.program for reference in references(statement)}
    used.update(index for index, _ in (*case.raised, *case.values))
    used.update(observation.receiver for observation in case.observations)
    used.update(output.target for output in case.written if isinstance(output.target, int))
    printing = min((output.since for output in case.written if isinstance(output.target, Console)),
                   default=len(case.program))
    return [index for index in range(min(len(case.program) - 1, printing)) if index not in used]


def _moved(case: TestCase, program: tuple[Statement, ...], positions: Positions) -> TestCase:
    """`case` on its reduced `program`, what it asserts referring to where the statements went."""
    return dataclasses.replace(
        case, program=program,
        raised=tuple((positions[index], thrown) for index, thrown in case.raised),
        values=tuple((positions[index], stated) for index, stated in case.values),
        observations=tuple(dataclasses.replace(observation, receiver=positions[observation.receiver])
                           for observation in case.observations),
        written=tuple(dataclasses.replace(
            output, target=output.target if isinstance(output.target, Console) else positions[output.target],
            since=min((new for old, new in positions.items() if old >= output.since), default=output.since))
            for output in case.written))
