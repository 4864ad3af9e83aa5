"""Constants, local variables, operand-stack shuffles, iinc and goto.

Longs and doubles take two slots (value then TOP) in locals and on the stack, exactly as in the
JVM, so the dup/pop family can work on raw slots without knowing types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jtc.model.opcodes import (ACONST_NULL, ALOAD, ASTORE, BIPUSH, DCONST_0, DCONST_1, DLOAD, DSTORE, DUP, DUP2, DUP2_X1,
                               DUP2_X2, DUP_X1, DUP_X2, FCONST_0, FCONST_1, FCONST_2, FLOAD, FSTORE, GOTO, ICONST_0,
                               ICONST_5, ICONST_M1, IINC, ILOAD, ISTORE, LCONST_0, LCONST_1, LDC, LLOAD, LSTORE, NOP,
                               POP, POP2, SIPUSH, SWAP)
from jtc.svm import concrete as jc
from jtc.svm import terms
from jtc.svm.heap import NULL
from jtc.svm.values import TOP, Ref, StringShadow, Sym

if TYPE_CHECKING:
    from jtc.svm.frames import Frame
    from jtc.svm.machine import Machine


def nop(vm: Machine, f: Frame, ins: tuple) -> None:
    f.pc += 1


def aconst_null(vm: Machine, f: Frame, ins: tuple) -> None:
    f.stack.append(NULL)
    f.pc += 1


def push_int(vm: Machine, f: Frame, ins: tuple) -> None:
    """iconst_m1..iconst_5, bipush, sipush."""
    op = ins[1]
    f.stack.append(ins[2] if op in (BIPUSH, SIPUSH) else op - ICONST_0)
    f.pc += 1


def push_wide_const(vm: Machine, f: Frame, ins: tuple) -> None:
    """lconst_0/1 and dconst_0/1."""
    op = ins[1]
    f.stack.append(op - LCONST_0 if op <= LCONST_1 else float(op - DCONST_0))
    f.stack.append(TOP)
    f.pc += 1


def fconst(vm: Machine, f: Frame, ins: tuple) -> None:
    f.stack.append(float(ins[1] - FCONST_0))
    f.pc += 1


def ldc(vm: Machine, f: Frame, ins: tuple) -> None:
    kind, value = ins[2], ins[3]
    stack = f.stack
    if kind == "I":
        stack.append(value)
    elif kind == "F":
        stack.append(jc.float_from_bits(value))
    elif kind == "J":
        stack.extend((value, TOP))
    elif kind == "D":
        stack.extend((jc.double_from_bits(value), TOP))
    elif kind == "S":
        stack.append(Ref(None, string=StringShadow(terms.string(value), value, len(value))))
    else:  # class literal, method type, handle: an object the VM never looks into
        stack.append(Ref(None))
    f.pc += 1


def load(vm: Machine, f: Frame, ins: tuple) -> None:
    f.stack.append(f.locals[ins[2]])
    f.pc += 1


def load_wide(vm: Machine, f: Frame, ins: tuple) -> None:
    f.stack.extend((f.locals[ins[2]], TOP))
    f.pc += 1


def store(vm: Machine, f: Frame, ins: tuple) -> None:
    f.locals[ins[2]] = f.stack.pop()
    f.pc += 1


def store_wide(vm: Machine, f: Frame, ins: tuple) -> None:
    stack = f.stack
    stack.pop()
    index = ins[2]
    f.locals[index] = stack.pop()
    f.locals[index + 1] = TOP
    f.pc += 1


def iinc(vm: Machine, f: Frame, ins: tuple) -> None:
    index, delta = ins[2], ins[3]
    value = f.locals[index]
    if isinstance(value, Sym):
        f.locals[index] = Sym(jc.i32(value.c + delta), value.t + delta)
    else:
        f.locals[index] = jc.i32(value + delta)
    f.pc += 1


def pop(vm: Machine, f: Frame, ins: tuple) -> None:
    f.stack.pop()
    f.pc += 1


def pop2(vm: Machine, f: Frame, ins: tuple) -> None:
    del f.stack[-2:]
    f.pc += 1


def dup(vm: Machine, f: Frame, ins: tuple) -> None:
    f.stack.append(f.stack[-1])
    f.pc += 1


def dup_x1(vm: Machine, f: Frame, ins: tuple) -> None:
    s = f.stack
    s.insert(len(s) - 2, s[-1])
    f.pc += 1


def dup_x2(vm: Machine, f: Frame, ins: tuple) -> None:
    s = f.stack
    s.insert(len(s) - 3, s[-1])
    f.pc += 1


def dup2(vm: Machine, f: Frame, ins: tuple) -> None:
    s = f.stack
    s.extend(s[-2:])
    f.pc += 1


def dup2_x1(vm: Machine, f: Frame, ins: tuple) -> None:
    s = f.stack
    top_two = s[-2:]
    s[len(s) - 3:len(s) - 3] = top_two
    f.pc += 1


def dup2_x2(vm: Machine, f: Frame, ins: tuple) -> None:
    s = f.stack
    top_two = s[-2:]
    s[len(s) - 4:len(s) - 4] = top_two
    f.pc += 1


def swap(vm: Machine, f: Frame, ins: tuple) -> None:
    s = f.stack
    s[-1], s[-2] = s[-2], s[-1]
    f.pc += 1


def goto(vm: Machine, f: Frame, ins: tuple) -> None:
    f.pc = ins[2]


HANDLERS = {
    NOP: nop, ACONST_NULL: aconst_null,
    **{op: push_int for op in range(ICONST_M1, ICONST_5 + 1)}, BIPUSH: push_int, SIPUSH: push_int,
    LCONST_0: push_wide_const, LCONST_1: push_wide_const, DCONST_0: push_wide_const, DCONST_1: push_wide_const,
    FCONST_0: fconst, FCONST_1: fconst, FCONST_2: fconst,
    LDC: ldc,
    ILOAD: load, FLOAD: load, ALOAD: load, LLOAD: load_wide, DLOAD: load_wide,
    ISTORE: store, FSTORE: store, ASTORE: store, LSTORE: store_wide, DSTORE: store_wide,
    IINC: iinc,
    POP: pop, POP2: pop2, DUP: dup, DUP_X1: dup_x1, DUP_X2: dup_x2, DUP2: dup2, DUP2_X1: dup2_x1, DUP2_X2: dup2_x2,
    SWAP: swap,
    GOTO: goto,
}
