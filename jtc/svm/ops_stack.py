"""Constants, local variables, operand-stack shuffles, iinc and goto.

Longs and doubles take two slots (value then TOP) in locals and on the stack, exactly as in the
JVM, so the dup/pop family can work on raw slots without knowing types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING


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
    """iconst_m1..iconst_5 (value is opcode - 3), bipush, sipush."""
    op = ins[1]
    f.stack.append(ins[2] if op in (16, 17) else op - 3)
    f.pc += 1


def push_wide_const(vm: Machine, f: Frame, ins: tuple) -> None:
    """lconst_0/1 and dconst_0/1."""
    op = ins[1]
    f.stack.append(op - 9 if op <= 10 else float(op - 14))
    f.stack.append(TOP)
    f.pc += 1


def fconst(vm: Machine, f: Frame, ins: tuple) -> None:
    f.stack.append(float(ins[1] - 11))
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
    0: nop, 1: aconst_null,
    **{op: push_int for op in range(2, 9)}, 16: push_int, 17: push_int,
    9: push_wide_const, 10: push_wide_const, 14: push_wide_const, 15: push_wide_const,
    11: fconst, 12: fconst, 13: fconst,
    18: ldc,
    21: load, 23: load, 25: load, 22: load_wide, 24: load_wide,
    54: store, 56: store, 58: store, 55: store_wide, 57: store_wide,
    132: iinc,
    87: pop, 88: pop2, 89: dup, 90: dup_x1, 91: dup_x2, 92: dup2, 93: dup2_x1, 94: dup2_x2, 95: swap,
    167: goto, 200: goto,
}
