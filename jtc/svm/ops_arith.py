"""Arithmetic, bitwise, shift, conversion and comparison instructions.

Each operation is a pair (concrete function, term function). Concrete operands take the fast path
and never touch z3; a symbolic operand makes a Sym carrying both results. Integer division and
remainder are explicit decisions on the divisor (architecture decision 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from jtc.model.opcodes import (D2F, D2I, D2L, DADD, DCMPG, DCMPL, DDIV, DMUL, DNEG, DREM, DSUB, F2D, F2I, F2L, FADD,
                               FCMPG, FCMPL, FDIV, FMUL, FNEG, FREM, FSUB, I2B, I2C, I2D, I2F, I2L, I2S, IADD, IAND,
                               IDIV, IMUL, INEG, IOR, IREM, ISHL, ISHR, ISUB, IUSHR, IXOR, L2D, L2F, L2I, LADD, LAND,
                               LCMP, LDIV, LMUL, LNEG, LOR, LREM, LSHL, LSHR, LSUB, LUSHR, LXOR)
from jtc.svm import concrete as jc
from jtc.svm import path, terms
from jtc.svm.values import TOP, CmpSym, Sym, concrete, term_of

if TYPE_CHECKING:
    from jtc.svm.frames import Frame
    from jtc.svm.machine import Machine

Op = tuple[Callable, Callable]

INT_OPS: dict[int, Op] = {
    IADD: (lambda a, b: jc.i32(a + b), lambda a, b: a + b),
    ISUB: (lambda a, b: jc.i32(a - b), lambda a, b: a - b),
    IMUL: (lambda a, b: jc.i32(a * b), lambda a, b: a * b),
    IAND: (lambda a, b: a & b, lambda a, b: a & b),
    IOR: (lambda a, b: a | b, lambda a, b: a | b),
    IXOR: (lambda a, b: a ^ b, lambda a, b: a ^ b),
    ISHL: (jc.ishl, lambda a, b: terms.shl(a, b, 32)),
    ISHR: (jc.ishr, lambda a, b: terms.shr(a, b, 32)),
    IUSHR: (jc.iushr, lambda a, b: terms.ushr(a, b, 32)),
}
LONG_OPS: dict[int, Op] = {
    LADD: (lambda a, b: jc.i64(a + b), lambda a, b: a + b),
    LSUB: (lambda a, b: jc.i64(a - b), lambda a, b: a - b),
    LMUL: (lambda a, b: jc.i64(a * b), lambda a, b: a * b),
    LAND: (lambda a, b: a & b, lambda a, b: a & b),
    LOR: (lambda a, b: a | b, lambda a, b: a | b),
    LXOR: (lambda a, b: a ^ b, lambda a, b: a ^ b),
}
LONG_SHIFTS: dict[int, Op] = {
    LSHL: (jc.lshl, lambda a, b: terms.shl(a, b, 64)),
    LSHR: (jc.lshr, lambda a, b: terms.shr(a, b, 64)),
    LUSHR: (jc.lushr, lambda a, b: terms.ushr(a, b, 64)),
}
FLOAT_OPS: dict[int, Op] = {
    FADD: (lambda a, b: jc.f32(a + b), terms.fadd),
    FSUB: (lambda a, b: jc.f32(a - b), terms.fsub),
    FMUL: (lambda a, b: jc.f32(a * b), terms.fmul),
    FDIV: (lambda a, b: jc.f32(jc.fdiv_double(a, b)), terms.fdiv),
    FREM: (lambda a, b: jc.f32(jc.frem_double(a, b)), terms.frem),
}
DOUBLE_OPS: dict[int, Op] = {
    DADD: (lambda a, b: a + b, terms.fadd),
    DSUB: (lambda a, b: a - b, terms.fsub),
    DMUL: (lambda a, b: a * b, terms.fmul),
    DDIV: (jc.fdiv_double, terms.fdiv),
    DREM: (jc.frem_double, terms.frem),
}
# Integer division: (concrete, term, JVM kind).
DIVISIONS: dict[int, tuple[Callable, Callable, str]] = {
    IDIV: (jc.idiv, terms.div, "I"), IREM: (jc.irem, terms.rem, "I"),
    LDIV: (jc.ldiv, terms.div, "J"), LREM: (jc.lrem, terms.rem, "J"),
}
# Conversions: (source kind, target kind, concrete, term).
CONVERSIONS: dict[int, tuple[str, str, Callable, Callable]] = {
    I2L: ("I", "J", lambda a: a, terms.i2l),
    I2F: ("I", "F", jc.int_to_float32, lambda a: terms.int_to_fp(a, terms.FLOAT)),
    I2D: ("I", "D", float, lambda a: terms.int_to_fp(a, terms.DOUBLE)),
    L2I: ("J", "I", jc.i32, terms.l2i),
    L2F: ("J", "F", jc.int_to_float32, lambda a: terms.int_to_fp(a, terms.FLOAT)),
    L2D: ("J", "D", float, lambda a: terms.int_to_fp(a, terms.DOUBLE)),
    F2I: ("F", "I", lambda a: jc.float_to_int(a, jc.INT_MIN, jc.INT_MAX), lambda a: terms.fp_to_int(a, terms.FLOAT, 32)),
    F2L: ("F", "J", lambda a: jc.float_to_int(a, jc.LONG_MIN, jc.LONG_MAX), lambda a: terms.fp_to_int(a, terms.FLOAT, 64)),
    F2D: ("F", "D", lambda a: a, lambda a: terms.fp_to_fp(a, terms.DOUBLE)),
    D2I: ("D", "I", lambda a: jc.float_to_int(a, jc.INT_MIN, jc.INT_MAX), lambda a: terms.fp_to_int(a, terms.DOUBLE, 32)),
    D2L: ("D", "J", lambda a: jc.float_to_int(a, jc.LONG_MIN, jc.LONG_MAX), lambda a: terms.fp_to_int(a, terms.DOUBLE, 64)),
    D2F: ("D", "F", jc.f32, lambda a: terms.fp_to_fp(a, terms.FLOAT)),
    I2B: ("I", "I", jc.i2b, terms.i2b),
    I2C: ("I", "I", jc.i2c, terms.i2c),
    I2S: ("I", "I", jc.i2s, terms.i2s),
}
NEGATIONS: dict[int, tuple[str, Callable, Callable]] = {
    INEG: ("I", lambda a: jc.i32(-a), lambda a: -a),
    LNEG: ("J", lambda a: jc.i64(-a), lambda a: -a),
    FNEG: ("F", lambda a: -a, terms.fneg),
    DNEG: ("D", lambda a: -a, terms.fneg),
}
# Comparisons pushing -1/0/1: (kind, result for NaN operands).
COMPARES: dict[int, tuple[str, int]] = {
    LCMP: ("J", 0), FCMPL: ("F", -1), FCMPG: ("F", 1), DCMPL: ("D", -1), DCMPG: ("D", 1),
}


def int_binary(vm: Machine, f: Frame, ins: tuple) -> None:
    stack = f.stack
    b = stack.pop()
    a = stack.pop()
    compute, build = INT_OPS[ins[1]]
    if type(a) is int and type(b) is int:
        stack.append(compute(a, b))
    else:
        stack.append(Sym(compute(concrete(a), concrete(b)), build(term_of(a, "I"), term_of(b, "I"))))
    f.pc += 1


def _wide_binary(f: Frame, ops: dict[int, Op], op: int, kind: str) -> None:
    stack = f.stack
    stack.pop()
    b = stack.pop()
    stack.pop()
    a = stack.pop()
    compute, build = ops[op]
    if isinstance(a, Sym) or isinstance(b, Sym):
        stack.append(Sym(compute(concrete(a), concrete(b)), build(term_of(a, kind), term_of(b, kind))))
    else:
        stack.append(compute(a, b))
    stack.append(TOP)
    f.pc += 1


def long_binary(vm: Machine, f: Frame, ins: tuple) -> None:
    _wide_binary(f, LONG_OPS, ins[1], "J")


def double_binary(vm: Machine, f: Frame, ins: tuple) -> None:
    _wide_binary(f, DOUBLE_OPS, ins[1], "D")


def float_binary(vm: Machine, f: Frame, ins: tuple) -> None:
    stack = f.stack
    b = stack.pop()
    a = stack.pop()
    compute, build = FLOAT_OPS[ins[1]]
    if isinstance(a, Sym) or isinstance(b, Sym):
        stack.append(Sym(compute(concrete(a), concrete(b)), build(term_of(a, "F"), term_of(b, "F"))))
    else:
        stack.append(compute(a, b))
    f.pc += 1


def long_shift(vm: Machine, f: Frame, ins: tuple) -> None:
    stack = f.stack
    b = stack.pop()  # the distance is an int
    stack.pop()
    a = stack.pop()
    compute, build = LONG_SHIFTS[ins[1]]
    if isinstance(a, Sym) or isinstance(b, Sym):
        stack.append(Sym(compute(concrete(a), concrete(b)), build(term_of(a, "J"), term_of(b, "I"))))
    else:
        stack.append(compute(a, b))
    stack.append(TOP)
    f.pc += 1


def divide(vm: Machine, f: Frame, ins: tuple) -> None:
    compute, build, kind = DIVISIONS[ins[1]]
    stack = f.stack
    wide = kind == "J"
    if wide:
        stack.pop()
    b = stack.pop()
    if wide:
        stack.pop()
    a = stack.pop()
    divisor = concrete(b)
    if isinstance(b, Sym):
        vm.choose(f, path.DecisionKind.DIV_ZERO, ("zero", "nonzero"), b.t == 0, divisor == 0)
    if divisor == 0:
        vm.throw(f)
        return
    if isinstance(a, Sym) or isinstance(b, Sym):
        stack.append(Sym(compute(concrete(a), divisor), build(term_of(a, kind), term_of(b, kind))))
    else:
        stack.append(compute(a, b))
    if wide:
        stack.append(TOP)
    f.pc += 1


def negate(vm: Machine, f: Frame, ins: tuple) -> None:
    kind, compute, build = NEGATIONS[ins[1]]
    stack = f.stack
    wide = kind in "JD"
    if wide:
        stack.pop()
    a = stack.pop()
    stack.append(Sym(compute(a.c), build(a.t)) if isinstance(a, Sym) else compute(a))
    if wide:
        stack.append(TOP)
    f.pc += 1


def convert(vm: Machine, f: Frame, ins: tuple) -> None:
    source, target, compute, build = CONVERSIONS[ins[1]]
    stack = f.stack
    if source in "JD":
        stack.pop()
    a = stack.pop()
    stack.append(Sym(compute(a.c), build(a.t)) if isinstance(a, Sym) else compute(a))
    if target in "JD":
        stack.append(TOP)
    f.pc += 1


def compare(vm: Machine, f: Frame, ins: tuple) -> None:
    kind, nan_result = COMPARES[ins[1]]
    stack = f.stack
    wide = kind in "JD"
    if wide:
        stack.pop()
    b = stack.pop()
    if wide:
        stack.pop()
    a = stack.pop()
    if kind == "J":
        result = jc.lcmp(int(concrete(a)), int(concrete(b)))
    else:
        result = jc.fcmp(concrete(a), concrete(b), nan_result)
    if isinstance(a, Sym) or isinstance(b, Sym):
        ta, tb = term_of(a, kind), term_of(b, kind)
        term = terms.cmp3(ta > tb, ta < tb) if kind == "J" else terms.fp_compare(ta, tb, nan_result)
        stack.append(CmpSym(result, term, kind, ta, tb, nan_result))
    else:
        stack.append(result)
    f.pc += 1


HANDLERS = {
    **{op: int_binary for op in INT_OPS},
    **{op: long_binary for op in LONG_OPS},
    **{op: long_shift for op in LONG_SHIFTS},
    **{op: float_binary for op in FLOAT_OPS},
    **{op: double_binary for op in DOUBLE_OPS},
    **{op: divide for op in DIVISIONS},
    **{op: negate for op in NEGATIONS},
    **{op: convert for op in CONVERSIONS},
    **{op: compare for op in COMPARES},
}
