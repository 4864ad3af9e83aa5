"""Conditional jumps, switches, returns and athrow.

The JVM reports the operands of every conditional jump, so the outcome is the JVM's own; the VM
checks its propagated concrete values against them and, when an operand is symbolic, records the
decision with the condition that selects the outcome taken.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Callable

import z3

from jtc.model.opcodes import (ARETURN, ATHROW, DRETURN, FRETURN, IF_ACMPEQ, IF_ACMPNE, IF_ICMPEQ, IF_ICMPGE, IF_ICMPGT,
                               IF_ICMPLE, IF_ICMPLT, IF_ICMPNE, IFEQ, IFGE, IFGT, IFLE, IFLT, IFNE, IFNONNULL, IFNULL,
                               IRETURN, JSR, LOOKUPSWITCH, LRETURN, RET, RETURN, TABLESWITCH)
from jtc.svm import path, terms
from jtc.svm.diversions import Desync
from jtc.svm.values import CmpSym, CondSym, Primitive, Ref, Sym, concrete, term_of
from jtc.trace import records as rec

if TYPE_CHECKING:
    from jtc.svm.frames import Frame
    from jtc.svm.machine import Machine

# Comparison of `ifXX` (operand against 0) and `if_icmpXX` (two operands), by opcode.
IF_ZERO: dict[int, Callable] = {IFEQ: operator.eq, IFNE: operator.ne, IFLT: operator.lt, IFGE: operator.ge,
                                IFGT: operator.gt, IFLE: operator.le}
IF_CMP: dict[int, Callable] = {IF_ICMPEQ: operator.eq, IF_ICMPNE: operator.ne, IF_ICMPLT: operator.lt,
                               IF_ICMPGE: operator.ge, IF_ICMPGT: operator.gt, IF_ICMPLE: operator.le}


def _cmp_condition(value: CmpSym, test: Callable) -> z3.BoolRef:
    """`ifXX` applied to an lcmp/fcmpX/dcmpX result, as one comparison of the original operands."""
    a, b = value.a, value.b
    if value.kind == "J":
        return test(a, b)
    unordered = z3.Or(z3.fpIsNaN(a), z3.fpIsNaN(b))
    if test is operator.eq:
        return z3.fpEQ(a, b)
    if test is operator.ne:
        return z3.Not(z3.fpEQ(a, b))
    less = z3.Or(unordered, z3.fpLT(a, b)) if value.nan_result < 0 else z3.fpLT(a, b)
    greater = z3.fpGT(a, b) if value.nan_result < 0 else z3.Or(unordered, z3.fpGT(a, b))
    if test is operator.lt:
        return less
    if test is operator.ge:
        return z3.Not(less)
    if test is operator.gt:
        return greater
    return z3.Not(greater)


def _zero_condition(value: Sym, test: Callable) -> z3.BoolRef:
    if isinstance(value, CmpSym):
        return _cmp_condition(value, test)
    if isinstance(value, CondSym) and test in (operator.eq, operator.ne):
        return z3.Not(value.cond) if test is operator.eq else value.cond
    return test(value.t, terms.const("I", 0))


def _check_operand(vm: Machine, f: Frame, value: Primitive, reported: int) -> None:
    if concrete(value) != reported:
        raise Desync(f"{f.method.qualified_name}#{f.pc}: VM has {concrete(value)!r}, JVM compared {reported}")


def _branch(vm: Machine, f: Frame, taken: bool, cond_if_taken: z3.BoolRef | None, target: int) -> None:
    if cond_if_taken is not None:
        vm.choose(f, path.DecisionKind.BRANCH, (True, False), cond_if_taken, taken)
    vm.edge(f, taken)
    f.pc = target if taken else f.pc + 1


def if_zero(vm: Machine, f: Frame, ins: tuple) -> None:
    i = vm.take(f, rec.BRANCH, 1)
    if i < 0:
        return
    value = f.stack.pop()
    reported = vm.data[i]
    _check_operand(vm, f, value, reported)
    test = IF_ZERO[ins[1]]
    taken = test(reported, 0)
    _branch(vm, f, taken, _zero_condition(value, test) if isinstance(value, Sym) else None, ins[2])


def if_compare(vm: Machine, f: Frame, ins: tuple) -> None:
    i = vm.take(f, rec.BRANCH, 2)
    if i < 0:
        return
    stack = f.stack
    b = stack.pop()
    a = stack.pop()
    ra, rb = vm.data[i], vm.data[i + 1]
    _check_operand(vm, f, a, ra)
    _check_operand(vm, f, b, rb)
    test = IF_CMP[ins[1]]
    cond = None
    if isinstance(a, Sym) or isinstance(b, Sym):
        cond = test(term_of(a, "I"), term_of(b, "I"))
    _branch(vm, f, test(ra, rb), cond, ins[2])


def _null_condition(vm: Machine, ref: Ref, reported: int) -> z3.BoolRef | None:
    """The condition "ref is null", when its nullness is symbolic."""
    vm.heap.bind(ref, reported)
    return ref.null


def if_null(vm: Machine, f: Frame, ins: tuple) -> None:
    """ifnull / ifnonnull."""
    i = vm.take(f, rec.BRANCH, 1)
    if i < 0:
        return
    ref = f.stack.pop()
    reported = vm.data[i]
    is_null = _null_condition(vm, ref, reported)
    wants_null = ins[1] == IFNULL
    taken = (reported == 0) == wants_null
    cond = None if is_null is None else (is_null if wants_null else z3.Not(is_null))
    _branch(vm, f, taken, cond, ins[2])


def _same_box(a: Ref, b: Ref) -> z3.BoolRef | None:
    """`a == b` on two boxes of symbolic values: boxing (`valueOf`) shares the objects of small
    values (-128 to 127, and 0 to 127 for chars, which never go below 0), so two boxes are one object
    exactly when their values are equal and small."""
    x, y = a.boxed, b.boxed
    if x is None or y is None or x.t.sort() != y.t.sort() or not z3.is_bv(x.t):
        return None
    width = x.t.size()
    low, high = z3.BitVecVal(-128, width), z3.BitVecVal(127, width)
    return z3.And(x.t == y.t, x.t >= low, x.t <= high)


def if_acompare(vm: Machine, f: Frame, ins: tuple) -> None:
    """if_acmpeq / if_acmpne: symbolic only when comparing a nullable input with null."""
    i = vm.take(f, rec.BRANCH, 2)
    if i < 0:
        return
    stack = f.stack
    b = stack.pop()
    a = stack.pop()
    ra, rb = vm.data[i], vm.data[i + 1]
    cond = None
    if rb == 0 and b.null is None and b.id == 0:
        cond = _null_condition(vm, a, ra)
    elif ra == 0 and a.null is None and a.id == 0:
        cond = _null_condition(vm, b, rb)
    else:
        vm.heap.bind(a, ra)
        vm.heap.bind(b, rb)
        cond = None if a is b else _same_box(a, b)  # one box reached twice is one object, small or not
    equal_wanted = ins[1] == IF_ACMPEQ
    taken = (ra == rb) == equal_wanted
    if cond is not None and not equal_wanted:
        cond = z3.Not(cond)
    _branch(vm, f, taken, cond, ins[2])


def _switch(vm: Machine, f: Frame, keys: list[int], targets: list[int], default: int) -> None:
    i = vm.take(f, rec.SWITCH, 1)
    if i < 0:
        return
    value = f.stack.pop()
    key = vm.data[i]
    _check_operand(vm, f, value, key)
    target = targets[keys.index(key)] if key in keys else default
    if isinstance(value, Sym):
        # One outcome per distinct target, as coverage counts switch branches.
        by_target: dict[int, list[int]] = {}
        for case_key, case_target in zip(keys, targets):
            by_target.setdefault(case_target, []).append(case_key)
        term = value.t
        conditions = {t: z3.Or([term == k for k in ks]) for t, ks in by_target.items()}
        default_cond = z3.And([term != k for k in keys]) if keys else z3.BoolVal(True)
        conditions[default] = z3.Or(conditions[default], default_cond) if default in conditions else default_cond
        alternatives = tuple((t, c) for t, c in conditions.items() if t != target)
        vm.decide_many(f, path.DecisionKind.SWITCH, target, conditions[target], alternatives)
    vm.edge(f, target)
    f.pc = target


def tableswitch(vm: Machine, f: Frame, ins: tuple) -> None:
    low, targets = ins[2], ins[5]
    _switch(vm, f, list(range(low, low + len(targets))), targets, ins[4])


def lookupswitch(vm: Machine, f: Frame, ins: tuple) -> None:
    _switch(vm, f, ins[3], ins[4], ins[2])


def return_value(vm: Machine, f: Frame, ins: tuple) -> None:
    stack = f.stack
    if ins[1] in (LRETURN, DRETURN):
        stack.pop()
    vm.return_from(f, stack.pop())


def return_void(vm: Machine, f: Frame, ins: tuple) -> None:
    vm.return_from(f, None)


def athrow(vm: Machine, f: Frame, ins: tuple) -> None:
    exception = f.stack[-1]
    if vm.null_check(f, exception):
        vm.throw(f, thrown=exception)


def unsupported(vm: Machine, f: Frame, ins: tuple) -> None:
    raise Desync(f"{f.method.qualified_name}#{f.pc}: opcode {ins[1]} (jsr/ret) is not supported")


HANDLERS = {
    **{op: if_zero for op in IF_ZERO},
    **{op: if_compare for op in IF_CMP},
    IF_ACMPEQ: if_acompare, IF_ACMPNE: if_acompare, IFNULL: if_null, IFNONNULL: if_null,
    TABLESWITCH: tableswitch, LOOKUPSWITCH: lookupswitch,
    **{op: return_value for op in (IRETURN, LRETURN, FRETURN, DRETURN, ARETURN)},
    RETURN: return_void,
    ATHROW: athrow,
    JSR: unsupported, RET: unsupported,
}
