"""Statements the written test does not need: their result goes unused and they change nothing
the test shows.

Minimising a test (statements.py) keeps the calls of the class under test, since what they return
is asserted and mutants may change it. Once the assertions are chosen (by mutants, by default), a
query whose value no assertion states is left standing alone (`loanDesk.loansOf(member);`), and an
object made only to be passed to it (`new Member("a")`) with it. Such a statement goes when nothing
later uses its result (no statement, no assertion of its value or its exception, no observer asked
about it) and the test runs without it as it ran with it: the judgement of `keeps`, which runs the
test again without it (the minimiser's check, statements.py: its coverage and how every statement
ended) and reads its assertions again (the probe, `states_all`). A statement that may have printed
what the test asserts stays.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from jtc.minimise.rewrite import Positions, references, rewrite
from jtc.model.program import Program
from jtc.model.testcases import Completes, Console, TestCase, TestSuite, Throws
from jtc.model.types import BinaryName

# Whether a test (the second) cut from another (the first) with its statements moved (the positions)
# still shows what the first showed.
Keeps = Callable[[TestCase, TestCase, Positions], bool]


def without_unused(suite: TestSuite, keeps: Keeps) -> TestSuite:
    """Each test of `suite` without the statements nothing uses whose removal `keeps` accepts:
    all at once, else each alone, last first, as long as any goes (taking a query out can leave
    the object made for it unused)."""
    return dataclasses.replace(suite, tests=tuple(_pruned(case, keeps) for case in suite.tests))


def states_all(reduced: TestCase, probed: TestCase) -> bool:
    """Whether every assertion of `reduced` holds in `probed` (the same test probed again): the
    outcome (a completed call or an exception without message asserts no more than how the call
    ended, which the minimiser's check compares), the messages, the values, the observers' answers
    and the text written."""
    weak = isinstance(reduced.expectation, Completes) or reduced.expectation == Throws(
        getattr(reduced.expectation, "exception", BinaryName("")))
    return (weak or probed.expectation == reduced.expectation) \
        and {raised for raised in reduced.raised if raised[1].message is not None} <= set(probed.raised) \
        and set(reduced.values) <= set(probed.values) and set(reduced.observations) <= set(probed.observations) \
        and {written for written in reduced.written if written.text is not None} <= set(probed.written)


def _pruned(case: TestCase, keeps: Keeps) -> TestCase:
    if case.likely_bug or case.loop:  # a reproduction is the search's run, as it crashed; a loop is whole
        return case
    rejected: set[Program] = set()
    while True:
        unused = _unused(case)
        for cut in ([unused] if len(unused) > 1 else []) + [[index] for index in reversed(unused)]:
            rewritten = rewrite(case.program, cut)
            if rewritten is None or rewritten[0] in rejected:
                continue
            reduced = _moved(case, *rewritten)
            if keeps(case, reduced, rewritten[1]):
                case = reduced
                break
            rejected.add(reduced.program)
        else:
            return case


def _unused(case: TestCase) -> list[int]:
    """The statements before the last with a result that nothing in the test uses, and that printed
    nothing the test captures (a console stream is captured from the first statement that printed).
    A void call stays: that it completes is what it shows (a mutant may make it throw)."""
    used = {reference for statement in case.program for reference in references(statement)}
    used.update(index for index, _ in (*case.raised, *case.values))
    used.update(observation.receiver for observation in case.observations)
    used.update(output.target for output in case.written if isinstance(output.target, int))
    printing = min((output.since for output in case.written if isinstance(output.target, Console)),
                   default=len(case.program))
    return [index for index in range(min(len(case.program) - 1, printing))
            if index not in used and case.program[index].result_desc != "V"]


def _moved(case: TestCase, program: Program, positions: Positions) -> TestCase:
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
