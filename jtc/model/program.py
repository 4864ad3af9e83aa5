"""Invocation sequences with concrete arguments: what is executed and what a test replays.

A Program is the common currency of the pipeline: the search builds one from solved inputs, the JVM
bridge encodes it for the Java harness, and the emitter renders it as the body of a JUnit test.
Each statement's result is variable `v<index>` for the statements after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from jtc.model.types import parse_method_descriptor

PrimitiveValue = Union[bool, int, float]


@dataclass(frozen=True)
class Literal:
    """A primitive or String constant. Floats hold values exactly representable in `desc`."""

    desc: str
    value: PrimitiveValue | str


@dataclass(frozen=True)
class Null:
    desc: str


@dataclass(frozen=True)
class ArrayLiteral:
    """A one-dimensional array of primitives or Strings, given element by element."""

    desc: str
    elements: tuple[PrimitiveValue | str | None, ...]


@dataclass(frozen=True)
class VarRef:
    """The result of an earlier statement."""

    index: int
    desc: str


Value = Union[Literal, Null, ArrayLiteral, VarRef]


@dataclass(frozen=True)
class Construct:
    """`new Owner(args)`; the owner is an internal name such as 'com/example/Foo'."""

    owner: str
    desc: str
    args: tuple[Value, ...]

    @property
    def result_desc(self) -> str:
        return f"L{self.owner};"


@dataclass(frozen=True)
class Invoke:
    """`receiver.name(args)` or, when receiver is None, the static call `Owner.name(args)`."""

    owner: str
    name: str
    desc: str
    receiver: VarRef | None
    args: tuple[Value, ...]

    @property
    def result_desc(self) -> str:
        return parse_method_descriptor(self.desc)[1]

    @property
    def is_static(self) -> bool:
        return self.receiver is None


Statement = Union[Construct, Invoke]
Program = tuple[Statement, ...]
