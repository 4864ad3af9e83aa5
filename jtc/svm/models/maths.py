"""java.lang.Math methods whose results z3 can express exactly.

`min`, `max`, `abs` and `clamp` return one of their arguments (or its negation) by a comparison they
make. That comparison is a decision of the path at the call (DecisionKind.COMPARISON), and the
result is the term of the side taken: so the search aims at the capped side of `Math.min(cap, hours
* rate)` as at a branch, the boundary stage puts inputs on `hours * rate == cap`, and a test that
alone takes the cap is kept. The conditions follow Java's own code, NaN and -0.0 included
(`Math.max(-0.0, 0.0)` is 0.0, `Math.min(NaN, 1.0)` is NaN), so floating-point results are exact.
Whether a condition held is read off the same condition over the run's values, so the two cannot
disagree. Transcendental functions are not modelled: their results stay concrete.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable

import z3

from jtc.svm import path, terms
from jtc.svm.models.base import Model, compared
from jtc.svm.values import CondSym, Sym, Value, concrete, number, primitive, term_of

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

MATH = "java/lang/Math"
STRICT_MATH = "java/lang/StrictMath"
FLOAT = "java/lang/Float"
DOUBLE = "java/lang/Double"
INTEGER = "java/lang/Integer"
LONG = "java/lang/Long"

# A comparison a method makes: its condition, and the result where it holds and where it does not.
Choice = tuple[z3.BoolRef, z3.ExprRef, z3.ExprRef]
Chooser = Callable[..., Choice]
FIRST, SECOND = "first", "second"  # which argument min and max return
NEGATED, KEPT = "negated", "kept"  # abs


def int_min(a: z3.BitVecRef, b: z3.BitVecRef) -> Choice:
    return a <= b, a, b


def int_max(a: z3.BitVecRef, b: z3.BitVecRef) -> Choice:
    return a >= b, a, b


def int_abs(a: z3.BitVecRef) -> Choice:
    return a < 0, -a, a  # -MIN_VALUE wraps to MIN_VALUE, as in Java


def _both_zero(a: z3.FPRef, b: z3.FPRef) -> z3.BoolRef:
    return z3.And(z3.fpIsZero(a), z3.fpIsZero(b))


def fp_max(a: z3.FPRef, b: z3.FPRef) -> Choice:
    """`a` when it is NaN, when both are zeros and `a` is not -0.0, or when `a >= b` (a NaN `b` is returned)."""
    return z3.Or(z3.fpIsNaN(a), z3.If(_both_zero(a, b), z3.fpIsPositive(a), z3.fpGEQ(a, b))), a, b


def fp_min(a: z3.FPRef, b: z3.FPRef) -> Choice:
    """`a` when it is NaN, when both are zeros and `b` is not -0.0, or when `a <= b` (a NaN `b` is returned)."""
    return z3.Or(z3.fpIsNaN(a), z3.If(_both_zero(a, b), z3.fpIsPositive(b), z3.fpLEQ(a, b))), a, b


def fp_abs(a: z3.FPRef) -> Choice:
    """The sign cleared: -0.0 and the negative numbers are negated (NaN stays NaN)."""
    return z3.And(z3.Not(z3.fpIsNaN(a)), z3.fpIsNegative(a)), z3.fpNeg(a), a


Operand = tuple[z3.ExprRef, int | float]  # a term and its value in the run


def _fp_constant(like: z3.ExprRef, value: float) -> z3.ExprRef:
    return terms.const("F" if like.sort() == terms.FLOAT else "D", value)


def held(condition: Callable[..., z3.BoolRef], operands: list[Operand]) -> bool:
    """Whether `condition` held on the run's values of `operands`: the condition itself, evaluated
    (for integers on the values themselves, whose Python comparisons are Java's; floating point
    through z3, for NaN and -0.0)."""
    if not any(z3.is_fp(term) for term, _ in operands):
        return bool(condition(*(value for _, value in operands)))
    cond = z3.simplify(condition(*(_fp_constant(term, value) for term, value in operands)))
    assert z3.is_true(cond) or z3.is_false(cond), cond
    return z3.is_true(cond)


def decide(vm: Machine, frame: Frame, choice: Chooser, labels: tuple[Hashable, Hashable],
           operands: list[Operand]) -> tuple[bool, z3.ExprRef]:
    """The comparison `choice` makes on `operands` as a decision of the path: whether its condition
    held, and the result of the side taken."""
    cond, where, elsewhere = choice(*(term for term, _ in operands))
    holds = held(lambda *constants: choice(*constants)[0], operands)
    compared(vm, frame, labels, cond, holds)
    return holds, where if holds else elsewhere


def _operands(call: PendingCall, kinds: str) -> list[Operand]:
    return [(term_of(primitive(a), kind), concrete(primitive(a))) for a, kind in zip(call.args, kinds)]


class Picks(Model):
    """`min`, `max`, `abs`: the result is one of two terms, by a comparison of the arguments."""

    def __init__(self, kind: str, choice: Chooser, labels: tuple[Hashable, Hashable]) -> None:
        self.kind = kind
        self.choice = choice
        self.labels = labels

    def applies(self, call: PendingCall) -> bool:
        return any(isinstance(a, Sym) for a in call.args)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        _, term = decide(vm, frame, self.choice, self.labels, _operands(call, self.kind * len(call.args)))
        return Sym(number(reported), term)


def _misordered(low: z3.ExprRef, high: z3.ExprRef) -> z3.BoolRef:
    """Bounds `clamp` refuses: `min > max`; for floating point also a NaN, or 0.0 above -0.0."""
    if not isinstance(low, z3.FPRef):  # bit-vectors, or the run's int values (held)
        return low > high
    return z3.Or(z3.fpIsNaN(low), z3.fpIsNaN(high), z3.fpGT(low, high),
                 z3.And(_both_zero(low, high), z3.fpIsPositive(low), z3.fpIsNegative(high)))


class Clamp(Model):
    """`Math.clamp(value, min, max)` (Java 21): IllegalArgumentException where the bounds are
    misordered, else `Math.min(max, Math.max(value, min))` as Java computes it, two comparisons (the
    int version takes a long value and int bounds, and narrows the result)."""

    def __init__(self, kinds: str) -> None:
        self.kinds = kinds  # of the value and of the bounds: "JII", "JJJ", "FFF", "DDD"

    def applies(self, call: PendingCall) -> bool:
        return any(isinstance(a, Sym) for a in call.args)

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        _, low, high = _operands(call, self.kinds)
        throws = held(_misordered, [low, high])
        vm.choose(frame, path.DecisionKind.MODEL, ("misordered", "ordered"), _misordered(low[0], high[0]), throws)
        if throws:
            vm.throw(frame)
        return not throws

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        value, low, high = _operands(call, self.kinds)
        if self.kinds == "JII":  # the bounds widened to long, as Java passes them to min and max
            low, high = (terms.i2l(low[0]), low[1]), (terms.i2l(high[0]), high[1])
        floating = self.kinds[0] in "FD"
        up, raised = decide(vm, frame, fp_max if floating else int_max, ("at least min", "raised to min"),
                            [value, low])
        kept = value if up else low
        _, result = decide(vm, frame, fp_min if floating else int_min, ("lowered to max", "at most max"),
                           [high, (raised, kept[1])])
        return Sym(number(reported), terms.l2i(result) if self.kinds == "JII" else result)


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


_CHOOSERS = {"I": (int_min, int_max, int_abs), "J": (int_min, int_max, int_abs),
             "F": (fp_min, fp_max, fp_abs), "D": (fp_min, fp_max, fp_abs)}

MODELS: dict[tuple[str, str, str], Model] = {
    (MATH, "sqrt", "(D)D"): Pure("D", lambda a: z3.fpSqrt(terms.RNE, a)),
    (DOUBLE, "isNaN", "(D)Z"): Predicate("D", z3.fpIsNaN),
    (FLOAT, "isNaN", "(F)Z"): Predicate("F", z3.fpIsNaN),
    (DOUBLE, "isInfinite", "(D)Z"): Predicate("D", z3.fpIsInf),
    (FLOAT, "isInfinite", "(F)Z"): Predicate("F", z3.fpIsInf),
}
for _kind, (_min, _max, _abs) in _CHOOSERS.items():
    for _owner in (MATH, STRICT_MATH):
        MODELS[(_owner, "min", f"({_kind}{_kind}){_kind}")] = Picks(_kind, _min, (FIRST, SECOND))
        MODELS[(_owner, "max", f"({_kind}{_kind}){_kind}")] = Picks(_kind, _max, (FIRST, SECOND))
        MODELS[(_owner, "abs", f"({_kind}){_kind}")] = Picks(_kind, _abs, (NEGATED, KEPT))
    _box = {"I": INTEGER, "J": LONG, "F": FLOAT, "D": DOUBLE}[_kind]  # Integer.max and its kin (method references)
    MODELS[(_box, "min", f"({_kind}{_kind}){_kind}")] = Picks(_kind, _min, (FIRST, SECOND))
    MODELS[(_box, "max", f"({_kind}{_kind}){_kind}")] = Picks(_kind, _max, (FIRST, SECOND))
for _kinds, _returns in (("JII", "I"), ("JJJ", "J"), ("FFF", "F"), ("DDD", "D")):
    MODELS[(MATH, "clamp", f"({_kinds}){_returns}")] = Clamp(_kinds)
    MODELS[(STRICT_MATH, "clamp", f"({_kinds}){_returns}")] = Clamp(_kinds)
