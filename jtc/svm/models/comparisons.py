"""Comparisons inside the JDK: `compare` of primitives, `compareTo` and `equals` of boxes and Strings,
`Objects.equals`, and `hashCode` of boxes.

A sorted map or a hash map of Integer or String keys (the JDK's, or the user's own red-black tree of
`Comparable`s) branches on these results, and code returns them (`return Integer.compare(rank,
other.rank)`, `return Objects.equals(name, other.name)`). Each comparison is a decision of the path at
the call (DecisionKind.COMPARISON): the search aims at every outcome (equal operands too) although
the caller has no branch that tells them apart, and the result keeps a term, so that a branch on it
is a decision too.

`compare` gives -1, 0 or 1 for ints, longs, booleans and floating point (whose order puts -0.0 below
0.0 and NaN above everything, equal to itself), the difference of the two values for bytes, shorts
and chars. String's `compareTo` gives a difference of chars or of lengths: its term is the run's
value whenever the comparison comes out the same way (exact in its sign, not in its size).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import z3

from jtc.model.types import STRING_CLASS
from jtc.svm.models.base import Model, compared, ranked
from jtc.svm.models.boxes import WRAPPERS
from jtc.svm.models.strings import symbolic_string
from jtc.svm.values import CondSym, Ref, Sym, Value, number, primitive, string_shadow, term_of

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

LESS, EQUAL, GREATER = "less", "equal", "greater"
UNEQUAL = "unequal"
Ordering = tuple[z3.BoolRef, z3.BoolRef, z3.BoolRef]  # the conditions of less, equal and greater

_HASHED_AS_VALUE = frozenset("ISBCJ")  # boxes whose hashCode is their value (a Long's folded to an int)
_DIFFERENCES = frozenset("SBC")  # whose compare is the difference of the two values


def integer_order(a: z3.BitVecRef, b: z3.BitVecRef) -> Ordering:
    return a < b, a == b, a > b


def total_order(a: z3.FPRef, b: z3.FPRef) -> Ordering:
    """`Double.compare` / `Float.compare`: -0.0 below 0.0, NaN above everything and equal to itself."""
    nan_a, nan_b = z3.fpIsNaN(a), z3.fpIsNaN(b)
    zeros = z3.And(z3.fpIsZero(a), z3.fpIsZero(b))
    less = z3.And(z3.Not(nan_a), z3.Or(nan_b, z3.fpLT(a, b), z3.And(zeros, z3.fpIsNegative(a), z3.fpIsPositive(b))))
    equal = z3.Or(z3.And(nan_a, nan_b), z3.And(z3.fpEQ(a, b), z3.fpIsNegative(a) == z3.fpIsNegative(b)))
    greater = z3.And(z3.Not(nan_b), z3.Or(nan_a, z3.fpGT(a, b), z3.And(zeros, z3.fpIsPositive(a), z3.fpIsNegative(b))))
    return less, equal, greater


def _order(kind: str, a: z3.ExprRef, b: z3.ExprRef) -> Ordering:
    return total_order(a, b) if kind in "FD" else integer_order(a, b)


def compare_term(kind: str, a: z3.ExprRef, b: z3.ExprRef, order: Ordering) -> z3.ExprRef:
    """What `compare` of two values of primitive `kind` returns, exactly."""
    if kind in _DIFFERENCES:
        return a - b
    less, equal, _ = order
    return z3.If(less, z3.BitVecVal(-1, 32), z3.If(equal, z3.BitVecVal(0, 32), z3.BitVecVal(1, 32)))


def decide_order(vm: Machine, frame: Frame, order: Ordering, reported: int) -> None:
    """The outcome of a three-way comparison, which the JVM's result tells by its sign, as a decision."""
    taken = LESS if reported < 0 else EQUAL if reported == 0 else GREATER
    ranked(vm, frame, tuple(zip((LESS, EQUAL, GREATER), order)), taken)


def decide_equal(vm: Machine, frame: Frame, equal: z3.BoolRef, reported: Value) -> Value:
    """An equality test's outcome as a decision, and its result as a condition a branch can take."""
    holds = bool(number(reported))
    compared(vm, frame, (EQUAL, UNEQUAL), equal, holds)
    return CondSym(int(holds), equal)


def _boxed(value: Value | None) -> Sym | None:
    return value.boxed if isinstance(value, Ref) else None


def _same_wrapper(a: Value | None, b: Value | None) -> str | None:
    """The primitive kind of two boxes of one class (an Integer and an Integer), else None: an
    Integer never equals a Short of the same value."""
    if _boxed(a) is None or _boxed(b) is None or a.wrapper != b.wrapper:  # type: ignore[union-attr]
        return None
    return WRAPPERS[a.wrapper][0]  # type: ignore[union-attr,index]


def _null(ref: Ref) -> z3.BoolRef:
    """Whether a reference is null, as a condition on the inputs where it is one."""
    return ref.null if ref.null is not None else z3.BoolVal(ref.id == 0)


class Compare(Model):
    """`Integer.compare(a, b)` and its siblings of the other primitives."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def applies(self, call: PendingCall) -> bool:
        return any(isinstance(a, Sym) for a in call.args)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        term_kind = self.kind if self.kind in "JFD" else "I"
        a, b = (term_of(primitive(v), term_kind) for v in call.args)
        order = _order(self.kind, a, b)
        decide_order(vm, frame, order, int(number(reported)))
        return Sym(number(reported), compare_term(self.kind, a, b, order))


class BoxCompare(Model):
    """`box.compareTo(other)` of two boxes of one class (also through Comparable): their `compare`."""

    def applies(self, call: PendingCall) -> bool:
        return _same_wrapper(call.receiver, call.args[0]) is not None

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        kind = _same_wrapper(call.receiver, call.args[0])
        a, b = _boxed(call.receiver), _boxed(call.args[0])
        assert kind is not None and a is not None and b is not None
        order = _order(kind, a.t, b.t)
        decide_order(vm, frame, order, int(number(reported)))
        return Sym(number(reported), compare_term(kind, a.t, b.t, order))


def _boxes_equal(kind: str, a: z3.ExprRef, b: z3.ExprRef) -> z3.BoolRef:
    """`equals` of two boxes of one class: for Float and Double, the same bits (NaN equals NaN, 0.0
    not -0.0), which is `compare`'s equal."""
    return total_order(a, b)[1] if kind in "FD" else a == b


class BoxEquals(Model):
    """`box.equals(other)` for two boxes of the same class."""

    def applies(self, call: PendingCall) -> bool:
        return _same_wrapper(call.receiver, call.args[0]) is not None

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        kind = _same_wrapper(call.receiver, call.args[0])
        a, b = _boxed(call.receiver), _boxed(call.args[0])
        assert kind is not None and a is not None and b is not None
        return decide_equal(vm, frame, _boxes_equal(kind, a.t, b.t), reported)


class BoxHashCode(Model):
    """hashCode of an Integer (its value), a Long (its two halves xor-ed) and the small boxes."""

    def applies(self, call: PendingCall) -> bool:
        boxed = _boxed(call.receiver)
        return boxed is not None and not z3.is_fp(boxed.t)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        boxed = _boxed(call.receiver)
        assert boxed is not None
        term = boxed.t
        if term.size() == 64:
            term = z3.Extract(31, 0, term ^ z3.LShR(term, 32))
        return Sym(number(reported), term)


def _ordered_term(order: Ordering, reported: int) -> z3.ExprRef:
    """A three-way result with the run's own values: `reported` when it came out that way, -1/1 else."""
    less, equal, _ = order
    below = reported if reported < 0 else -1
    above = reported if reported > 0 else 1
    return z3.If(equal, z3.BitVecVal(0, 32), z3.If(less, z3.BitVecVal(below, 32), z3.BitVecVal(above, 32)))


class StringCompare(Model):
    """`s.compareTo(t)` of Strings: negative, zero or positive as z3's lexicographic order says
    (the same as Java's for chars of the Basic Multilingual Plane)."""

    def applies(self, call: PendingCall) -> bool:
        other = call.args[0]
        return isinstance(call.receiver, Ref) and call.receiver.string is not None and isinstance(other, Ref) \
            and other.string is not None and (symbolic_string(call.receiver) or symbolic_string(other))

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        s, t = string_shadow(call.receiver).term, string_shadow(call.args[0]).term
        order = (s < t, s == t, t < s)
        decide_order(vm, frame, order, int(number(reported)))
        return Sym(number(reported), _ordered_term(order, int(number(reported))))


class Either(Model):
    """The first of two models that applies (an interface method whose receiver may be a box or a String)."""

    def __init__(self, first: Model, second: Model) -> None:
        self.models = (first, second)

    def applies(self, call: PendingCall) -> bool:
        return any(model.applies(call) for model in self.models)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        for model in self.models:
            if model.applies(call):
                return model.after(vm, frame, call, reported)
        return reported


class ObjectsEquals(Model):
    """`Objects.equals(a, b)` of two boxes of one class, or of two Strings: both null, or neither and
    equal."""

    def applies(self, call: PendingCall) -> bool:
        a, b = call.args
        if _same_wrapper(a, b) is not None:
            return True
        return all(isinstance(v, Ref) and v.string is not None for v in (a, b)) and (
            symbolic_string(a) or symbolic_string(b))

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        a, b = call.args
        assert isinstance(a, Ref) and isinstance(b, Ref)
        kind = _same_wrapper(a, b)
        if kind is not None:
            same = _boxes_equal(kind, a.boxed.t, b.boxed.t)  # type: ignore[union-attr]
        else:
            same = string_shadow(a).term == string_shadow(b).term
        null_a, null_b = _null(a), _null(b)
        equal = z3.Or(z3.And(null_a, null_b), z3.And(z3.Not(null_a), z3.Not(null_b), same))
        return decide_equal(vm, frame, equal, reported)


MODELS: dict[tuple[str, str, str], Model] = {
    ("java/lang/Comparable", "compareTo", "(Ljava/lang/Object;)I"): Either(BoxCompare(), StringCompare()),
    (STRING_CLASS, "compareTo", "(Ljava/lang/String;)I"): StringCompare(),
    (STRING_CLASS, "compareTo", "(Ljava/lang/Object;)I"): StringCompare(),
    ("java/util/Objects", "equals", "(Ljava/lang/Object;Ljava/lang/Object;)Z"): ObjectsEquals(),
}
for _wrapper, (_primitive, _) in WRAPPERS.items():
    MODELS[(_wrapper, "compare", f"({_primitive}{_primitive})I")] = Compare(_primitive)
    MODELS[(_wrapper, "compareTo", f"(L{_wrapper};)I")] = BoxCompare()
    MODELS[(_wrapper, "compareTo", "(Ljava/lang/Object;)I")] = BoxCompare()
    MODELS[(_wrapper, "equals", "(Ljava/lang/Object;)Z")] = BoxEquals()
    if _primitive in _HASHED_AS_VALUE:
        MODELS[(_wrapper, "hashCode", "()I")] = BoxHashCode()
