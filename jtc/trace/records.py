"""Record tags and the sequential reader of one execution's trace (docs/trace-format.md §3).

The trace is a flat list of Python ints; a record is a header plus `count` payload entries. The
reader never interprets payloads: the symbolic VM knows what each instruction's record carries.
"""

from __future__ import annotations

from dataclasses import dataclass

FORMAT_VERSION = 1

ENTER = 1
BRANCH = 2
SWITCH = 3
FIELD = 4
ARRAY = 5
LENGTH = 6
VALUE = 7
DONE = 8
CHECK = 9
NEWARRAY = 10
HANDLER = 11
READY = 12
STMT = 20
STMT_END = 21

TAG_NAMES = {
    ENTER: "ENTER", BRANCH: "BRANCH", SWITCH: "SWITCH", FIELD: "FIELD", ARRAY: "ARRAY",
    LENGTH: "LENGTH", VALUE: "VALUE", DONE: "DONE", CHECK: "CHECK", NEWARRAY: "NEWARRAY",
    HANDLER: "HANDLER", READY: "READY", STMT: "STMT", STMT_END: "STMT_END",
}

UNINITIALIZED_THIS = -1  # FIELD payload for a putfield on `this` before the super constructor call


@dataclass(frozen=True)
class Record:
    tag: int
    method_id: int
    index: int
    payload: tuple[int, ...]

    def __str__(self) -> str:
        return f"{TAG_NAMES.get(self.tag, self.tag)} m{self.method_id}#{self.index} {list(self.payload)}"


def split_header(header: int) -> tuple[int, int, int, int]:
    """(tag, count, insn index, method id) of a header long."""
    return header & 0xFF, (header >> 8) & 0xFF, (header >> 16) & 0xFFFF, header >> 32


class TraceReader:
    """Walks the records in order; `peek` never consumes, `take` consumes exactly one record."""

    __slots__ = ("data", "pos", "end")

    def __init__(self, data: list[int]) -> None:
        self.data = data
        self.pos = 0
        self.end = len(data)

    @property
    def at_end(self) -> bool:
        return self.pos >= self.end

    def peek(self) -> Record | None:
        if self.pos >= self.end:
            return None
        tag, count, index, method_id = split_header(self.data[self.pos])
        start = self.pos + 1
        return Record(tag, method_id, index, tuple(self.data[start:start + count]))

    def take(self) -> Record:
        record = self.peek()
        if record is None:
            raise IndexError("trace exhausted")
        self.pos += 1 + len(record.payload)
        return record

    def remaining(self) -> int:
        return self.end - self.pos


def decode_all(data: list[int]) -> list[Record]:
    """Every record of a trace, for debugging and tests."""
    reader, records = TraceReader(data), []
    while not reader.at_end:
        records.append(reader.take())
    return records
