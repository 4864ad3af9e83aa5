"""A suite judged by a person (`--ask`): each test's outcome accepted (asserted as observed),
rejected (the test asserts the value the person expected, and is written @Disabled with what was
reported unless --keep-failing; no other test asserts the rejected call's answer as an observer's),
or skipped (written as observed). Answers come from the answers
file first; a question it does not answer is asked on the terminal, if there is one, else added to
the file unanswered."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from jtc.asking.answers import Answer, Question, Verdict, load, save
from jtc.asking.expected import expected
from jtc.emit.behaviour import outcome_in_words
from jtc.config import AskOptions
from jtc.emit.render import test_method_source
from jtc.model.classindex import ClassIndex
from jtc.model.program import Invoke, Literal
from jtc.model.testcases import TestCase, TestSuite
from jtc.model.types import InternalName, binary_name

# Asks one question: (question, "2 of 5", the last call's type) -> the answer.
Asker = Callable[[Question, str, str], Answer]
Call = tuple[str, str, str, tuple[Literal, ...]]  # a member and its literal arguments


@dataclass
class Tally:
    accepted: int = 0
    rejected: int = 0
    skipped: int = 0
    unanswered: int = 0

    def add(self, verdict: Verdict | None) -> None:
        if verdict == Verdict.ACCEPT:
            self.accepted += 1
        elif verdict == Verdict.REJECT:
            self.rejected += 1
        elif verdict == Verdict.SKIP:
            self.skipped += 1
        else:
            self.unanswered += 1


def judged(suite: TestSuite, index: ClassIndex, options: AskOptions, asker: Asker | None) -> tuple[TestSuite, Tally]:
    """The suite with the answers applied, and how many of each; new answers (and, without a
    terminal, the questions no one answered yet) saved to the answers file."""
    book = load(options.answers)
    tally = Tally()
    judgeable = [position for position, case in enumerate(suite.tests) if not case.disabled_reason]
    cases = list(suite.tests)
    new: list[tuple[Question, Answer]] = []
    for number, position in enumerate(judgeable, start=1):
        case = cases[position]
        question = Question(binary_name(suite.class_under_test), calls(case, suite.class_under_test, index),
                            outcome_in_words(case.expectation))
        key = (question.class_name, question.calls)
        answer = book.get(key, Answer(None))
        if answer.verdict is None:
            if asker is not None:
                answer = asker(question, f"{number} of {len(judgeable)}", case.program[-1].result_desc)
            if asker is not None or key not in book:
                new.append((question, answer))
        if answer.verdict == Verdict.REJECT:
            cases[position] = rejected(case, answer, question.observed, options.keep_failing)
        tally.add(answer.verdict)
    if new:
        save(options.answers, new)
    reported = {call for case in cases if case.fails and (call := _call(case)) is not None}
    cases = [case if case.fails else without_answers_of(case, reported) for case in cases]
    return dataclasses.replace(suite, tests=tuple(cases)), tally


def _call(case: TestCase) -> Call | None:
    """The last call of a test as an observer answer names it (member and literal arguments)."""
    last = case.program[-1]
    if not isinstance(last, Invoke) or not all(isinstance(arg, Literal) for arg in last.args):
        return None
    return last.owner, last.name, last.desc, tuple(arg for arg in last.args if isinstance(arg, Literal))


def without_answers_of(case: TestCase, reported: set[Call]) -> TestCase:
    """`case` without the observer answers of calls whose outcome a person rejected: another test
    must not pin the value they reported as wrong (`assertEquals(5, pricing.shipping(100))` after
    other calls)."""
    kept = tuple(o for o in case.observations if (o.owner, o.name, o.desc, o.args) not in reported)
    return case if len(kept) == len(case.observations) else dataclasses.replace(case, observations=kept)


def calls(case: TestCase, class_under_test: InternalName, index: ClassIndex) -> str:
    """The test's statements in Java, its last call made and not asserted (as a likely bug's
    reproduction writes it), without the method around them."""
    plain = dataclasses.replace(case, likely_bug="judged", values=(), observations=())
    lines = test_method_source(plain, class_under_test, index).splitlines()
    opening = next(number for number, line in enumerate(lines) if line.rstrip().endswith("{"))
    return "\n".join(line.removeprefix("    ") for line in lines[opening + 1:-1])


def rejected(case: TestCase, answer: Answer, observed_outcome: str, keep_failing: bool) -> TestCase:
    """The test asserting what the person expected; what state it leaves is not asserted (it
    followed an outcome said to be wrong)."""
    assert answer.expected is not None
    return dataclasses.replace(
        case, expectation=expected(answer.expected, case.program[-1].result_desc), observations=(), fails=True,
        disabled="" if keep_failing else f"reported: expected {answer.expected}; it {observed_outcome}")
