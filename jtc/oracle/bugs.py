"""Likely bugs: exceptions the code under test raised by accident, told apart from the ones it
throws on purpose (implicit oracles, seed 004).

A test that asserts `assertThrows(NullPointerException.class, …)` for a crash pins the crash as if it
were the specification. So every exception a statement of the class under test raised is judged
from where it came from (the stack the harness reports, and whether an `athrow` of instrumented
code threw it, which the replay knows):

* expected behaviour: an explicit `throw` of instrumented code (`throw new IllegalArgumentException`,
  a rethrow, an `assert`, lang3's `Validate`, Guava's `Preconditions` on the classpath); an argument
  check of the JDK (`Objects.requireNonNull`, `Objects.checkIndex`, `Math.addExact` …); a crash the
  test's own inputs explain: a NullPointerException in a test that passes a null somewhere (as
  Randoop decides by default), an index or size out of range that lies within the int arguments of
  the call (`join(array, ',', 0, 9)` on a shorter array: the caller's precondition), a
  ClassCastException in a test that passes a collection, a `java.util` object or an `Object` (typed by
  erasure only: a `List<Monster>` parameter may get a list of squares),
  anything in a test with a stub (its answers need not keep its interface's contract); an
  exception raised in another class than the one under test (it is that class's behaviour);
  anything but the crash types below; and, for a class that is itself a collection, map or
  iterator, the exceptions of those contracts (`next()` past the end);
* a likely bug: one of the crash types below, raised by the JVM inside the class under test (a
  dereference, an array access, a cast, a division) or by a JDK method it called (`list.get(i)`,
  `iterator.next()`, `Optional.get()`), that the test's inputs do not explain.

The price of the input rules: an off-by-one that fails at an index the caller passed, or a crash
that needs a stub, is not reported.

A replay that desynchronised cannot say whether the code threw explicitly: such an exception counts
as expected, so that no crash is claimed on guesswork.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Callable

from jtc.model.program import (ArrayLiteral, Invoke, Literal, NewCollection, Null, Program, Statement, StatementStatus,
                               Stub, VarRef)
from jtc.execution.runs import Execution
from jtc.model.types import BinaryName, InternalName, internal_from_binary

CRASHES = frozenset({
    "java.lang.NullPointerException", "java.lang.ArrayIndexOutOfBoundsException",
    "java.lang.StringIndexOutOfBoundsException", "java.lang.IndexOutOfBoundsException",
    "java.lang.ClassCastException", "java.lang.ArithmeticException", "java.lang.NegativeArraySizeException",
    "java.lang.ArrayStoreException", "java.lang.IllegalStateException", "java.lang.UnsupportedOperationException",
    "java.util.ConcurrentModificationException", "java.util.NoSuchElementException",
})
# What a collection, map or iterator throws by contract when the caller asks too much of it.
CONTRACT_EXCEPTIONS = frozenset({
    "java.lang.ArrayIndexOutOfBoundsException", "java.lang.StringIndexOutOfBoundsException",
    "java.lang.IndexOutOfBoundsException", "java.lang.IllegalStateException",
    "java.lang.UnsupportedOperationException", "java.util.NoSuchElementException",
})
# Indexes and sizes out of range: the caller's precondition when the call was given them.
INDEX_CRASHES = frozenset({
    "java.lang.ArrayIndexOutOfBoundsException", "java.lang.StringIndexOutOfBoundsException",
    "java.lang.IndexOutOfBoundsException", "java.lang.NegativeArraySizeException",
})
ERASED = frozenset({"Ljava/lang/Object;", "Ljava/lang/Comparable;", "Ljava/lang/Iterable;"})
# The size in an out-of-range message (`for length 2`, `Size: 2`, `char[1]`), which is no index.
BOUNDS_WORDING = re.compile(r"(length|size)\s*[:=]?\s*-?\d+|\[\d+\]", re.IGNORECASE)
CONTRACT_TYPES = tuple(map(InternalName, ("java/util/Iterator", "java/util/ListIterator", "java/util/Enumeration",
                                          "java/util/Collection", "java/util/Map")))
JDK_PACKAGES = ("java.", "javax.", "jdk.", "sun.", "com.sun.")
# Methods whose only work is to check an argument: what they throw is the caller's contract.
ARGUMENT_CHECKS = frozenset({
    "java.util.Objects.requireNonNull", "java.util.Objects.requireNonNullElse",
    "java.util.Objects.requireNonNullElseGet", "java.util.Objects.checkIndex", "java.util.Objects.checkFromToIndex",
    "java.util.Objects.checkFromIndexSize",
})
NULL_TOKEN = "N"  # the harness's value token of a statement that returned null
EXACT_ARITHMETIC = ("java.lang.Math.", "java.lang.StrictMath.")  # addExact, toIntExact …: overflow checks
# Check classes of common libraries, for when they are not instrumented (not on the user classpath).
CHECK_CLASSES = frozenset({"org.apache.commons.lang3.Validate", "com.google.common.base.Preconditions",
                           "org.springframework.util.Assert"})


@dataclass(frozen=True)
class Frame:
    """One stack frame as the harness reports it: `class.method(desc):line` (desc may be empty)."""

    site: str

    @property
    def class_name(self) -> BinaryName:
        return BinaryName(self.site.split("(")[0].rsplit(":", 1)[0].rpartition(".")[0])

    @property
    def method(self) -> str:
        """`class.method`, without descriptor and line."""
        return self.site.split("(")[0].rsplit(":", 1)[0]

    @property
    def in_jdk(self) -> bool:
        return self.class_name.startswith(JDK_PACKAGES)

    def java(self, qualified: bool = True) -> str:
        """The frame as a Java stack trace writes it: `bug.Ledger.last(Ledger.java:26)`, the
        class's simple name alone when not `qualified` (`Ledger.last(Ledger.java:26)`). The source
        file is named after the outermost class; a frame without a line is `(Unknown Source)`."""
        line = self.site.rpartition(":")[2]
        simple = self.class_name.rpartition(".")[2]
        place = f"{simple.split('$')[0]}.java:{line}" if line.isdigit() else "Unknown Source"
        owner = self.class_name if qualified else simple
        return f"{owner}.{self.method.rpartition('.')[2]}({place})"


@dataclass(frozen=True)
class LikelyBug:
    """Statement `statement` of an execution raised `exception` by accident. `stack` runs from the
    frame that raised it down to the outermost frame of the class under test."""

    exception: str  # binary class name
    message: str | None
    stack: tuple[str, ...]
    statement: int

    @property
    def site(self) -> str:
        """Where the class under test went wrong, in Java syntax: its first frame
        (`Book.authorInitials(Book.java:31)`), then the JDK frame that raised the exception, if one
        did (`, in java.lang.StringLatin1.charAt(StringLatin1.java:48)`)."""
        frames = [Frame(site) for site in self.stack]
        own = next(frame for frame in frames if not frame.in_jdk)
        return own.java(qualified=False) + (f", in {frames[0].java()}" if frames[0].in_jdk else "")

    @property
    def called_from(self) -> str | None:
        """The outermost frame of the class under test, in Java syntax, when it is not the first."""
        own = [Frame(site) for site in self.stack if not Frame(site).in_jdk]
        return own[-1].java(qualified=False) if len(own) > 1 else None

    @property
    def java_stack(self) -> tuple[str, ...]:
        """The stack in Java syntax, innermost frame first."""
        return tuple(Frame(site).java() for site in self.stack)

    @property
    def key(self) -> tuple[str, tuple[str, ...]]:
        """What makes two crashes one: the exception class and the stack it came up."""
        return self.exception, self.stack

    @property
    def summary(self) -> str:
        """One line: `NullPointerException at Foo.bar(Foo.java:12)`."""
        return f"{self.exception.rpartition('.')[2]} at {self.site}"


@dataclass(frozen=True)
class BugGroup:
    """The executions that crashed the same way (exception and stack): the shortest one's crash,
    which reproduces it in fewest statements, and how many there were."""

    bug: LikelyBug
    execution: Execution
    executions: int


@dataclass(frozen=True)
class ReportedBug:
    """A group of crashes as the run reports it: plain data that crosses processes, the cache and
    the JSON report (`test`: the Java source of its shortest reproduction)."""

    exception: str
    message: str | None
    site: str
    called_from: str | None
    stack: tuple[str, ...]
    executions: int
    test: str

    def to_json(self) -> dict:
        return {**dataclasses.asdict(self), "stack": list(self.stack)}

    @staticmethod
    def from_json(data: dict) -> ReportedBug:
        return ReportedBug(**{**data, "stack": tuple(data["stack"])})


def group_crashes(crashed: list[tuple[Execution, LikelyBug]]) -> list[BugGroup]:
    """Crashes grouped by exception and stack, in the order first met; ties for the shortest go to
    the earlier execution, so the reproduction is deterministic."""
    groups: dict[tuple[str, tuple[str, ...]], list[tuple[Execution, LikelyBug]]] = {}
    for execution, bug in crashed:
        groups.setdefault(bug.key, []).append((execution, bug))
    shortest = (min(members, key=lambda member: (member[1].statement, member[0].index)) for members in groups.values())
    return [BugGroup(bug, execution, len(groups[bug.key])) for execution, bug in shortest]


class BugOracle:
    """Judges what statements of the class under test threw. `in_subject(internal name)` tells the
    classes whose code is under test (the class and its nested classes); `contract` whether the class
    under test is a collection, map or iterator."""

    def __init__(self, in_subject: Callable[[InternalName], bool], contract: bool) -> None:
        self.in_subject = in_subject
        self.contract = contract

    def first_bug(self, execution: Execution, upto: int) -> LikelyBug | None:
        """The first statement at or before `upto` that calls the class under test and raised a
        likely bug, if one did."""
        result = execution.result
        for index in range(min(upto + 1, result.executed)):
            statement = execution.program[index]
            if result.status[index] == StatementStatus.THREW and self.in_subject(statement.owner):
                bug = self.judge(execution, index)
                if bug is not None:
                    return bug
        return None

    def judge(self, execution: Execution, index: int) -> LikelyBug | None:
        """Statement `index` threw: a LikelyBug, or None when the throw is expected behaviour."""
        result, replay = execution.result, execution.replay
        exception = result.values[index] or ""
        stacks = result.throw_stacks
        text = stacks[index] if index < len(stacks) else None
        if exception not in CRASHES or not text or replay is None or replay.desync is not None:
            return None
        outcome = replay.outcomes[index] if index < len(replay.outcomes) else None
        if outcome is None or getattr(outcome.value, "id", None) in replay.thrown_by_code:
            return None  # an explicit throw (or one the replay cannot place)
        frames = [Frame(site) for site in text.split("\n")]
        if any(frame.class_name in CHECK_CLASSES for frame in frames):
            return None
        innermost = next((position for position, frame in enumerate(frames) if not frame.in_jdk), None)
        if innermost is None or not self.in_subject(internal_from_binary(frames[innermost].class_name)):
            return None  # raised by the JDK for a call the test made, or in another class's code
        if innermost > 0 and not self._crash_in_callee(exception, frames[innermost - 1]):
            return None
        if self._caused_by_inputs(exception, execution, index):
            return None
        outermost = max(position for position, frame in enumerate(frames) if not frame.in_jdk)
        return LikelyBug(exception, result.messages[index], tuple(f.site for f in frames[:outermost + 1]), index)

    @staticmethod
    def _caused_by_inputs(exception: str, execution: Execution, index: int) -> bool:
        """Whether the test's own inputs explain the crash: a null it passes (NullPointerException),
        an index or size within the int or long arguments of the call, a stub whose answers need
        not keep its interface's contract, a collection whose elements are typed by erasure only
        (ClassCastException)."""
        program: Program = execution.program
        if any(isinstance(statement, Stub) for statement in program[:index + 1]):
            return True
        if exception == "java.lang.NullPointerException":
            return passes_null(execution, index)
        if exception in INDEX_CRASHES:
            return index_given(program[index], execution.result.messages[index])
        if exception == "java.lang.ClassCastException":
            return any(isinstance(statement, NewCollection) or any(map(typed_by_erasure, statement.param_descs))
                       for statement in program[:index + 1])
        return False

    def _crash_in_callee(self, exception: str, entry: Frame) -> bool:
        """The JDK method the class under test called (`entry`) raised `exception`: a crash unless
        the method is an argument check, or the exception is a collection contract's own."""
        if entry.method in ARGUMENT_CHECKS or entry.method.startswith(EXACT_ARITHMETIC):
            return False
        return not (self.contract and exception in CONTRACT_EXCEPTIONS)


def index_given(statement: Statement, message: str | None) -> bool:
    """Whether the index or size an out-of-range exception names lies within the int and long
    arguments of the call (`join(array, ',', 0, 9)` failing at index 1 of a one-element array):
    the caller asked for it. One outside them (`reverse(array, 2147483646, MIN_VALUE)` failing at
    2147483647, `new char[…]` of a negative size after an overflow) came from the code's own
    arithmetic. A call without such arguments explains nothing; one whose message names no number,
    or whose arguments are not literals, is given the benefit of the doubt."""
    params = statement.param_descs
    if not any(param in ("I", "J") for param in params):
        return False
    given = [value.value for value, param in zip(statement.args, params)
             if param in ("I", "J") and isinstance(value, Literal) and isinstance(value.value, int)]
    named = [int(number) for number in re.findall(r"-?\d+", BOUNDS_WORDING.sub("", message or ""))]
    if not given or not named:
        return True
    return any(min(given) <= number <= max(given) for number in named)


def typed_by_erasure(param: str) -> bool:
    """A parameter whose values the search chooses by erasure (a `List<Monster>` may get any list, a
    type variable any object), so that what the code casts them to may not fit."""
    element = param.lstrip("[")
    return element in ERASED or element.startswith("Ljava/util/")


def passes_null(execution: Execution, upto: int) -> bool:
    """Whether a statement at or before `upto` was given a null: a null literal, a null element of
    an array, or the null an earlier statement returned."""
    returned = execution.result.values
    program: Program = execution.program
    for statement in program[:upto + 1]:
        values = [*statement.args]
        if isinstance(statement, Invoke) and statement.receiver is not None:
            values.append(statement.receiver)
        for value in values:
            if isinstance(value, Null) or isinstance(value, ArrayLiteral) and None in value.elements:
                return True
            if isinstance(value, VarRef) and value.index < len(returned) and returned[value.index] == NULL_TOKEN:
                return True
    return False
