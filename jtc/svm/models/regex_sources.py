"""Which pattern a `Pattern` object from a static field holds, read from the class's bytecode.

`private static final Pattern P = Pattern.compile("…")` is the usual way to keep a pattern, and a
static initialiser runs unrecorded (the agent suspends the trace there: it takes no input), so the
VM never sees that compile call. Its code is in the class table, though: `ldc "…"`, the flags if
any, `invokestatic Pattern.compile`, `putstatic P`. A matcher's receiver that a `getstatic P` just
before the call pushed (the argument loaded in between) is that pattern.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from jtc.model.opcodes import (ALOAD, BIPUSH, CHECKCAST, GETFIELD, GETSTATIC, ICONST_5, ICONST_M1, INVOKEINTERFACE,
                               INVOKESTATIC, INVOKEVIRTUAL, LDC, PUTSTATIC, SIPUSH)
from jtc.model.types import InternalName, object_desc

if TYPE_CHECKING:
    from jtc.model.classtable import Instruction, MethodInfo
    from jtc.model.repository import ClassRepository
    from jtc.svm.frames import Frame

PATTERN = InternalName("java/util/regex/Pattern")
_BY_INITIALISER: weakref.WeakKeyDictionary[MethodInfo, dict[str, tuple[str, int]]] = weakref.WeakKeyDictionary()


def _int_constant(instruction: Instruction) -> int | None:
    if ICONST_M1 <= instruction.opcode <= ICONST_5:
        return instruction.opcode - ICONST_M1 - 1  # iconst_m1 is -1
    if instruction.opcode in (BIPUSH, SIPUSH):
        return int(instruction.operands[0])
    constant = instruction.constant
    return int(constant.value) if constant is not None and constant.kind == "I" else None


def _compiled_fields(initialiser: MethodInfo) -> dict[str, tuple[str, int]]:
    """The static fields the initialiser stores `Pattern.compile(constant[, constant flags])` in."""
    found: dict[str, tuple[str, int]] = {}
    code = initialiser.instructions
    for index, instruction in enumerate(code):
        if instruction.opcode != PUTSTATIC or index < 2 or code[index - 1].opcode != INVOKESTATIC \
                or code[index - 1].operands[:2] != (PATTERN, "compile"):
            continue
        with_flags = code[index - 1].operands[2] == "(Ljava/lang/String;I)Ljava/util/regex/Pattern;"
        flags = _int_constant(code[index - 2]) if with_flags else 0
        loaded = index - (3 if with_flags else 2)
        regex = code[loaded].constant if loaded >= 0 else None
        if flags is not None and regex is not None and regex.kind == "S":
            found[instruction.operands[1]] = (regex.value, flags)
    return found


def static_pattern(repository: ClassRepository, owner: str, field: str) -> tuple[str, int] | None:
    """The pattern and flags `owner`'s static initialiser compiles into `field`."""
    info = repository.get(owner)
    initialiser = info.method("<clinit>", "()V") if info is not None else None
    if initialiser is None:
        return None
    found = _BY_INITIALISER.get(initialiser)
    if found is None:
        found = _BY_INITIALISER[initialiser] = _compiled_fields(initialiser)
    return found.get(field)


# Instructions that leave one more value (+1) or as many (0) on the stack, as arguments are loaded.
_PUSHES = {ALOAD: 1, GETSTATIC: 1, LDC: 1, GETFIELD: 0, CHECKCAST: 0}


def receiver_field(frame: Frame, arguments: int) -> tuple[str, str] | None:
    """The static field (owner, name) whose `getstatic` pushed the receiver of the call at the
    frame's pc, when the code between it and the call only loaded the `arguments`."""
    code = frame.method.instructions
    depth, index = 0, frame.pc - 1
    while index >= 0 and depth < arguments:
        instruction = code[index]
        if instruction.opcode in _PUSHES:
            depth += _PUSHES[instruction.opcode]
        elif instruction.opcode in (INVOKEVIRTUAL, INVOKEINTERFACE) and instruction.operands[2].startswith("()L"):
            pass  # a getter of the argument (s.trim(), text.toString())
        else:
            return None
        index -= 1
    if index < 0 or depth != arguments or code[index].opcode != GETSTATIC:
        return None
    owner, name, desc = code[index].operands[:3]
    return (owner, name) if desc == object_desc(PATTERN) else None
