"""java.lang.Math methods whose results z3 can express exactly.

Not modelled on purpose: floating-point min/max (z3 leaves the sign of a zero result open, Java
fixes it) and transcendental functions; their results stay concrete.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import z3

from jtc.svm import terms
from jtc.svm.models.base import Model
from jtc.svm.values import CondSym, Sym, Value, number, primitive, term_of

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

MATH = "java/lang/Math"
FLOAT = "java/lang/Float"
DOUBLE = "java/lang/Double"


class Pure(Model):
    """A method whose result is a function of its primitive arguments."""

    def __init__(self, kind: str, build: Callable[..., z3.ExprRef]) -> None:
        self.kind = kind
        self.build = build

    def applies(self, call: PendingCall) -> bool:
        return any(isinstance(a, Sym) for a in call.args)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        return Sym(number(reported), self._term(call))

    def _term(self, call: PendingCall) -> z3.ExprRef:
        return self.build(*(term_of(primitive(a), self.kind) for a in call.args))


class Predicate(Pure):
    """A boolean-valued pure method; `ifeq`/`ifne` on its result branch on the condition itself."""

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        return CondSym(int(number(reported)), self._term(call))


def total_order(a: z3.FPRef, b: z3.FPRef) -> z3.BitVecRef:
    """Float.compare / Double.compare: -0.0 below 0.0, NaN above everything and equal to itself."""
    nan_a, nan_b = z3.fpIsNaN(a), z3.fpIsNaN(b)
    zeros = z3.And(z3.fpIsZero(a), z3.fpIsZero(b))
    sign_order = terms.cmp3(z3.And(z3.fpIsPositive(a), z3.fpIsNegative(b)),
                            z3.And(z3.fpIsNegative(a), z3.fpIsPositive(b)))
    ordered = terms.cmp3(z3.fpGT(a, b), z3.fpLT(a, b))
    return z3.If(nan_a, z3.If(nan_b, z3.BitVecVal(0, 32), z3.BitVecVal(1, 32)),
                 z3.If(nan_b, z3.BitVecVal(-1, 32), z3.If(zeros, sign_order, ordered)))


MODELS = {
    (MATH, "abs", "(I)I"): Pure("I", lambda a: z3.If(a < 0, -a, a)),
    (MATH, "abs", "(J)J"): Pure("J", lambda a: z3.If(a < 0, -a, a)),
    (MATH, "max", "(II)I"): Pure("I", lambda a, b: z3.If(a >= b, a, b)),
    (MATH, "min", "(II)I"): Pure("I", lambda a, b: z3.If(a <= b, a, b)),
    (MATH, "max", "(JJ)J"): Pure("J", lambda a, b: z3.If(a >= b, a, b)),
    (MATH, "min", "(JJ)J"): Pure("J", lambda a, b: z3.If(a <= b, a, b)),
    (MATH, "abs", "(D)D"): Pure("D", z3.fpAbs),
    (MATH, "abs", "(F)F"): Pure("F", z3.fpAbs),
    (MATH, "sqrt", "(D)D"): Pure("D", lambda a: z3.fpSqrt(terms.RNE, a)),
    (DOUBLE, "isNaN", "(D)Z"): Predicate("D", z3.fpIsNaN),
    (FLOAT, "isNaN", "(F)Z"): Predicate("F", z3.fpIsNaN),
    (DOUBLE, "isInfinite", "(D)Z"): Predicate("D", z3.fpIsInf),
    (FLOAT, "isInfinite", "(F)Z"): Predicate("F", z3.fpIsInf),
    (DOUBLE, "compare", "(DD)I"): Pure("D", total_order),
    (FLOAT, "compare", "(FF)I"): Pure("F", total_order),
}
