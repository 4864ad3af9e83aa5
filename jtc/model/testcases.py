"""What a generated test asserts, as observed on the real JVM: the outcome of its last statement,
the exceptions of earlier statements that threw (the test asserts each throw and goes on), the
values earlier calls on the class under test returned, and what side-effect-free observers of its
objects answer once the test's calls are done.

The oracle turns an execution's outcome into one of these; the emitter renders them as JUnit
assertions. They carry observed values only, never expressions, so a test states facts.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Union

from jtc.model.loops import SeededLoop
from jtc.model.program import (ArrayLiteral, FieldLoad, Invoke, Literal, Null, Program, VarRef, is_field_desc,
                               state_read)
from jtc.model.types import BinaryName, InternalName


@dataclass(frozen=True)
class Returns:
    """The call returned this primitive, String, array or null."""

    value: Literal | ArrayLiteral | Null


@dataclass(frozen=True)
class ReturnsObject:
    """The call returned a non-null object of `class_name` (binary name) that has no literal form;
    `itself`: the very object it was called on (a builder's setter, `StringBuilder.append`)."""

    class_name: BinaryName
    itself: bool = False


@dataclass(frozen=True)
class ReturnsBoxed:
    """The call returned a boxed primitive (`Integer`, `Double`…) holding `value`."""

    value: Literal


@dataclass(frozen=True)
class ReturnsConstant:
    """The call returned the enum constant `constant` of the enum `class_name` (binary name)."""

    class_name: BinaryName
    constant: str


@dataclass(frozen=True)
class ReturnsText:
    """The call returned a collection or map (of `class_name`) whose `toString()` is `text`: its
    contents, element by element, for elements that have a value of their own. `size`: a
    collection's, which the text leaves open (`[]` is also a list of one empty String)."""

    class_name: BinaryName
    text: str
    size: int | None = None


@dataclass(frozen=True)
class Throws:
    """The call threw `exception` (binary class name). `message` is asserted only when it is not None:
    the oracle sets it for exceptions the code under test raised itself, not for JVM-raised ones whose
    wording varies between Java versions."""

    exception: BinaryName
    message: str | None = None


@dataclass(frozen=True)
class Completes:
    """A void call that returned normally."""


Expectation = Union[Returns, ReturnsObject, ReturnsBoxed, ReturnsConstant, ReturnsText, Throws, Completes]
# What a test can state about a value it holds (an earlier result, an observer's answer).
Stated = Union[Returns, ReturnsBoxed, ReturnsConstant, ReturnsText]


@dataclass(frozen=True)
class Observation:
    """After the test's calls, `receiver` (a statement's result, an object of the class under test)
    answered `value` to the observer `owner.name desc` called with `args` (none, or the one argument
    of a query such as `get(key)`), or, when `desc` is a field's type, held `value` in its field
    `owner.name` (a class without getters)."""

    receiver: int
    owner: InternalName
    name: str
    desc: str
    value: Stated
    args: tuple[Literal, ...] = ()

    @property
    def is_field(self) -> bool:
        return is_field_desc(self.desc)

    def read(self, receiver: VarRef | None) -> Invoke | FieldLoad:
        """The observer's call, or the field's read, on `receiver`."""
        return state_read(self.owner, self.name, self.desc, receiver, self.args)


class Console(StrEnum):
    """The standard streams a test captures while its statements run."""

    OUT = "out"
    ERR = "err"


@dataclass(frozen=True)
class Written:
    """What the test's statements wrote: to a `Console` stream, or into the in-memory writer or
    stream (a `StringWriter`, a `ByteArrayOutputStream`) that statement `target` made empty and
    passed on. `text` is None where the runs wrote different texts: a console stream is then
    still captured (nothing reaches the console), but not asserted. A console stream is captured
    from statement `since` on, the first that printed to it in any run."""

    target: Console | int
    text: str | None
    since: int = 0


class Relation(StrEnum):
    LESS = "<"
    AT_MOST = "<="
    GREATER = ">"
    AT_LEAST = ">="
    EQUAL = "=="
    NOT_EQUAL = "!="
    NULL = "null"
    NOT_NULL = "not null"


@dataclass(frozen=True)
class InputCondition:
    """The condition on a test's inputs under which its call takes a branch no other test of the
    suite takes (`day > 7`, `key == null`): `subject` (a parameter, or its `.length`) in `relation`
    to `other` (a number, another parameter; nothing for a null check). Test names say it."""

    subject: str
    relation: Relation
    other: str | int | float | None = None


@dataclass(frozen=True)
class TestCase:
    """One JUnit test: run `program`; its last statement is the call under test."""

    __test__ = False  # not a pytest test class

    program: Program
    expectation: Expectation
    # Earlier statements that threw, by position: the test asserts the throw and runs on, because
    # the state the failed call left behind is what the later statements needed.
    raised: tuple[tuple[int, Throws], ...] = ()
    # Why the test was kept, in words for the summary ("covers 2 new branches", "new outcome").
    reason: str = ""
    # Some statement calls a member that declares checked exceptions: the test method needs `throws`.
    throws_checked: bool = False
    # Earlier statements, by position, whose returned values the test asserts right after them.
    values: tuple[tuple[int, Stated], ...] = ()
    # Observer answers asserted at the end of the test.
    observations: tuple[Observation, ...] = ()
    # What its statements printed, asserted after them: a call's output is one of its results.
    written: tuple[Written, ...] = ()
    # Set for a test that reproduces a likely bug (oracle/bugs.py): the reason it is written
    # @Disabled, and its last call is left to throw instead of being asserted.
    likely_bug: str = ""
    # Kept only if mutation analysis finds that it kills a mutant the other tests miss
    # (`--select-assertions`; jtc/amplification/assertions.py).
    on_trial: bool = False
    # The condition under which this test alone takes a branch (jtc/minimise/conditions.py).
    condition: InputCondition | None = None
    # For a test that makes a value a way the public API does not offer (model/public_api.py): what
    # it shows that no run made the public way showed, in words ("line 31 of Prices.format"); the
    # test is written with a comment that says so.
    beyond_public: str = ""
    # A person rejected the observed outcome (--ask) and the test asserts the value they expected:
    # it fails on this code (`fails`), and is written @Disabled with this reason unless --keep-failing.
    disabled: str = ""
    fails: bool = False
    # The program's statements from loop.start to loop.end are a seeded random walk, written as the
    # loop that makes them (jtc/model/loops.py): nothing in it is asserted, taken out or folded.
    loop: SeededLoop | None = None

    @property
    def disabled_reason(self) -> str:
        """Why the test is written @Disabled (a likely bug's reproduction, a reported outcome), or ""."""
        return self.likely_bug or self.disabled

    @property
    def prints(self) -> bool:
        """Whether the test states text its statements printed (names say `Prints`, not `Completes`)."""
        return any(written.text is not None for written in self.written)


@dataclass(frozen=True)
class TestSuite:
    """All tests for one class under test (internal name)."""

    __test__ = False  # not a pytest test class

    class_under_test: InternalName
    tests: tuple[TestCase, ...]


# One assertion of a test that can be given up without giving up the test: ("expectation", -1) is the
# value or message asserted of the last statement, ("raised", i) the message of statement i's
# exception, ("value", i) statement i's value, ("observed", j) the test's j-th observation,
# ("written", j) the text of its j-th output.
CheckKey = tuple[str, int]


def without(case: TestCase, key: CheckKey) -> TestCase:
    """`case` without the assertion `key`: what the validator does with a value that was not the
    same in the test's runs as in the generator's (an identity hash, the clock)."""
    kind, position = key
    if kind == "expectation":
        if isinstance(case.expectation, Throws):
            return dataclasses.replace(case, expectation=dataclasses.replace(case.expectation, message=None))
        return dataclasses.replace(case, expectation=Completes())
    if kind == "raised":
        return dataclasses.replace(case, raised=tuple(
            (index, dataclasses.replace(thrown, message=None) if index == position else thrown)
            for index, thrown in case.raised))
    if kind == "value":
        return dataclasses.replace(case, values=tuple(v for v in case.values if v[0] != position))
    if kind == "written":
        return dataclasses.replace(case, written=tuple(
            dataclasses.replace(output, text=None) if at == position else output
            for at, output in enumerate(case.written)))
    return dataclasses.replace(case, observations=case.observations[:position] + case.observations[position + 1:])
