"""Arithmetic, bitwise, shift, conversion and comparison instructions.

Each operation is a pair (concrete function, term function). Concrete operands take the fast path
and never touch z3; a symbolic operand makes a Sym carrying both results. Integer division and
remainder are explicit decisions on the divisor (architecture decision 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable


from jtc.svm import concrete as jc
from jtc.svm import path, terms
from jtc.svm.values import TOP, CmpSym, Sym, concrete, term_of

if TYPE_CHECKING:
    from jtc.svm.frames import Frame
    from jtc.svm.machine import Machine

Op = tuple[Callable, Callable]

INT_OPS: dict[int, Op] = {
    96: (lambda a, b: jc.i32(a + b), lambda a, b: a + b),
    100: (lambda a, b: jc.i32(a - b), lambda a, b: a - b),
    104: (lambda a, b: jc.i32(a * b), lambda a, b: a * b),
    126: (lambda a, b: a & b, lambda a, b: a & b),
    128: (lambda a, b: a | b, lambda a, b: a | b),
    130: (lambda a, b: a ^ b, lambda a, b: a ^ b),
    120: (jc.ishl, lambda a, b: terms.shl(a, b, 32)),
    122: (jc.ishr, lambda a, b: terms.shr(a, b, 32)),
    124: (jc.iushr, lambda a, b: terms.ushr(a, b, 32)),
}
LONG_OPS: dict[int, Op] = {
    97: (lambda a, b: jc.i64(a + b), lambda a, b: a + b),
    101: (lambda a, b: jc.i64(a - b), lambda a, b: a - b),
    105: (lambda a, b: jc.i64(a * b), lambda a, b: a * b),
    127: (lambda a, b: a & b, lambda a, b: a & b),
    129: (lambda a, b: a | b, lambda a, b: a | b),
    131: (lambda a, b: a ^ b, lambda a, b: a ^ b),
}
LONG_SHIFTS: dict[int, Op] = {
    121: (jc.lshl, lambda a, b: terms.shl(a, b, 64)),
    123: (jc.lshr, lambda a, b: terms.shr(a, b, 64)),
    125: (jc.lushr, lambda a, b: terms.ushr(a, b, 64)),
}
FLOAT_OPS: dict[int, Op] = {
    98: (lambda a, b: jc.f32(a + b), terms.fadd),
    102: (lambda a, b: jc.f32(a - b), terms.fsub),
    106: (lambda a, b: jc.f32(a * b), terms.fmul),
    110: (lambda a, b: jc.f32(jc.fdiv_double(a, b)), terms.fdiv),
    114: (lambda a, b: jc.f32(jc.frem_double(a, b)), terms.frem),
}
DOUBLE_OPS: dict[int, Op] = {
    99: (lambda a, b: a + b, terms.fadd),
    103: (lambda a, b: a - b, terms.fsub),
    107: (lambda a, b: a * b, terms.fmul),
    111: (jc.fdiv_double, terms.fdiv),
    115: (jc.frem_double, terms.frem),
}
# Integer division: (concrete, term, JVM kind).
DIVISIONS: dict[int, tuple[Callable, Callable, str]] = {
    108: (jc.idiv, terms.div, "I"), 112: (jc.irem, terms.rem, "I"),
    109: (jc.ldiv, terms.div, "J"), 113: (jc.lrem, terms.rem, "J"),
}
# Conversions: (source kind, target kind, concrete, term).
CONVERSIONS: dict[int, tuple[str, str, Callable, Callable]] = {
    133: ("I", "J", lambda a: a, terms.i2l),
    134: ("I", "F", jc.int_to_float32, lambda a: terms.int_to_fp(a, terms.FLOAT)),
    135: ("I", "D", float, lambda a: terms.int_to_fp(a, terms.DOUBLE)),
    136: ("J", "I", jc.i32, terms.l2i),
    137: ("J", "F", jc.int_to_float32, lambda a: terms.int_to_fp(a, terms.FLOAT)),
    138: ("J", "D", float, lambda a: terms.int_to_fp(a, terms.DOUBLE)),
    139: ("F", "I", lambda a: jc.float_to_int(a, jc.INT_MIN, jc.INT_MAX), lambda a: terms.fp_to_int(a, terms.FLOAT, 32)),
    140: ("F", "J", lambda a: jc.float_to_int(a, jc.LONG_MIN, jc.LONG_MAX), lambda a: terms.fp_to_int(a, terms.FLOAT, 64)),
    141: ("F", "D", lambda a: a, lambda a: terms.fp_to_fp(a, terms.DOUBLE)),
    142: ("D", "I", lambda a: jc.float_to_int(a, jc.INT_MIN, jc.INT_MAX), lambda a: terms.fp_to_int(a, terms.DOUBLE, 32)),
    143: ("D", "J", lambda a: jc.float_to_int(a, jc.LONG_MIN, jc.LONG_MAX), lambda a: terms.fp_to_int(a, terms.DOUBLE, 64)),
    144: ("D", "F", jc.f32, lambda a: terms.fp_to_fp(a, terms.FLOAT)),
    145: ("I", "I", jc.i2b, terms.i2b),
    146: ("I", "I", jc.i2c, terms.i2c),
    147: ("I", "I", jc.i2s, terms.i2s),
}
NEGATIONS: dict[int, tuple[str, Callable, Callable]] = {
    116: ("I", lambda a: jc.i32(-a), lambda a: -a),
    117: ("J", lambda a: jc.i64(-a), lambda a: -a),
    118: ("F", lambda a: -a, terms.fneg),
    119: ("D", lambda a: -a, terms.fneg),
}
# Comparisons pushing -1/0/1: (kind, result for NaN operands).
COMPARES: dict[int, tuple[str, int]] = {148: ("J", 0), 149: ("F", -1), 150: ("F", 1), 151: ("D", -1), 152: ("D", 1)}


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
