"""Record tags and headers of one execution's trace (docs/trace-format.md §3).

The trace is a flat list of Python ints; a record is a header plus `count` payload entries. The
symbolic VM reads it in place: it knows what each instruction's record carries.
"""

from __future__ import annotations

FORMAT_VERSION = 2

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
ARGS = 22

TAG_NAMES = {
    ENTER: "ENTER", BRANCH: "BRANCH", SWITCH: "SWITCH", FIELD: "FIELD", ARRAY: "ARRAY",
    LENGTH: "LENGTH", VALUE: "VALUE", DONE: "DONE", CHECK: "CHECK", NEWARRAY: "NEWARRAY",
    HANDLER: "HANDLER", READY: "READY", STMT: "STMT", STMT_END: "STMT_END", ARGS: "ARGS",
}

UNINITIALIZED_THIS = -1  # FIELD payload for a putfield on `this` before the super constructor call


def split_header(header: int) -> tuple[int, int, int, int]:
    """(tag, count, insn index, method id) of a header long."""
    return header & 0xFF, (header >> 8) & 0xFF, (header >> 16) & 0xFFFF, header >> 32
