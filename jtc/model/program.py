"""Invocation sequences with concrete arguments: what is executed and what a test replays.

A Program is the common currency of the pipeline: the search builds one from solved inputs, the JVM
bridge encodes it for the Java harness, and the emitter renders it as the body of a JUnit test.
Each statement's result is variable `v<index>` for the statements after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Union

from jtc.model.signatures import GenericType
from jtc.model.types import Descriptor, InternalName, element_type, internal_name, object_desc, parse_method_descriptor

PrimitiveValue = Union[bool, int, float]


@dataclass(frozen=True)
class Literal:
    """A primitive or String constant. Floats hold values exactly representable in `desc`."""

    desc: Descriptor
    value: PrimitiveValue | str


@dataclass(frozen=True)
class Null:
    desc: Descriptor


@dataclass(frozen=True)
class ArrayLiteral:
    """A one-dimensional array of primitives or Strings, given element by element."""

    desc: Descriptor
    elements: tuple[PrimitiveValue | str | None, ...]


@dataclass(frozen=True)
class VarRef:
    """The result of an earlier statement."""

    index: int
    desc: Descriptor


Value = Union[Literal, Null, ArrayLiteral, VarRef]


@dataclass(frozen=True)
class Construct:
    """`new Owner(args)`; the owner is an internal name such as 'com/example/Foo'.

    `reflective` members (private ones, on request) are reached through reflection, in the harness
    and in the emitted test alike; the same holds for Invoke and FieldStore."""

    owner: InternalName
    desc: str
    args: tuple[Value, ...]
    reflective: bool = False

    name = "<init>"

    @property
    def result_desc(self) -> Descriptor:
        return object_desc(self.owner)

    @property
    def param_descs(self) -> tuple[Descriptor, ...]:
        return parse_method_descriptor(self.desc)[0]


@dataclass(frozen=True)
class Invoke:
    """`receiver.name(args)` or, when receiver is None, the static call `Owner.name(args)`."""

    owner: InternalName
    name: str
    desc: str
    receiver: VarRef | None
    args: tuple[Value, ...]
    reflective: bool = False
    returns: Descriptor | None = None  # the result's type where the descriptor says less (`list.get(0)` of a List<Monster>)

    @property
    def result_desc(self) -> Descriptor:
        return self.returns or parse_method_descriptor(self.desc)[1]

    @property
    def param_descs(self) -> tuple[Descriptor, ...]:
        return parse_method_descriptor(self.desc)[0]

    @property
    def is_static(self) -> bool:
        return self.receiver is None


@dataclass(frozen=True)
class FieldStore:
    """`receiver.name = value`, or `Owner.name = value` when receiver is None; `args` is (value,)."""

    owner: InternalName
    name: str
    desc: Descriptor  # the field's type
    receiver: VarRef | None
    args: tuple[Value, ...]
    reflective: bool = False

    result_desc = Descriptor("V")

    @property
    def param_descs(self) -> tuple[Descriptor, ...]:
        return (self.desc,)

    @property
    def is_static(self) -> bool:
        return self.receiver is None


@dataclass(frozen=True)
class NewArray:
    """`new T[] {args...}`: an array of any element type (arrays of arrays for more dimensions)."""

    desc: Descriptor  # the array type
    args: tuple[Value, ...]  # the elements

    name = "<array>"
    reflective = False

    @property
    def owner(self) -> InternalName:
        return internal_name(self.desc)

    @property
    def result_desc(self) -> Descriptor:
        return self.desc

    @property
    def param_descs(self) -> tuple[Descriptor, ...]:
        return (element_type(self.desc),) * len(self.args)


@dataclass(frozen=True)
class FieldLoad:
    """`Owner.name`, a static field's value (an enum constant, a shared instance), or, when there is
    a receiver, `receiver.name`: an instance field a test reads to state an object without getters."""

    owner: InternalName
    name: str
    desc: Descriptor  # the field's type
    receiver: VarRef | None = None

    args: tuple[Value, ...] = ()
    reflective = False

    @property
    def result_desc(self) -> Descriptor:
        return self.desc

    @property
    def param_descs(self) -> tuple[Descriptor, ...]:
        return ()

    @property
    def is_static(self) -> bool:
        return self.receiver is None


@dataclass(frozen=True)
class NewCollection:
    """A new JDK collection filled from the arguments: `new ArrayList<>(List.of(a, b))`, or a map
    built from key, value pairs. `desc` is the type the consumer declares (`Ljava/util/List;`),
    `owner` the class made (`java/util/ArrayList`), `element_descs` the declared element types
    (key and value for a map), `signature` the consumer's generic type, for spelling."""

    owner: InternalName
    desc: Descriptor
    element_descs: tuple[Descriptor, ...]
    args: tuple[Value, ...]
    signature: GenericType | None = None

    name = "<collection>"
    reflective = False

    @property
    def is_map(self) -> bool:
        return len(self.element_descs) == 2

    @property
    def result_desc(self) -> Descriptor:
        return self.desc

    @property
    def param_descs(self) -> tuple[Descriptor, ...]:
        return tuple(self.element_descs[i % len(self.element_descs)] for i in range(len(self.args)))


@dataclass(frozen=True)
class Answer:
    """One abstract method of a stub and what it returns (the same on every call)."""

    name: str
    desc: str

    @property
    def returns(self) -> Descriptor:
        return parse_method_descriptor(self.desc)[1]

    @property
    def key(self) -> str:
        return self.name + self.desc


@dataclass(frozen=True)
class Stub:
    """An instance of a small class the test declares (an anonymous class, or a lambda for a
    functional interface) that extends the abstract class `owner` through the constructor `desc`,
    or implements the interface `owner` (`desc` is ""). `answers` are all the methods it implements;
    `args` are the constructor's arguments, then what each non-void one returns."""

    owner: InternalName
    desc: str
    answers: tuple[Answer, ...]
    args: tuple[Value, ...]

    name = "<stub>"
    reflective = False

    @property
    def is_interface(self) -> bool:
        return not self.desc

    @property
    def answered(self) -> tuple[Answer, ...]:
        """The methods that return something (each takes one argument)."""
        return tuple(answer for answer in self.answers if answer.returns != "V")

    @property
    def result_desc(self) -> Descriptor:
        return object_desc(self.owner)

    @property
    def constructor_params(self) -> tuple[Descriptor, ...]:
        return parse_method_descriptor(self.desc)[0] if self.desc else ()

    @property
    def param_descs(self) -> tuple[Descriptor, ...]:
        return self.constructor_params + tuple(answer.returns for answer in self.answered)


Statement = Union[Construct, Invoke, FieldStore, NewArray, FieldLoad, NewCollection, Stub]
Program = tuple[Statement, ...]


def is_field_desc(desc: str) -> bool:
    """Whether `desc` is a field's type rather than a method's descriptor (`(I)V`)."""
    return not desc.startswith("(")


def state_read(owner: InternalName, name: str, desc: str, receiver: VarRef | None,
               args: tuple[Literal, ...] = ()) -> Invoke | FieldLoad:
    """How a test reads the state of `receiver` by a member `owner.name desc`: the value of a field
    when `desc` is a field's type, else a call with `args` (an observer, a query)."""
    if is_field_desc(desc):
        return FieldLoad(owner, name, Descriptor(desc), receiver)
    return Invoke(owner, name, desc, receiver, args)


class StatementStatus(StrEnum):
    """How one statement of a program ended, as the harness (and the replay) saw it."""

    OK = "ok"
    THREW = "threw"
    ABORT = "abort"  # the run stopped inside it (budget, time limit, System.exit)
    UNFINISHED = "unfinished"  # the replay has not seen it end (only while replaying)
