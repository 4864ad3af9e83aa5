"""Python view of a class as the agent's class table describes it (docs/trace-format.md §2).

The agent numbers instructions in the same pass that instruments them, so these objects are the
ground truth the symbolic VM walks. Method and class ids are local to one JVM; everything else here
is stable, and one MethodInfo object stands for a method for the whole run (site keys hang on it).
"""

from __future__ import annotations

import functools

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from jtc.model.classfile import MemberFlags
from jtc.model.opcodes import CONDITIONAL_JUMPS, LDC, LOOKUPSWITCH, TABLESWITCH
from jtc.model.types import Descriptor, InternalName, binary_name, parse_method_descriptor
from jtc.trace.records import FORMAT_VERSION


class Constant(NamedTuple):
    """What an ldc loads, in the encoding's terms: kind "S" and the String, "I"/"J" and the number,
    "F"/"D" and the raw bits, "C" and a class descriptor, "O" and a description of anything else."""

    kind: str
    value: Any


class Instruction(NamedTuple):
    """One instruction of a method, decoded from the agent's encoding (docs/trace-format.md §2), for
    the analyses that read code outside the VM. The VM compiles the encoding into handler tuples of
    its own (jtc/svm/dispatch.py) and reads those by position, which is what its hot loop needs."""

    opcode: int
    operands: tuple[Any, ...]  # as the encoding lists them after the opcode

    @property
    def is_conditional_jump(self) -> bool:
        return self.opcode in CONDITIONAL_JUMPS

    @property
    def switch_targets(self) -> frozenset[int]:
        """Where a tableswitch or lookupswitch may go: each case's target and the default."""
        if self.opcode == TABLESWITCH:
            _low, _high, default, targets = self.operands
        elif self.opcode == LOOKUPSWITCH:
            default, _keys, targets = self.operands
        else:
            raise ValueError(f"opcode {self.opcode} is not a switch")
        return frozenset({default, *targets})

    @property
    def constant(self) -> Constant | None:
        """What an ldc loads; None for any other instruction."""
        return Constant(*self.operands) if self.opcode == LDC else None


@dataclass(frozen=True)
class Handler:
    start: int
    end: int  # exclusive
    handler: int
    catch_type: InternalName | None  # None catches everything (finally)


@dataclass(eq=False)
class MethodInfo(MemberFlags):
    owner: InternalName
    name: str
    desc: str
    access: int
    max_locals: int
    instrumented: bool
    code: list[list[Any]]  # the agent's encoding, which the VM compiles; `instructions` decodes it
    lines: list[int]
    handlers: list[Handler]
    param_names: list[str] | None
    exceptions: tuple[InternalName, ...] = ()  # the throws clause
    params: tuple[Descriptor, ...] = field(init=False)
    returns: Descriptor = field(init=False)

    def __post_init__(self) -> None:
        self.params, self.returns = parse_method_descriptor(self.desc)

    @cached_property
    def instructions(self) -> tuple[Instruction, ...]:
        return tuple(Instruction(entry[0], tuple(entry[1:])) for entry in self.code)

    @property
    def is_constructor(self) -> bool:
        return self.name == "<init>"

    @property
    def is_initializer(self) -> bool:
        return self.name == "<clinit>"

    @property
    def qualified_name(self) -> str:
        return f"{binary_name(self.owner)}.{self.name}{self.desc}"

    def line_of(self, index: int) -> int:
        return self.lines[index] if 0 <= index < len(self.lines) else -1

    def __repr__(self) -> str:
        return f"<method {self.qualified_name}>"


@dataclass(frozen=True)
class FieldInfo(MemberFlags):
    name: str
    desc: Descriptor
    access: int


@dataclass(eq=False)
class ClassInfo:
    name: InternalName
    major: int
    access: int
    super_name: InternalName | None
    interfaces: tuple[InternalName, ...]
    source: str | None
    outer: InternalName | None
    inner_access: int | None
    fields: tuple[FieldInfo, ...]
    methods: tuple[MethodInfo, ...]

    def method(self, name: str, desc: str) -> MethodInfo | None:
        return self._methods.get((name, desc))

    @functools.cached_property
    def _methods(self) -> dict[tuple[str, str], MethodInfo]:
        """By name and descriptor (the analysis asks a class about its methods a million times)."""
        return {(method.name, method.desc): method for method in reversed(self.methods)}


@dataclass(frozen=True)
class ParsedTable:
    """A class table with the JVM-local ids that map trace headers to methods."""

    info: ClassInfo
    class_id: int
    method_ids: tuple[int, ...]  # parallel to info.methods


def parse_class_table(text: str) -> ParsedTable:
    data = json.loads(text)
    if data.get("format") != FORMAT_VERSION:
        raise ValueError(f"class table format {data.get('format')}, expected {FORMAT_VERSION}: the agent jar does "
                         f"not match this jtc")
    name = data["name"]
    methods = tuple(
        MethodInfo(
            owner=name, name=m["name"], desc=m["desc"], access=m["access"], max_locals=m["maxLocals"],
            instrumented=m["instrumented"], code=m["code"], lines=m["lines"],
            handlers=[Handler(h[0], h[1], h[2], h[3]) for h in m["handlers"]],
            param_names=m.get("params"), exceptions=tuple(m.get("exceptions", ())),
        )
        for m in data["methods"]
    )
    info = ClassInfo(
        name=name, major=data["major"], access=data["access"], super_name=data.get("super"),
        interfaces=tuple(data.get("interfaces", ())), source=data.get("source"), outer=data.get("outer"),
        inner_access=data.get("innerAccess"),
        fields=tuple(FieldInfo(f["name"], f["desc"], f["access"]) for f in data["fields"]),
        methods=methods,
    )
    return ParsedTable(info=info, class_id=data["classId"], method_ids=tuple(m["id"] for m in data["methods"]))
