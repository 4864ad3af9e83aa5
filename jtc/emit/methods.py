"""One test method as the test class's template writes it: a plain test, or a parameterized test
over the cases of a fold (folding.py), its values from a @CsvSource or a @MethodSource."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from jtc.emit.folding import ARG, EXPECTATION, MESSAGE, RAISED, VALUE, WRITTEN, Fold, Slot, SlotValue, shape
from jtc.emit.hidden import hidden_ways_comment
from jtc.emit.imports import TypeNames
from jtc.emit.literals import csv_value, java_literal
from jtc.emit.method_names import outcome_words
from jtc.emit.naming import LocalNames, simple_class_name, upper_first, variable_base
from jtc.emit.statements import RESERVED_LOCALS, TestBody
from jtc.emit.variables import declared_parameter_names
from jtc.model.classindex import ClassIndex
from jtc.model.program import ArrayLiteral, Construct, Invoke, Literal, Null, Statement
from jtc.model.testcases import CheckKey, TestCase, TestSuite, Throws
from jtc.model.types import (
    Descriptor, InternalName, PRIMITIVE_NAMES, STRING_DESC, binary_name, element_type, innermost_element,
    internal_name, is_primitive)

TEST_ANNOTATION = InternalName("org/junit/jupiter/api/Test")
DISABLED_ANNOTATION = InternalName("org/junit/jupiter/api/Disabled")
PARAMETERIZED_TEST = InternalName("org/junit/jupiter/params/ParameterizedTest")
CSV_SOURCE = InternalName("org/junit/jupiter/params/provider/CsvSource")
METHOD_SOURCE = InternalName("org/junit/jupiter/params/provider/MethodSource")
ARGUMENTS = InternalName("org/junit/jupiter/params/provider/Arguments")
STREAM = InternalName("java/util/stream/Stream")
PARAMETERIZED_CLASSES = (PARAMETERIZED_TEST, CSV_SOURCE, METHOD_SOURCE, ARGUMENTS, STREAM)
# A slot's parameter without a declared name is named after its type.
_TYPE_PARAMETER_NAMES = {STRING_DESC: "text", "Z": "flag", "C": "character", "D": "number", "F": "number",
                         "I": "number", "J": "number", "S": "number", "B": "number"}


@dataclass(frozen=True)
class MethodView:
    """A test method, as the template writes it."""

    name: str
    cases: tuple[int, ...]  # suite positions: one, or the cases of a parameterized test in source order
    comment: tuple[str, ...]  # the lines of the comment above it (hidden.py)
    parameters: str  # the parameter list
    throws: bool
    body: tuple[str, ...]
    checks: tuple[tuple[int, CheckKey], ...]  # (body line, check)
    made: frozenset[CheckKey]  # checks whose line also makes the call they check
    disabled: str | None = None  # why a plain test is @Disabled
    display_name: str | None = None  # a parameterized test's name pattern; None for a plain test
    csv_rows: tuple[str, ...] = ()  # the rows of a parameterized test's @CsvSource
    provider_rows: tuple[str, ...] = ()  # else each row's arguments, in its @MethodSource method
    selector_types: str | None = None  # a parameterized test's parameter types, as a JUnit selector names them
    captures_first: bool = False  # its first lines capture the console: no set-up to share

    @property
    def provider(self) -> str | None:
        """The name of its @MethodSource method, when it has one."""
        return f"{self.name}Cases" if self.provider_rows else None


def plain_view(name: str, position: int, case: TestCase, names: TypeNames, index: ClassIndex,
               package: str, release: int) -> tuple[MethodView, set[InternalName]]:
    """The method of one test, and the classes it spells."""
    body = TestBody(case, names, index, package, release)
    lines, checks = body.lines()
    reflective = any(statement.reflective for statement in case.program)
    spelled = {*body.spelling.spelled, TEST_ANNOTATION}
    if case.disabled_reason:  # a likely bug's reproduction, a reported outcome: documented without failing the suite
        spelled.add(DISABLED_ANNOTATION)
    view = MethodView(name, (position,), tuple(hidden_ways_comment([case], index)), "",
                      case.throws_checked or reflective, tuple(lines), tuple(checks.items()),
                      frozenset(body.assertions.made), disabled=case.disabled_reason or None,
                      captures_first=body.captures_first)
    return view, spelled


def parameterized_view(name: str, group: Fold, suite: TestSuite, names: TypeNames, index: ClassIndex,
                       package: str, release: int) -> tuple[MethodView, set[InternalName]]:
    """One test for the cases of `group`: the first case's statements with the varying slots as
    parameters, their values from a @CsvSource, or a @MethodSource where CSV cannot carry them."""
    cases = [suite.tests[position] for position in group.cases]
    representative = cases[0]
    slot_values = [shape(case)[1] for case in cases]
    parameters = _slot_parameters(group.varying, representative, index)
    body = TestBody(representative, names, index, package, release, parameters)
    lines, checks = body.lines()
    descs = [slot_values[0][slot].desc for slot in group.varying]
    signature = ", ".join(f"{body.spelling.spell(desc)} {parameters[slot]}" for slot, desc in zip(group.varying, descs))
    rows = [[csv_value(values[slot]) for slot in group.varying] for values in slot_values]
    spelled = {*body.spelling.spelled, PARAMETERIZED_TEST}
    csv_rows: tuple[str, ...] = ()
    provider_rows: tuple[str, ...] = ()
    # A row that is one null alone would be an empty line, which CSV does not carry.
    if all(text is not None for row in rows for text in row) and all(row != [""] for row in rows):
        csv_rows = tuple(", ".join(row) for row in rows)  # type: ignore[arg-type]
        spelled.add(CSV_SOURCE)
    else:
        provider_rows = tuple(", ".join(source_value(values[slot], len(group.varying) == 1) for slot in group.varying)
                              for values in slot_values)
        spelled.update({METHOD_SOURCE, STREAM, ARGUMENTS})
    reflective = any(statement.reflective for statement in representative.program)
    view = MethodView(name, group.cases, tuple(hidden_ways_comment(cases, index)), signature,
                      representative.throws_checked or reflective, tuple(lines), tuple(checks.items()),
                      frozenset(body.assertions.made), display_name=_display_name(representative, group.varying, body),
                      csv_rows=csv_rows, provider_rows=provider_rows,
                      selector_types=", ".join(_selector_type(desc) for desc in descs),
                      captures_first=body.captures_first)
    return view, spelled


def source_value(value: SlotValue, alone: bool) -> str:
    """A value in a @MethodSource's Arguments.of: an array of references, or a null `alone` in its
    row, cast to Object, so that varargs takes it as one argument (`Arguments.of(null)` is a null
    array of arguments)."""
    text = java_literal(value)
    spread = (alone and isinstance(value, Null)) or (isinstance(value, ArrayLiteral) and not is_primitive(element_type(value.desc)))
    return f"(Object) {text}" if spread else text


def _selector_type(desc: Descriptor) -> str:
    """A parameter type as JUnit's method selector writes it: 'int', 'java.lang.String', 'int[]'."""
    element = innermost_element(desc)
    base = PRIMITIVE_NAMES[element] if is_primitive(element) else binary_name(internal_name(element))
    return base + "[]" * (len(desc) - len(element))


def _slot_parameters(varying: Sequence[Slot], case: TestCase, index: ClassIndex) -> dict[Slot, str]:
    """Parameter names: the callee's parameter for an argument (`day`; `containsValue` when an
    earlier call's parameter is `value` too), `expected` for the value
    the call returns, `message` for an exception's message, `expectedOutput` for printed text,
    `expected` and the observer or local for other stated values."""
    taken = LocalNames(RESERVED_LOCALS)
    names: dict[Slot, str] = {}
    for slot in varying:
        if slot.place == ARG:
            statement = case.program[slot.index]
            declared = declared_parameter_names(index, statement)
            desc = statement.args[slot.position].desc
            base = declared[slot.position] if declared else _TYPE_PARAMETER_NAMES.get(desc, "value")
            if base in names.values() and isinstance(statement, Invoke):  # the second `value`: `containsValue`
                base = statement.name + upper_first(base)
        elif slot.place == EXPECTATION:
            base = "expected"
        elif slot.place in (MESSAGE, RAISED):
            base = "message"
        elif slot.place == VALUE:
            base = "expected" + upper_first(variable_base(case.program[slot.index]))
        elif slot.place == WRITTEN:
            base = "expectedOutput"
        else:
            observer = case.observations[slot.index]
            base = "expected" + upper_first(variable_base(observer.read(None)))
        names[slot] = taken.allocate(base)
    return names


def _display_name(case: TestCase, varying: Sequence[Slot], body: TestBody) -> str:
    """JUnit's display name pattern of a parameterized test: `name({0}) returns {1}`, and the
    earlier calls that take parameters: `contains({1}) returns {2} after insert({0})`."""
    placeholder = {slot: f"{{{position}}}" for position, slot in enumerate(varying)}
    last_index = len(case.program) - 1
    last = case.program[last_index]
    expectation = case.expectation
    if isinstance(expectation, Throws):
        outcome = f"throws {simple_class_name(expectation.exception) or 'an exception'}"
        if Slot(MESSAGE) in placeholder:
            outcome += f": {placeholder[Slot(MESSAGE)]}"
    elif Slot(EXPECTATION) in placeholder:
        outcome = f"returns {placeholder[Slot(EXPECTATION)]}"
    else:
        outcome = _message_format_text(outcome_words(expectation, isinstance(last, Construct), last.result_desc,
                                                     case.prints))
    earlier = sorted({slot.index for slot in varying if slot.place == ARG and slot.index != last_index})
    calls = [_display_call(case.program[index], index, placeholder, body) for index in earlier]
    return f"{_display_call(last, last_index, placeholder, body)} {outcome}" \
        + (f" after {', '.join(calls)}" if calls else "")


def _display_call(statement: Statement, index: int, placeholder: Mapping[Slot, str], body: TestBody) -> str:
    """`insert({0})`: a call as a display name shows it, its parameters as placeholders."""
    shown = []
    variables = body.expressions.variables
    skip = 1 if body.expressions.constructs_inner(statement) else 0
    for position, value in enumerate(statement.args[skip:], start=skip):
        slot = Slot(ARG, index, position)
        if slot in placeholder:
            shown.append(placeholder[slot])
        elif isinstance(value, (Literal, Null, ArrayLiteral)):
            shown.append(_message_format_text(java_literal(value)))
        else:
            variable = variables[value.index][0] if value.index in variables else ""
            shown.append(variable if variable.isidentifier() else "…")
    member = f"new {simple_class_name(statement.owner)}" if isinstance(statement, Construct) else statement.name
    return f"{member}({', '.join(shown)})"


def _message_format_text(text: str) -> str:
    """Literal text in a JUnit display name pattern (java.text.MessageFormat): quotes doubled, braces quoted."""
    return text.replace("'", "''").replace("{", "'{'").replace("}", "'}'")
