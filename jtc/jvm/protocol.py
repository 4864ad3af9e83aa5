"""Text encoding of programs for the Java harness and decoding of its answers (docs/trace-format.md §5-6).

Values cross the boundary exactly: floats by their bits, strings as UTF-16 code units in hex.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from jtc.model.program import (ArrayLiteral, Construct, FieldLoad, FieldStore, Invoke, Literal, NewArray, NewCollection,
                               Null, PrimitiveValue, Program, StatementStatus, Stub, Value, VarRef)
from jtc.model.types import BinaryName, Descriptor, OBJECT_DESC, STRING_DESC, array_desc
from jtc.svm.concrete import double_bits, double_from_bits, float_bits, float_from_bits

ABORT_NONE, ABORT_BUDGET, ABORT_TIMEOUT, ABORT_EXIT = 0, 1, 2, 3


def _utf16_hex(text: str) -> str:
    units = text.encode("utf-16-be", "surrogatepass")
    return units.hex()


def _from_utf16_hex(hex_units: str) -> str:
    return bytes.fromhex(hex_units).decode("utf-16-be", "surrogatepass")


def _scalar(desc: str, value: PrimitiveValue | str | None) -> str:
    """One primitive or String element without its type prefix."""
    if value is None:
        return "N"
    if isinstance(value, str):
        return _utf16_hex(value)
    if desc == "Z":
        return "1" if value else "0"
    if desc == "F":
        return str(float_bits(value))
    if desc == "D":
        return str(double_bits(value))
    return str(int(value))


def _array_element(desc: str, value: PrimitiveValue | str | None) -> str:
    """An element of an array token: an empty String is `E` (its hex is empty, and `AT:` alone is
    the empty array)."""
    return "E" if value == "" and desc == STRING_DESC else _scalar(desc, value)


def encode_value(value: Value) -> str:
    if isinstance(value, VarRef):
        return f"v{value.index}"
    if isinstance(value, Null):
        return "N"
    if isinstance(value, Literal):
        prefix = "T" if value.desc == STRING_DESC else value.desc
        return f"{prefix}:{_scalar(value.desc, value.value)}"
    if isinstance(value, ArrayLiteral):
        element = value.desc[1:]
        prefix = "T" if element == STRING_DESC else element
        return f"A{prefix}:" + ",".join(_array_element(element, e) for e in value.elements)
    raise TypeError(f"cannot encode {value!r}")


def encode_program(program: Program) -> str:
    lines = []
    for statement in program:
        args = " ".join(encode_value(a) for a in statement.args)
        if isinstance(statement, Construct):
            line = f"new {statement.owner} {statement.desc}"
        elif isinstance(statement, Invoke):
            receiver = "_" if statement.receiver is None else f"v{statement.receiver.index}"
            line = f"call {statement.owner} {statement.name} {statement.desc} {receiver}"
        elif isinstance(statement, FieldStore):
            line = f"putstatic {statement.owner} {statement.name} {statement.desc}" if statement.receiver is None \
                else f"putfield {statement.owner} {statement.name} {statement.desc} v{statement.receiver.index}"
        elif isinstance(statement, NewArray):
            line = f"array {statement.desc}"
        elif isinstance(statement, FieldLoad):
            line = f"getstatic {statement.owner} {statement.name} {statement.desc}" if statement.receiver is None \
                else f"getfield {statement.owner} {statement.name} {statement.desc} v{statement.receiver.index}"
        elif isinstance(statement, NewCollection):
            line = f"collection {statement.owner}"
        elif isinstance(statement, Stub):
            answered = ",".join(answer.key for answer in statement.answered) or "-"
            line = f"stub {statement.owner} {statement.desc or '-'} {answered}"
        else:
            raise TypeError(f"cannot encode statement {statement!r}")
        lines.append(f"{line} {args}" if args else line)
    return "\n".join(lines)


@dataclass(frozen=True)
class ObjectValue:
    """A returned object that has no literal form: its class and trace id."""

    class_name: BinaryName
    object_id: int


@dataclass(frozen=True)
class Void:
    pass


ReturnedValue = Literal | ArrayLiteral | Null | ObjectValue | Void


def _decode_scalar(desc: str, token: str) -> PrimitiveValue | str | None:
    if token == "N":
        return None
    if desc == "Z":
        return token == "1"
    if desc == "F":
        return float_from_bits(int(token))
    if desc == "D":
        return double_from_bits(int(token))
    if desc == STRING_DESC:
        return "" if token == "E" else _from_utf16_hex(token)  # "E": an empty element of a String array
    return int(token)


def decode_returned(token: str) -> ReturnedValue:
    """A value token of the harness result (§6) as a Python value."""
    if token == "V":
        return Void()
    if token == "N":
        return Null(OBJECT_DESC)
    kind, _, rest = token.partition(":")
    if kind == "O":
        name, _, object_id = rest.rpartition("#")
        return ObjectValue(BinaryName(name), int(object_id))
    if kind.startswith("A"):
        element = STRING_DESC if kind[1:] == "T" else Descriptor(kind[1:])
        items = tuple(_decode_scalar(element, t) for t in rest.split(",")) if rest else ()
        return ArrayLiteral(array_desc(element), items)
    desc = STRING_DESC if kind == "T" else Descriptor(kind)
    value = _decode_scalar(desc, rest)
    assert value is not None, f"null scalar in {token!r}"  # a null value is the token "N" itself
    return Literal(desc, value)


class FailureKind(Enum):
    TIMEOUT = "timeout"  # no answer within the harness's watchdog and a grace after it: the worker was killed
    DEADLINE = "deadline"  # the end of the search came first: nothing the code under test did
    CRASH = "crash"  # the worker process died (System.exit in library code, a native crash, an exhausted heap)


@dataclass(frozen=True)
class WorkerFailure:
    """Why a run has no answer of the worker: callers decide by `kind`, users read `str()`."""

    kind: FailureKind
    detail: str = ""  # for a crash, how the process ended

    def __str__(self) -> str:
        return f"{self.kind.value}: {self.detail}" if self.detail else self.kind.value


@dataclass
class HarnessResult:
    """One execution as the worker reports it (plain Python data: it crosses a process boundary)."""

    trace: list[int]
    executed: int
    status: list[StatementStatus]
    values: list[str | None]
    messages: list[str | None]
    throw_sites: list[str | None]
    abort: int
    exit_status: int
    error: str | None
    new_tables: list[str]
    nanos: int
    generation: int = 0
    failure: WorkerFailure | None = None  # set by the supervisor when the worker did not answer
    seconds: dict[str, float] = field(default_factory=dict)  # where the wall time went (jvm, transfer)
    # Per statement that threw: its stack from the top frame to the statement's call, one site a line.
    throw_stacks: list[str | None] = field(default_factory=list)
    # Per statement: what it printed to System.out and to System.err, None when nothing (the harness
    # captures both while a program runs).
    out: list[str | None] = field(default_factory=list)
    err: list[str | None] = field(default_factory=list)

    @property
    def failure_kind(self) -> FailureKind | None:
        return None if self.failure is None else self.failure.kind

    @staticmethod
    def failed(failure: WorkerFailure, generation: int) -> HarnessResult:
        return HarnessResult([], 0, [], [], [], [], ABORT_NONE, 0, None, [], 0, generation, failure)
