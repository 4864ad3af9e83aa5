"""Choosing the executions that become tests, and what each test asserts.

A test is about a behaviour of the class under test: it ends with the last statement that calls a
member of that class, and an execution in which none ran makes no test. (When a constructor of the
class throws, the harness skips the statements that needed the object; the statements that still ran
after it only built inputs, and a test of `Integer.valueOf` is not a test of the class.)

Greedy set cover over what executions covered in the class under test (branch edges, lines, and the
outcomes of comparisons inside library calls, svm/path.py's COMPARISON):
take the execution that adds most, until nothing adds; then one test for every outcome not yet
shown (each exception type a method throws, and a normal return; its overloads share them). Ties go to the earlier
execution, so the choice is deterministic. Executions that make their values the public way
(model/public_api.py) are preferred: the cover takes them first, and the others only for the
branches and lines they alone reach; an outcome is shown by one of them where one shows it.

Branch edges and lines are seen in every run (the agent reports them). A comparison's outcome is
recorded only where its operands were symbolic: in the search's runs, not in the minimiser's, which
run rewritten tests on concrete values, and not where a value reached the call concrete. Such an
outcome is `compared`, apart from what any run shows, and no run is kept or refused for lacking it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable, Hashable

from jtc.jvm.protocol import ObjectValue, Void, decode_returned
from jtc.model.classtable import MethodInfo
from jtc.model.program import Construct, Invoke, Null, Program, StatementStatus
from jtc.model.testcases import Completes, Expectation, Returns, ReturnsObject, TestCase, TestSuite, Throws
from jtc.model.types import InternalName
from jtc.oracle.origins import message_is_the_codes
from jtc.oracle.outcomes import Kind, Outcome, classify, outcome_at, thrown_class
from jtc.execution.runs import Execution
from jtc.svm.path import DecisionKind

Item = tuple[MethodInfo, int, Hashable]


def in_class(method: MethodInfo, class_name: InternalName) -> bool:
    """The class under test includes its nested and inner classes."""
    return in_class_name(method.owner, class_name)


@dataclass
class Candidate:
    execution: Execution
    outcome: Outcome
    covers: frozenset[Item]  # everything below, and the `compared` outcomes
    outcome_key: tuple  # (member, kind, exception) of the last statement
    # Outcome keys of the statements before the last: a test shows them on the way (every test that
    # constructs an object shows that the constructor returns).
    shown_before: frozenset[tuple] = frozenset()
    on_boundary: bool = False  # a run on a comparison's boundary (see on_the_boundary)
    on_trial: bool = False  # kept only if mutation analysis finds it kills a mutant the others miss (amplification/trial.py)
    compared: frozenset[Item] = frozenset()  # outcomes of comparisons inside library calls, where recorded

    @property
    def seen(self) -> frozenset[Item]:
        """What any run that covers it shows: its branch edges and lines."""
        return self.covers - self.compared

    @property
    def test_program(self) -> Program:
        """The statements of the test the candidate makes: its run up to its call under test."""
        return self.execution.program[:self.outcome.statement + 1]


def _covered_items(execution: Execution, class_name: InternalName) -> frozenset[Item]:
    """Branch edges and lines of the class that the run covered."""
    replay = execution.replay
    items: set[Item] = {edge for edge in replay.edges if in_class(edge[0], class_name)}  # type: ignore[union-attr]
    for method, visited in replay.visited.items():  # type: ignore[union-attr]
        if in_class(method, class_name):
            items.update((method, -1, method.line_of(i)) for i, hit in enumerate(visited) if hit)
    return frozenset(items)


def _compared_items(execution: Execution, class_name: InternalName) -> frozenset[Item]:
    """The outcomes of comparisons library calls made on symbolic operands (the capped side of
    `Math.min(cap, x)`: no branch of the class, but a behaviour a test should show)."""
    return frozenset((*d.site, d.label) for d in execution.replay.decisions  # type: ignore[union-attr]
                     if d.kind == DecisionKind.COMPARISON and in_class(d.site[0], class_name))


def comparisons_kept(before: Candidate, after: Candidate) -> bool:
    """`after` took the sides `before` took at every comparison both recorded; one `after` ran on
    concrete operands recorded nothing there and is not taken for a change of side."""
    sites = {item[:2] for item in after.compared}
    return all(item in after.compared for item in before.compared if item[:2] in sites)


def carrying_comparisons(before: Candidate, after: Candidate) -> Candidate:
    """`after` (a rewriting of `before` that kept its comparisons) with the outcomes `before`
    recorded where `after` recorded none: the same sides, taken on concrete operands."""
    sites = {item[:2] for item in after.compared}
    carried = frozenset(item for item in before.compared if item[:2] not in sites)
    return dataclasses.replace(after, covers=after.covers | carried, compared=after.compared | carried)


def last_member_statement(execution: Execution, upto: int, class_name: str,
                          subjects: frozenset[tuple[str, str, str]] = frozenset()) -> int | None:
    """The last statement at or before `upto` that calls a constructor or method of the class under
    test, or one of the other `subjects` (owner, name, descriptor: the methods of an iterator the
    class returns, say); field stores only set up state."""
    for index in range(upto, -1, -1):
        statement = execution.program[index]
        if isinstance(statement, (Construct, Invoke)) and (
                in_class_name(statement.owner, class_name)
                or (statement.owner, statement.name, statement.desc) in subjects):
            return index
    return None


def called_on_null(execution: Execution, index: int) -> bool:
    """Whether statement `index` calls a method on a receiver that was null: the call never enters
    the class (`score.compareTo(null)` of a `score` that `best()` of an empty table returned), so its
    NullPointerException says nothing about it."""
    statement = execution.program[index]
    if not isinstance(statement, Invoke) or statement.receiver is None:
        return False
    values = execution.result.values
    return statement.receiver.index < len(values) and values[statement.receiver.index] == "N"


def in_class_name(owner: str, class_name: str) -> bool:
    return owner == class_name or owner.startswith(class_name + "$")


def candidates(executions: list[Execution], class_name: InternalName,
               subjects: frozenset[tuple[str, str, str]] = frozenset()) -> list[Candidate]:
    found = []
    for execution in executions:
        if execution.replay is None:
            continue
        outcome = classify(execution)
        if outcome.kind not in (Kind.RETURNED, Kind.THREW):
            continue
        subject = last_member_statement(execution, outcome.statement, class_name, subjects)
        if subject is None or called_on_null(execution, subject):
            continue
        if subject != outcome.statement:
            outcome = outcome_at(execution, subject)
            if outcome.kind not in (Kind.RETURNED, Kind.THREW):
                continue
        key = (_member(execution, outcome.statement), outcome.kind, outcome.exception)
        before = frozenset(_outcome_key(execution, index) for index in range(outcome.statement))
        compared = _compared_items(execution, class_name)
        found.append(Candidate(execution, outcome, _covered_items(execution, class_name) | compared, key, before,
                               compared=compared))
    return found


def _member(execution: Execution, index: int) -> tuple[str, str]:
    """The member an outcome is of: its owner and name. The overloads of a method share their
    outcomes: `parse(args)` and `parse(options, args)` failing on a null argument the same way are
    one behaviour, shown once (their own lines still count as coverage)."""
    statement = execution.program[index]
    return statement.owner, statement.name


def _outcome_key(execution: Execution, index: int) -> tuple:
    """(member, returned or threw, exception class) of statement `index`, one before the last."""
    if execution.result.status[index] == StatementStatus.THREW:
        return _member(execution, index), Kind.THREW, thrown_class(execution, index)
    return _member(execution, index), Kind.RETURNED, None


def cover(found: list[Candidate], preferred: Callable[[Candidate], bool] = lambda candidate: True) -> list[Candidate]:
    """Greedy set cover over what the candidates cover, in the order taken: the one that adds most
    first, ties to the earlier execution; the `preferred` candidates first, the others for the
    branches and lines those leave (a comparison outcome a preferred run took unrecorded is no gap)."""
    chosen: list[Candidate] = []
    covered: set[Item] = set()
    passes: tuple[tuple[list[Candidate], Callable[[Candidate], frozenset[Item]]], ...] = (
        ([c for c in found if preferred(c)], lambda c: c.covers), ([c for c in found if not preferred(c)], lambda c: c.seen))
    for remaining, items in passes:
        while remaining:
            best = max(remaining, key=lambda c: (len(items(c) - covered), -c.execution.index))
            if not items(best) - covered:
                break
            chosen.append(best)
            covered |= best.covers
            remaining.remove(best)
    return chosen


def select(found: list[Candidate], declared: Callable[[Hashable], bool] = lambda member: True,
           public: Callable[[Candidate], bool] = lambda candidate: True) -> list[Candidate]:
    """Greedy set cover over what the candidates cover, then one test per outcome not shown yet of
    a member the class `declared` itself: an inherited method (a troll's `takeDamage`, Unit's) earns
    a test only by covering the class's own code, or every subclass's tests would repeat its outcomes.
    The candidates that make their values the `public` way come first in both, and in the order
    returned (run order otherwise): the boundary values are sought on their paths first, and a
    member's tests made the public way are read first."""
    chosen = cover(found, public)
    taken = {id(c) for c in chosen}
    shown = {key for c in chosen for key in (c.outcome_key, *c.shown_before)}
    for candidate in sorted(found, key=lambda c: not public(c)):  # stable: in run order otherwise
        if id(candidate) not in taken and candidate.outcome_key not in shown and declared(candidate.outcome_key[0]):
            chosen.append(candidate)
            shown.add(candidate.outcome_key)
    chosen.sort(key=lambda c: (not public(c), c.execution.index))
    return chosen


def thrown(execution: Execution, index: int) -> Throws:
    """What statement `index` threw; its message only when the code under test wrote it (not the JVM
    or the JDK, whose words change with the JDK: origins.py)."""
    message = execution.result.messages[index] if message_is_the_codes(execution, index) else None
    return Throws(thrown_class(execution, index), message)


def last_new_coverage(found: list[Candidate]) -> Execution | None:
    """The execution that covered the last item no earlier one had: from then on the union of what
    the executions covered (which the selected tests cover too) did not grow."""
    covered: set[Item] = set()
    last = None
    for candidate in sorted(found, key=lambda c: c.execution.index):
        if candidate.covers - covered:
            covered |= candidate.covers
            last = candidate.execution
    return last


def expectation(candidate: Candidate) -> Expectation:
    outcome, execution = candidate.outcome, candidate.execution
    if outcome.kind == Kind.THREW:
        return thrown(execution, outcome.statement)
    returned = decode_returned(outcome.value or "V")
    if isinstance(returned, Void):
        return Completes()
    if isinstance(returned, ObjectValue):
        return ReturnsObject(returned.class_name, _returned_receiver(execution, outcome.statement, returned))
    if isinstance(returned, Null):
        statement = execution.program[outcome.statement]
        return Returns(Null(statement.result_desc))
    return Returns(returned)


def _returned_receiver(execution: Execution, index: int, returned: ObjectValue) -> bool:
    """Whether statement `index` returned the object it was called on (the same object id)."""
    statement = execution.program[index]
    receiver = statement.receiver if isinstance(statement, Invoke) else None
    if receiver is None or receiver.index >= len(execution.result.values):
        return False
    given = decode_returned(execution.result.values[receiver.index] or "V")
    return isinstance(given, ObjectValue) and given.object_id == returned.object_id


def throws_checked(program: Program, declares_checked: Callable[[InternalName, str, str], bool]) -> bool:
    """Whether a statement of `program` calls a member that declares checked exceptions: the test
    method declares `throws Exception`."""
    return any(isinstance(s, (Construct, Invoke)) and declares_checked(s.owner, s.name, s.desc) for s in program)


def build_suite(class_name: InternalName, chosen: list[Candidate],
                declares_checked: Callable[[InternalName, str, str], bool]) -> TestSuite:
    """`declares_checked(owner, name, desc)` tells whether a member declares checked exceptions: a
    test calling one outside a lambda must declare `throws Exception`."""
    tests = []
    for candidate in chosen:
        program = candidate.test_program
        needs_throws = throws_checked(program, declares_checked)
        reason = "on trial" if candidate.on_trial else "boundary value" if candidate.on_boundary else "new outcome" if candidate.outcome.kind == Kind.THREW \
            else "coverage"
        status = candidate.execution.result.status
        raised = tuple((index, thrown(candidate.execution, index))
                       for index in range(candidate.outcome.statement) if status[index] == StatementStatus.THREW)
        tests.append(TestCase(program, expectation(candidate), raised, reason, needs_throws, on_trial=candidate.on_trial))
    return TestSuite(class_name, tuple(tests))
