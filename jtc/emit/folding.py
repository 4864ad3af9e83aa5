"""Which tests fold into one parameterized test: those of identical shape.

Two tests have the same shape when they run the same statements on the same objects and state the
same kinds of facts, differing only in literal inputs and stated values (`Weekday.name(1)` returns
"Monday", `Weekday.name(2)` returns "Tuesday"). Each such literal is a *slot*; three or more tests
of one shape become one `@ParameterizedTest` whose parameters are the slots that differ among them.
Everything here works on the model (TestCase), before any Java is written, and is deterministic.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Union

from jtc.emit.literals import LARGE_TEXT, is_large
from jtc.model.program import ArrayLiteral, Construct, FieldStore, Invoke, Literal, NewArray, NewCollection, Null, Value
from jtc.model.types import STRING_DESC
from jtc.model.testcases import (Expectation, Returns, ReturnsBoxed, ReturnsText, Stated, TestCase, Throws)

MINIMUM_FOLD = 3  # fewer tests of one shape read better apart
MAXIMUM_PARAMETERS = 4  # a table of more columns than that no longer reads as "the same test, other values"

# Where a slot sits, in the order its parameter comes in the test method's signature.
ARG, RAISED, VALUE, EXPECTATION, MESSAGE, OBSERVED, WRITTEN = range(7)

SlotValue = Union[Literal, Null, ArrayLiteral]


@dataclass(frozen=True, order=True)
class Slot:
    """A literal of a test: argument `position` of statement `index` (ARG), the message of statement
    `index`'s exception (RAISED), its asserted value (VALUE), the last statement's value (EXPECTATION)
    or exception message (MESSAGE), the `index`-th observer answer (OBSERVED), or the text of the
    `index`-th output (WRITTEN)."""

    place: int
    index: int = -1
    position: int = 0


@dataclass(frozen=True)
class _Hole:
    """A slot in a shape: only its type is part of the shape."""

    desc: str


@dataclass(frozen=True)
class Fold:
    """Tests of one shape (suite positions, in suite order) and the slots whose values differ."""

    cases: tuple[int, ...]
    varying: tuple[Slot, ...]


def _hole(value: Value) -> _Hole | None:
    if isinstance(value, (Literal, ArrayLiteral)):
        return _Hole(value.desc)
    if isinstance(value, Null) and value.desc == STRING_DESC:
        return _Hole(STRING_DESC)
    return None


def _stated_slot(stated: Stated | Expectation) -> tuple[Hashable, SlotValue | None]:
    """The shape of a stated value and its literal, when it has one (a large one stays in its test:
    it is stated by its hash, not as a parameter)."""
    if isinstance(stated, (Returns, ReturnsBoxed)) and not is_large(stated.value):
        hole = _hole(stated.value)
        if hole is not None:
            return (type(stated).__name__, hole), stated.value
    if isinstance(stated, ReturnsText) and len(stated.text) <= LARGE_TEXT:
        return ("text", stated.class_name, _Hole(STRING_DESC)), Literal(STRING_DESC, stated.text)
    return stated, None


def shape(case: TestCase) -> tuple[Hashable, dict[Slot, SlotValue]]:
    """What the test looks like with its literals taken out, and those literals by slot."""
    slots: dict[Slot, SlotValue] = {}
    statements: list[Hashable] = []
    for index, statement in enumerate(case.program):
        foldable = isinstance(statement, (Construct, Invoke, FieldStore, NewArray, NewCollection)) \
            and not statement.reflective
        args: list[Hashable] = []
        for position, value in enumerate(statement.args):
            hole = _hole(value) if foldable else None
            if hole is not None:
                slots[Slot(ARG, index, position)] = value  # type: ignore[assignment]
            args.append(hole or value)
        statements.append((dataclasses.replace(statement, args=()), tuple(args)))
    raised: list[Hashable] = []
    for index, thrown in case.raised:
        if thrown.message is not None:
            slots[Slot(RAISED, index)] = Literal(STRING_DESC, thrown.message)
        raised.append((index, thrown.exception, thrown.message is not None))
    values: list[Hashable] = []
    for index, stated in case.values:
        form, literal = _stated_slot(stated)
        if literal is not None:
            slots[Slot(VALUE, index)] = literal
        values.append((index, form))
    expectation = case.expectation
    if isinstance(expectation, Throws):
        if expectation.message is not None:
            slots[Slot(MESSAGE)] = Literal(STRING_DESC, expectation.message)
        outcome: Hashable = ("throws", expectation.exception, expectation.message is not None)
    else:
        outcome, literal = _stated_slot(expectation)
        if literal is not None:
            slots[Slot(EXPECTATION)] = literal
    observed: list[Hashable] = []
    for position, observation in enumerate(case.observations):
        form, literal = _stated_slot(observation.value)
        if literal is not None:
            slots[Slot(OBSERVED, position)] = literal
        observed.append((observation.receiver, observation.owner, observation.name, observation.desc, observation.args,
                         form))
    written: list[Hashable] = []
    for position, output in enumerate(case.written):
        form = None
        if output.text is not None:
            form, literal = _stated_slot(Returns(Literal(STRING_DESC, output.text)))
            if literal is not None:
                slots[Slot(WRITTEN, position)] = literal
        written.append((output.target, output.since, form))
    key = (tuple(statements), tuple(raised), tuple(values), outcome, tuple(observed), tuple(written),
           case.throws_checked)
    return key, slots


def same_value(values: Sequence[SlotValue]) -> bool:
    """Whether the literals are one value; by their text, so that -0.0 and 0.0 differ and NaN is NaN."""
    return len({repr(value) for value in values}) == 1


def folds(cases: Sequence[TestCase], minimum: int = MINIMUM_FOLD, apart: Collection[int] = ()) -> list[Fold]:
    """The groups of at least `minimum` tests of one shape that differ in some slot (and in at most
    MAXIMUM_PARAMETERS), by first test; the tests at positions `apart` are left out."""
    by_shape: dict[Hashable, list[int]] = {}
    slots_of: dict[int, dict[Slot, SlotValue]] = {}
    for position, case in enumerate(cases):
        if position in apart or case.loop:  # a loop's steps are no slots
            continue
        key, slots_of[position] = shape(case)
        by_shape.setdefault(key, []).append(position)
    found = [fold for members in by_shape.values() for fold in _folded(members, slots_of, minimum)]
    return sorted(found, key=lambda fold: fold.cases[0])


def _folded(members: list[int], slots_of: dict[int, dict[Slot, SlotValue]], minimum: int,
            depth: int = 2) -> list[Fold]:
    """The tests of one shape as one fold; when more than MAXIMUM_PARAMETERS slots differ, the
    groups that agree on one of those slots, folded the same way (formats made with an escape
    character `'0'`, each printing another text, beside those made with `'1'`: the set-up's value
    and the values it shows are the same within a group). The slot chosen is the one whose groups
    fold the most tests, the earliest of ties; `depth` bounds the splitting."""
    if len(members) < minimum:
        return []
    varying = tuple(slot for slot in sorted(slots_of[members[0]])
                    if not same_value([slots_of[member][slot] for member in members]))
    if 0 < len(varying) <= MAXIMUM_PARAMETERS:
        return [Fold(tuple(members), varying)]
    if not varying or depth == 0:
        return []
    best: list[Fold] = []
    for slot in varying:
        groups: dict[str, list[int]] = {}
        for member in members:
            groups.setdefault(repr(slots_of[member][slot]), []).append(member)
        folded = [fold for group in groups.values() for fold in _folded(group, slots_of, minimum, depth - 1)]
        if sum(len(fold.cases) for fold in folded) > sum(len(fold.cases) for fold in best):
            best = folded
    return best
