"""The body of one test method: its statements in order, as locals named after their types (values
made only to be passed are written where they are passed, variables.py), a seeded loop where the
test makes its calls by one (loops.py), the call under test asserted as it is made (assertions.py),
then the text written to in-memory writers and the observers' answers; the console captured and
static fields put back around it all (isolation.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from jtc.emit.arguments import Arguments
from jtc.emit.assertions import Assertions
from jtc.emit.expressions import Expressions
from jtc.emit.folding import OBSERVED, RAISED, VALUE, WRITTEN, Slot
from jtc.emit.imports import TypeNames, top_level
from jtc.emit.isolation import CAPTURING_CLASSES, capture_start, capturing_console, restoring_statics
from jtc.emit.loops import RANDOM, seeded_loop
from jtc.emit.naming import LocalNames
from jtc.emit.spelling import Spelling, generic_classes
from jtc.emit.variables import LocalPlan, sinks_written
from jtc.model.classindex import ClassIndex, has_stable_name
from jtc.model.program import FieldLoad, Literal, NewArray, NewCollection, VarRef
from jtc.model.testcases import CheckKey, Console, Returns, ReturnsConstant, ReturnsObject, TestCase, Throws
from jtc.model.types import Descriptor, InternalName, STRING_DESC, class_of, internal_from_binary, internal_name

RESERVED_LOCALS = ("result", "exception")


def mentioned_classes(case: TestCase) -> Iterator[InternalName]:
    """Internal names a test may spell: owners, declared types, thrown and returned classes."""
    descs: list[Descriptor] = []
    for statement in case.program:
        if not isinstance(statement, NewArray):
            yield statement.owner
        if isinstance(statement, NewCollection):
            yield from (InternalName("java/util/List"), InternalName("java/util/Arrays"))
            yield from generic_classes(statement.signature)
        descs.extend(statement.param_descs)
        descs.append(statement.result_desc)
    expectation = case.expectation
    runtime_classes = [raised.exception for _, raised in case.raised]
    if isinstance(expectation, (Throws, ReturnsObject)):
        runtime_classes.append(expectation.exception if isinstance(expectation, Throws) else expectation.class_name)
    stated = [expectation, *(value for _, value in case.values), *(o.value for o in case.observations)]
    runtime_classes.extend(s.class_name for s in stated if isinstance(s, ReturnsConstant))
    for runtime_class in map(internal_from_binary, runtime_classes):
        if has_stable_name(runtime_class):
            yield runtime_class
    if any(isinstance(written.target, Console) for written in case.written):
        yield from CAPTURING_CLASSES
    if case.loop is not None:
        yield RANDOM
    for desc in descs:
        named = class_of(desc)
        if named is not None:
            yield named


class TestBody:
    """Renders the body of one test; records which classes it spelled, for import attribution."""

    def __init__(self, case: TestCase, names: TypeNames, index: ClassIndex, package: str, release: int,
                 parameters: Mapping[Slot, str] | None = None) -> None:
        """`release`: the Java release the test is compiled for (javac.release_for_tests); `parameters`
        names the slots that are parameters of a parameterized test."""
        self.case = case
        self.plan = LocalPlan(case, index)
        self.spelling = Spelling(names, index, package)
        reserved = {*RESERVED_LOCALS, *(parameters or {}).values(),
                    *(top.split("/")[0] for top in map(top_level, mentioned_classes(case)))}
        self.local_names = LocalNames(reserved)
        self.expressions = Expressions(Arguments(self.spelling, parameters or {}), self.local_names, release)
        self.assertions = Assertions(self.expressions, case, self.plan.uses)
        self.captures_first = False  # the body starts by capturing the console

    def lines(self) -> tuple[list[str], dict[int, CheckKey]]:
        """The lines of the test method, and which of them are checks it can give up (by line)."""
        lines: list[str] = []
        checks: dict[int, CheckKey] = {}
        starts = self._statements(lines, checks)  # the first line of each statement
        self.assertions.last_call(lines, checks)
        for position, sink, text in sinks_written(self.case):
            lines.append(self.assertions.state(Returns(Literal(STRING_DESC, text)), STRING_DESC,
                                               f"{self.expressions.variables[sink][0]}.toString()",
                                               Slot(WRITTEN, position)))
            checks[len(lines) - 1] = ("written", position)
        for position, observation in enumerate(self.case.observations):
            receiver = VarRef(observation.receiver, self.case.program[observation.receiver].result_desc)
            call = observation.read(receiver)
            lines.append(self.assertions.state(observation.value, self.spelling.declared_type(call.result_desc),
                                               self.expressions.call(call), Slot(OBSERVED, position)))
            checks[len(lines) - 1] = ("observed", position)
        start = capture_start(self.case, starts)
        if start is not None:
            lines, checks = capturing_console(lines, checks, start, self.assertions)
        self.captures_first = start == 0
        return restoring_statics(lines, checks, self.assertions)

    def _statements(self, lines: list[str], checks: dict[int, CheckKey]) -> list[int]:
        """The statements before the call under test, added to `lines` (their checks to `checks`);
        the first line of each, and the line after them."""
        program = self.case.program
        raised = dict(self.case.raised)
        values = dict(self.case.values)
        call, spelling, assertions = self.expressions.call, self.spelling, self.assertions
        local_bases = self.plan.bases()
        starts: list[int] = []
        loop = self.case.loop
        for index, statement in enumerate(program[:-1]):
            starts.append(len(lines))
            if loop is not None and loop.start <= index < loop.end:  # the loop makes these calls
                if index == loop.start:
                    lines.extend(seeded_loop(loop, self.expressions))
                continue
            if index in raised:
                lines.extend(assertions.throws(call(statement, discarded=True, index=index), raised[index],
                                               self.local_names.allocate("exception"), Slot(RAISED, index)))
                if raised[index].message is not None:
                    checks[len(lines) - 1] = ("raised", index)
                continue
            expression = call(statement, index=index)
            declared = spelling.declared_type(statement.result_desc)
            if index in values and self.plan.uses[index] == 1 and declared == statement.result_desc:
                lines.append(assertions.state(values[index], declared, expression, Slot(VALUE, index)))  # asserted only
                checks[len(lines) - 1] = ("value", index)
                assertions.made.add(("value", index))
            elif self.plan.inlined(index):
                self.expressions.variables[index] = (expression, declared)  # written where used
            elif index in self.plan.referenced:
                if statement.result_desc == "V":
                    raise ValueError(f"statement {index} returns nothing but a later one uses its result")
                name = self.local_names.allocate(local_bases[index])
                self.expressions.variables[index] = (name, declared)
                lines.extend(f"{spelling.spell_generic(declared, self.plan.generic(index))} {name} = {expression};"
                             .split("\n"))
                if isinstance(statement, NewCollection) and statement.is_map:
                    lines.extend(self.expressions.map_puts(statement, name, index))
                if index in values:
                    lines.append(assertions.state(values[index], declared, name, Slot(VALUE, index)))
                    checks[len(lines) - 1] = ("value", index)
            elif not isinstance(statement, (NewArray, FieldLoad)):  # no statement in Java, and nothing to run
                lines.extend(f"{expression};".split("\n"))
        starts.append(len(lines))
        return starts
