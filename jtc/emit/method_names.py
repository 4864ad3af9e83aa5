"""The name of a test method: the member it is about and what happened (`gcdReturns6`,
`popThrowsIllegalStateException`), with room between the two for what tells it apart from others
(distinct_names.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from jtc.emit.naming import lower_camel, simple_class_name, upper_first
from jtc.emit.words import value_words
from jtc.model.program import Construct, Invoke, Statement
from jtc.model.testcases import (Completes, Expectation, Returns, ReturnsBoxed, ReturnsConstant, ReturnsObject,
                                 ReturnsText, TestCase, Throws)
from jtc.model.types import Descriptor, OBJECT_DESC, internal_name, is_class_type

_OUTCOMES = ("Returns", "Throws", "Completes", "Prints")


def _subject(statement: Statement, class_under_test: str) -> str:
    """What the test is about: the method called, or the constructor."""
    if isinstance(statement, Invoke):
        return re.sub(r"[^A-Za-z0-9_]", "", statement.name) or "call"
    if statement.owner == class_under_test:
        return "constructor"
    return "new" + (simple_class_name(statement.owner) or "Object")


def subject_name(case: TestCase, class_under_test: str) -> str:
    """The member a test is about, as the start of its name: 'greet', 'constructor', 'newNode'."""
    return lower_camel(_subject(case.program[-1], class_under_test))


def test_method_name(case: TestCase, class_under_test: str) -> str:
    """The undeduplicated name of a test: subject, then what happened; a seeded loop's, by the calls
    it makes and the bound of the values it draws (`randomPutAndRemoveBelow10`)."""
    if case.loop is not None:
        calls = "And".join(upper_first(re.sub(r"[^A-Za-z0-9_]", "", move.call.name)) for move in case.loop.moves)
        return f"random{calls}" + (f"Below{case.loop.bound}" if any(move.drawn for move in case.loop.moves) else "")
    last = case.program[-1]
    subject = lower_camel(_subject(last, class_under_test))
    return subject + outcome_words(case.expectation, isinstance(last, Construct), last.result_desc, case.prints)


def outcome_words(expectation: Expectation, constructed: bool, declared: Descriptor = Descriptor(""), prints: bool = False) -> str:
    """What a name says of the outcome; an object of a JDK class by the type the call declares
    (`getHeroesReturnsList`, not the `UnmodifiableRandomAccessList` it happens to be); a call that
    completes and `prints` text the test states, `Prints`."""
    if isinstance(expectation, Throws):
        return "Throws" + (simple_class_name(expectation.exception) or "Exception")
    if isinstance(expectation, Completes) or (constructed and isinstance(expectation, ReturnsObject)):
        return "Prints" if prints else "Completes"
    if isinstance(expectation, (ReturnsObject, ReturnsText)):
        runtime: str = expectation.class_name  # a binary name, or an internal one: simple_class_name takes both
        if runtime.startswith(("java.", "javax.")) and is_class_type(declared) and declared != OBJECT_DESC:
            runtime = internal_name(declared)
        return "Returns" + (simple_class_name(runtime) or "Object")
    if isinstance(expectation, ReturnsConstant):
        return "Returns" + "".join(word.capitalize() for word in expectation.constant.split("_") if word)
    assert isinstance(expectation, (Returns, ReturnsBoxed))
    return "Returns" + value_words(expectation.value)


def insert_before_outcome(name: str, subject: str, words: str) -> str:
    """`words` between what a name says of the call and what it says of the outcome."""
    at = _outcome_at(name, subject)
    return name[:at] + words + name[at:]


def call_words(name: str, subject: str) -> str:
    """What a name says of the call, after its subject and before its outcome ('AfterPush')."""
    return name[len(subject):_outcome_at(name, subject)]


def _outcome_at(name: str, subject: str) -> int:
    found = [at for at in (name.find(outcome, len(subject)) for outcome in _OUTCOMES) if at >= 0]
    return min(found) if found else len(name)


def folded_name(cases: Sequence[TestCase], class_under_test: str) -> str:
    """A parameterized test's name: the member, and the outcome its cases share (`isWeekendReturnsFalse`),
    or only what kind of outcome (`nameReturnsExpected`, `nameThrowsIllegalArgumentException`)."""
    names = {test_method_name(case, class_under_test) for case in cases}
    if len(names) == 1:
        return names.pop()
    subject = subject_name(cases[0], class_under_test)
    expectation = cases[0].expectation
    if isinstance(expectation, Throws):
        return subject + outcome_words(expectation, False)
    return subject + "ReturnsExpected"
