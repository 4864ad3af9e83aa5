"""Reading what a chosen test can assert, by running its program again with reads appended.

The search's execution shows what each statement returned, but an object only as its class. The
probe runs the test's program again in the worker (PROBE_RUNS times), with calls appended that read
values: the observers of every object of the class under test (their answers after all the test's
calls; an observer may be a field the test can read, `token.type`: see `observers.fields`), and the
call that states a returned object (`intValue()` of an Integer, `name()` of an enum constant,
`toString()` of a collection or a StringBuilder). A value is asserted only when the search's run and
every probe run agree on it and it carries no identity hash (`Foo@1b6d3586`): identity hashes, clocks
and random numbers change from run to run, so they show themselves here. The same goes for exception
messages.

Identity hashes also order what a HashSet or a HashMap of enum constants (or of objects without a
`hashCode`) iterates over, and so its text, which then differs from one JVM and one JDK to the next.
The worker loads the classes afresh for every run, so their hash codes differ between runs; but two
elements come out in the same order in two runs about half the time. Six probe runs leave such an
order agreeing by chance in about one test in fifty, where two left it in one in four.

What a test's statements print is one of their results: the text of each in-memory writer or stream
(`StringWriter`, `ByteArrayOutputStream`) the test made, read after the last statement (made empty,
it holds only what the code wrote into it), and what the statements printed to System.out and
System.err (the harness reports it per statement). Text the runs disagree on, or that carries an
identity hash, is not asserted.
"""

from __future__ import annotations

import dataclasses
import math
import re
import time
from dataclasses import dataclass
from typing import Callable

from jtc.calls.jdk import OUTPUT_SINKS
from jtc.jvm.protocol import HarnessResult, ObjectValue, Void, decode_returned
from jtc.model.classindex import ClassIndex
from jtc.model.program import (Construct, FieldLoad, Invoke, Literal, Null, Program, Statement, StatementStatus, Value, VarRef,
                               state_read)
from jtc.model.types import (
    Descriptor, InternalName, OBJECT_DESC, STRING_DESC, binary_name, internal_from_binary, internal_name,
    is_class_type, package_of, parse_method_descriptor)
from jtc.model.testcases import (Completes, Console, Observation, Returns, ReturnsBoxed, ReturnsConstant, ReturnsObject,
                                     ReturnsText, Stated, TestCase, TestSuite, Throws, Written)
from jtc.oracle.observers import UNBOXING, arguments, enum_of, extractor, size_reader
from jtc.oracle.pruning import MAX_OBSERVATIONS, prune

PROBE_RUNS = 6  # runs of each probe program (see the module's docstring)
# Text a test cannot assert: an identity hash (`Foo@1b6d3586`, Object.toString's) changes from run to
# run, and a number in scientific notation may read otherwise on another JDK. Java 19 made
# Double.toString and Float.toString print the shortest decimal that round-trips (JDK-4511638:
# `9.999999999999999E22` became `1.0E23`); of 200,000 sampled doubles and floats, every one that JDK 17
# and JDK 25 print differently was in scientific notation (below 1e-3 or from 1e7 up).
UNASSERTABLE = re.compile(r"[A-Za-z_$][\w$.]*@[0-9a-f]{1,8}\b|\d\.\d+E-?\d+")

Observer = tuple[InternalName, str, str]  # owner, name, desc


@dataclass(frozen=True)
class Prober:
    """What probing needs: the class index, the class under test (internal name), a way to run a
    program in the worker, and the observers and queries of a class (see `observers.observers`,
    `observers.queries`)."""

    index: ClassIndex
    class_name: InternalName
    run: Callable[[Program], HarnessResult]
    observers_of: Callable[[InternalName], tuple[Observer, ...]]
    queries_of: Callable[[InternalName], tuple[Observer, ...]] = lambda declared: ()
    # Also ask the observers of the project's objects that the class under test was given or gave
    # back (the hero a level moved, the board it returned): its calls change them too.
    observe_neighbours: bool = False


def _ok(result: HarnessResult, index: int) -> bool:
    return index < len(result.status) and result.status[index] == StatementStatus.OK


def _comparable(token: str) -> str:
    """A value token without the object id, which differs between runs for the same value."""
    return token.rpartition("#")[0] if token.startswith("O:") else token


def in_family(internal: InternalName, class_name: InternalName) -> bool:
    return internal == class_name or internal.startswith(class_name + "$")


class _Probe:
    """One test's probe program and what its runs agreed on. The value a statement returned is read
    right after it (where the test states it: a view a later call changes reads as it was then), the
    observers after the last statement (where the test states their answers). Positions are the
    probe program's; `at` maps the test's statements there."""

    def __init__(self, case: TestCase, original: HarnessResult, prober: Prober) -> None:
        self.case, self.original, self.prober = case, original, prober
        self.statements: list[Statement] = []
        self.at: dict[int, int] = {}  # the test's statement -> its position in the probe program
        self.extractors: dict[int, int] = {}  # position -> the position of the statement that reads its value
        self.sizes: dict[int, int] = {}  # position of a collection -> the position of the statement that reads its size
        # (receiver, observer, its arguments, position)
        self.observed: list[tuple[int, Observer, tuple[Literal, ...], int]] = []
        self.untyped: list[int] = []  # positions of answers declared Object
        self.sinks: list[tuple[int, int]] = []  # (statement making a writer or stream, position of its toString)
        self.neighbours = _neighbours(case.program, prober.class_name) if prober.observe_neighbours else frozenset()
        for index, statement in enumerate(case.program):
            self.at[index] = self._add(_moved(statement, self.at))
            if _ok(original, index):
                self._plan_value(index)
        for index, statement in enumerate(case.program):
            if _ok(original, index):
                self._plan_observers(index, statement)
        for index, sink in enumerate(case.program):
            if isinstance(sink, Construct) and sink.owner in OUTPUT_SINKS and _ok(original, index):
                self.sinks.append((index, self._add(Invoke(sink.owner, "toString", f"(){STRING_DESC}",
                                                           VarRef(self.at[index], sink.result_desc), ()))))
        if self.untyped:
            self._plan_by_runtime_class()
        self.runs = [prober.run(tuple(self.statements)) for _ in range(PROBE_RUNS)]

    def _add(self, statement: Statement) -> int:
        self.statements.append(statement)
        return len(self.statements) - 1

    def _plan_extractor(self, position: int, internal: InternalName) -> None:
        read = extractor(self.prober.index, internal, position)
        if read is not None:
            self.extractors[position] = self._add(read)
            size = size_reader(self.prober.index, internal, position)
            if size is not None:
                self.sizes[position] = self._add(size)

    def _plan_value(self, index: int) -> None:
        value = decode_returned(self.original.values[index] or "V")
        if isinstance(value, ObjectValue):
            self._plan_extractor(self.at[index], internal_from_binary(value.class_name))

    def _plan_observers(self, index: int, statement: Statement) -> None:
        value = decode_returned(self.original.values[index] or "V")
        if not isinstance(value, ObjectValue):
            return
        declared = statement.result_desc
        class_name = self.prober.class_name
        if not is_class_type(declared):
            return
        last_index = len(self.case.program) - 1
        returned = index == last_index  # what the call under test gave back: stated by its state
        last = self.case.program[-1]
        if isinstance(statement, FieldLoad) and statement.receiver is None and not returned \
                and not (isinstance(last, Invoke) and last.receiver is not None and last.receiver.index == index):
            return  # a shared constant (`Style.PLAIN`) the test only made something of: no state of the test's own
        own = in_family(internal_name(declared), class_name) and in_family(internal_from_binary(value.class_name), class_name)
        if not (own or (index in self.neighbours or returned) and not declared.startswith(("Ljava/", "Ljavax/"))):
            return
        if not own and not returned and _ok(self.original, last_index) \
                and (self.original.values[index], declared) == (self.original.values[last_index],
                                                                self.case.program[last_index].result_desc):
            return  # the argument the call under test gave back (a token it filled): asked as its result
        if self.prober.index.nameable_from(internal_name(declared), package_of(class_name)) is False:
            return  # a private nested class: the test holds it as an Object and cannot call its methods
        receiver = VarRef(self.at[index], declared)
        asked: list[tuple[Observer, tuple[Literal, ...]]] = [
            (observer, ()) for observer in self.prober.observers_of(internal_name(declared))]
        asked += [((owner, name, desc), (value,)) for owner, name, desc in self.prober.queries_of(internal_name(declared))
                  for value in arguments(self.case.program, parse_method_descriptor(desc)[0][0])]
        for observer, args in asked:
            owner, name, desc = observer
            if isinstance(last, Invoke) and last.receiver is not None and last.receiver.index == index \
                    and (last.name, last.desc, last.args) == (name, desc, args):
                continue  # the test's own last call: its result is asserted already
            read = state_read(owner, name, desc, receiver, args)
            position = self._add(read)
            self.observed.append((index, observer, args, position))
            returns = read.result_desc
            if returns == OBJECT_DESC:
                self.untyped.append(position)
            elif is_class_type(returns) and returns != STRING_DESC:
                self._plan_extractor(position, internal_name(returns))

    def _plan_by_runtime_class(self) -> None:
        """Answers declared `Object` (a generic `V get(int)`) are read by what they turn out to be:
        one run shows their classes, and the reads for them are appended."""
        scout = self.prober.run(tuple(self.statements))
        for position in self.untyped:
            value = decode_returned(scout.values[position] or "V") if _ok(scout, position) else None
            if isinstance(value, ObjectValue):
                self._plan_extractor(position, internal_from_binary(value.class_name))

    def token(self, position: int, index: int | None = None) -> str | None:
        """The value token at `position` when every run returned the same value (and the search's
        run too, at `index`, for a statement of the test)."""
        tokens = [result.values[position] if _ok(result, position) else None for result in self.runs]
        if index is not None:
            tokens.append(self.original.values[index] if _ok(self.original, index) else None)
        if any(token is None for token in tokens) or len({_comparable(t) for t in tokens if t}) != 1:
            return None
        return tokens[0]

    def stated(self, position: int, declared: Descriptor, index: int | None = None) -> Stated | None:
        """What the test can assert about the value at `position` (statement `index` of the test, if
        it is one), None when nothing stable."""
        token = self.token(position, index)
        if token is None:
            return None
        value = decode_returned(token)
        if isinstance(value, Void):
            return None
        if isinstance(value, Null):
            return Returns(Null(declared))
        if not isinstance(value, ObjectValue):
            return None if _unassertable(value) else Returns(value)
        read_at = self.extractors.get(position)
        read = decode_returned(self.token(read_at) or "V") if read_at is not None else None
        if not isinstance(read, Literal):
            return None
        internal = internal_from_binary(value.class_name)
        if internal in UNBOXING:
            return ReturnsBoxed(read)
        enum = enum_of(self.prober.index, internal)
        if enum is not None:
            return ReturnsConstant(binary_name(enum), str(read.value))
        if _unassertable(read):
            return None
        size_at = self.sizes.get(position)
        size = decode_returned(self.token(size_at) or "V") if size_at is not None else None
        return ReturnsText(value.class_name, str(read.value), int(size.value) if isinstance(size, Literal) else None)

    def message_stable(self, index: int) -> bool:
        """Whether statement `index` threw with the same message in every run, free of what the test cannot
        assert (UNASSERTABLE)."""
        position = self.at[index]
        messages = {result.messages[position] if position < len(result.messages) else None for result in self.runs}
        messages.add(self.original.messages[index] if index < len(self.original.messages) else None)
        return len(messages) == 1 and not UNASSERTABLE.search(next(iter(messages)) or "")

    def written(self) -> list[Written]:
        """The text written into each writer or stream the test made (what the JDK wrappers around
        it write is the code's too), where the runs agree on it and it is not empty."""
        found = []
        for index, position in self.sinks:
            text = decode_returned(self.token(position) or "V")
            if isinstance(text, Literal) and text.value and not _unassertable(text):
                found.append(Written(index, str(text.value)))
        return found


def _moved(statement: Statement, at: dict[int, int]) -> Statement:
    """`statement` with the results it uses referred to where they went (`at`)."""
    def moved(value: Value) -> Value:
        return VarRef(at[value.index], value.desc) if isinstance(value, VarRef) else value
    changes: dict[str, object] = {"args": tuple(moved(arg) for arg in statement.args)}
    receiver = getattr(statement, "receiver", None)
    if receiver is not None:
        changes["receiver"] = moved(receiver)
    return dataclasses.replace(statement, **changes)  # type: ignore[arg-type]


def _printed(result: HarnessResult, stream: Console, positions: list[int]) -> list[str]:
    """What each of the statements at `positions` printed to `stream` in one run."""
    texts = result.out if stream == Console.OUT else result.err
    return [(texts[position] or "") if position < len(texts) else "" for position in positions]


def _console_written(case: TestCase, original: HarnessResult, runs: list[HarnessResult],
                    at: dict[int, int]) -> list[Written]:
    """What the test's statements printed to System.out and System.err, in the search's run
    (`original`) and the probe's (`runs`, where statement i is at `at[i]`): stated where every run
    printed the same, left unasserted (but captured) where they differ or there are no probe runs."""
    statements = list(range(len(case.program)))
    found = []
    for stream in Console:
        printed = [_printed(original, stream, statements),
                   *(_printed(run, stream, [at[i] for i in statements]) for run in runs)]
        texts = {"".join(each) for each in printed}
        if any(texts):
            text = next(iter(texts))
            agreed = bool(runs) and len(texts) == 1 and not UNASSERTABLE.search(text)
            since = min(next(i for i, part in enumerate(each) if part) for each in printed if any(each))
            found.append(Written(stream, text if agreed else None, since))
    return found


def _neighbours(program: Program, class_name: InternalName) -> frozenset[int]:
    """The statements whose objects a call of the class under test took as an argument or returned."""
    found: set[int] = set()
    for index, statement in enumerate(program):
        if isinstance(statement, (Invoke, Construct)) and in_family(statement.owner, class_name):
            found.update(arg.index for arg in statement.args if isinstance(arg, VarRef))
            found.add(index)
    return frozenset(found)


def _unassertable(value: Literal | object) -> bool:
    return isinstance(value, Literal) and value.desc == STRING_DESC and bool(UNASSERTABLE.search(str(value.value)))


def probe(case: TestCase, original: HarnessResult, prober: Prober) -> TestCase:
    """`case` with what its runs agree on: values for objects and earlier calls of the class under
    test, the observers' answers; an unstable value or message is no longer asserted."""
    run = _Probe(case, original, prober)
    if any(result.error or result.failure for result in run.runs):
        return dataclasses.replace(case, written=tuple(_console_written(case, original, [], run.at)))
    last = len(case.program) - 1
    expectation = case.expectation
    if isinstance(expectation, Throws) and expectation.message is not None and not run.message_stable(last):
        expectation = dataclasses.replace(expectation, message=None)
    elif isinstance(expectation, (Returns, ReturnsObject)):
        stated = run.stated(run.at[last], case.program[last].result_desc, last)
        if stated is not None:
            expectation = stated
        elif isinstance(expectation, Returns):
            expectation = Completes()  # the runs disagree: the call is made, its value not asserted
    raised = tuple((index, thrown if thrown.message is None or run.message_stable(index)
                    else dataclasses.replace(thrown, message=None)) for index, thrown in case.raised)
    values = []
    raised_at = dict(case.raised)
    for index, statement in enumerate(case.program[:-1]):
        if isinstance(statement, Invoke) and in_family(statement.owner, prober.class_name) \
                and statement.result_desc != "V" and index not in raised_at:
            stated = run.stated(run.at[index], statement.result_desc, index)
            if stated is not None:
                values.append((index, stated))
    observations = []
    for receiver, (owner, name, desc), args, position in run.observed:
        stated = run.stated(position, run.statements[position].result_desc)
        if stated is not None:
            observations.append(Observation(receiver, owner, name, desc, stated, args))
    return dataclasses.replace(case, expectation=expectation, raised=raised, values=tuple(values),
                               observations=tuple(observations),
                               written=(*_console_written(case, original, run.runs, run.at), *run.written()))


def probe_suite(suite: TestSuite, originals: list[HarnessResult], prober: Prober,
                max_observations: int = MAX_OBSERVATIONS, deadline: float = math.inf) -> TestSuite:
    """Every test probed (`originals`: the search's runs of their programs, in the suite's order),
    then the observations that do not pay pruned to `max_observations` per test. The tests on trial
    are probed last; past `deadline` a test not probed keeps what its search run showed, or, on
    trial (kept only for what it shows), is left out."""
    assert len(originals) == len(suite.tests)
    probed: dict[int, TestCase] = {}
    for position in sorted(range(len(suite.tests)), key=lambda position: suite.tests[position].on_trial):
        if time.monotonic() >= deadline:
            break
        found = probe(suite.tests[position], originals[position], prober)
        if time.monotonic() >= deadline:  # its runs may have been cut short
            break
        probed[position] = found
    kept = tuple(probed.get(position, case) for position, case in enumerate(suite.tests)
                 if position in probed or not case.on_trial)
    return dataclasses.replace(suite, tests=prune(kept, max_observations))
