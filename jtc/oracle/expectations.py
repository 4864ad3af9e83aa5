"""What a generated test asserts, as observed on the real JVM: the outcome of its last statement,
and the exceptions of earlier statements that threw (the test asserts each throw and goes on).

The oracle turns an execution's outcome into one of these; the emitter renders them as JUnit
assertions. They carry observed values only, never expressions, so a test states facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from jtc.model.program import ArrayLiteral, Literal, Null, Program


@dataclass(frozen=True)
class Returns:
    """The call returned this primitive, String, array or null."""

    value: Literal | ArrayLiteral | Null


@dataclass(frozen=True)
class ReturnsObject:
    """The call returned a non-null object of `class_name` (binary name) that has no literal form."""

    class_name: str


@dataclass(frozen=True)
class Throws:
    """The call threw `exception` (binary class name). `message` is asserted only when it is not None:
    the oracle sets it for exceptions the code under test raised itself, not for JVM-raised ones whose
    wording varies between Java versions."""

    exception: str
    message: str | None = None


@dataclass(frozen=True)
class Completes:
    """A void call that returned normally."""


Expectation = Union[Returns, ReturnsObject, Throws, Completes]


@dataclass(frozen=True)
class TestCase:
    """One JUnit test: run `program`; its last statement is the call under test."""

    program: Program
    expectation: Expectation
    # Earlier statements that threw, by position: the test asserts the throw and runs on, because
    # the state the failed call left behind is what the later statements needed.
    raised: tuple[tuple[int, Throws], ...] = ()
    # Why the test was kept, in words for the summary ("covers 2 new branches", "new outcome").
    reason: str = ""
    # Some statement calls a member that declares checked exceptions: the test method needs `throws`.
    throws_checked: bool = False


@dataclass(frozen=True)
class TestSuite:
    """All tests for one class under test (internal name)."""

    class_under_test: str
    tests: tuple[TestCase, ...]
