"""compareTo, equals and hashCode of boxed numbers and Strings, and `Integer.compare`.

A sorted map or a hash map of Integer or String keys (the JDK's, or the user's own red-black
tree of `Comparable`s) branches on these results; with their terms the solver is asked for keys
that go left or right, instead of the branches being left to chance. A result keeps its concrete
value (compareTo of Strings returns a difference of chars or lengths, not just -1/0/1): the term
gives that same value whenever the comparison comes out the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import z3

from jtc.svm.models.base import Model
from jtc.svm.models.boxes import WRAPPERS
from jtc.svm.models.strings import STRING, symbolic_string
from jtc.svm.values import CondSym, Ref, Sym, Value, number, primitive, string_shadow, term_of

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

_HASHED_AS_VALUE = frozenset("ISBCJ")  # boxes whose hashCode is their value (a Long's folded to an int)


def _ordered(less: z3.BoolRef, equal: z3.BoolRef, reported: int) -> z3.ExprRef:
    """A three-way result with the run's own values: `reported` when it came out that way, -1/1 else."""
    below = reported if reported < 0 else -1
    above = reported if reported > 0 else 1
    return z3.If(equal, z3.BitVecVal(0, 32), z3.If(less, z3.BitVecVal(below, 32), z3.BitVecVal(above, 32)))


def _boxed(value: Value | None) -> Sym | None:
    return value.boxed if isinstance(value, Ref) else None


def _comparable(a: Sym | None, b: Sym | None) -> bool:
    """Both boxes of the same kind (an Integer compared with an Integer)."""
    return a is not None and b is not None and a.t.sort() == b.t.sort()


class BoxCompare(Model):
    """`box.compareTo(other)` (also through Comparable) and `Integer.compare(a, b)`: -1, 0 or 1."""

    def __init__(self, static: bool = False) -> None:
        self.static = static

    def _operands(self, call: PendingCall) -> tuple[z3.ExprRef, z3.ExprRef] | None:
        if self.static:
            a, b = call.args
            if not (isinstance(a, Sym) or isinstance(b, Sym)):
                return None
            kind = "J" if call.desc.startswith("(JJ") else "I"
            return term_of(primitive(a), kind), term_of(primitive(b), kind)
        left, right = _boxed(call.receiver), _boxed(call.args[0])
        if left is None or right is None or not _comparable(left, right):
            return None
        return left.t, right.t

    def applies(self, call: PendingCall) -> bool:
        return self._operands(call) is not None

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        operands = self._operands(call)
        if operands is None or not isinstance(reported, int):
            return reported
        a, b = operands
        if z3.is_fp(a):
            return reported
        return Sym(reported, _ordered(a < b, a == b, reported))


class BoxEquals(Model):
    """`box.equals(other)` for two boxes of the same kind."""

    def applies(self, call: PendingCall) -> bool:
        boxed = _boxed(call.receiver)
        return boxed is not None and _comparable(boxed, _boxed(call.args[0])) and not z3.is_fp(boxed.t)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        a, b = _boxed(call.receiver), _boxed(call.args[0])
        assert a is not None and b is not None
        return CondSym(int(number(reported)), a.t == b.t)


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


class StringCompare(Model):
    """`s.compareTo(t)` of Strings: negative, zero or positive as z3's lexicographic order says
    (the same as Java's for chars of the Basic Multilingual Plane)."""

    def applies(self, call: PendingCall) -> bool:
        other = call.args[0]
        return isinstance(call.receiver, Ref) and call.receiver.string is not None and isinstance(other, Ref) \
            and other.string is not None and (symbolic_string(call.receiver) or symbolic_string(other))

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        s, t = string_shadow(call.receiver).term, string_shadow(call.args[0]).term
        if not isinstance(reported, int):
            return reported
        return Sym(reported, _ordered(s < t, s == t, reported))


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
    """`Objects.equals(a, b)` of two boxes of one kind, or of two Strings."""

    def applies(self, call: PendingCall) -> bool:
        a, b = call.args
        if _comparable(_boxed(a), _boxed(b)):
            return True
        return all(isinstance(v, Ref) and v.string is not None for v in (a, b)) and (
            symbolic_string(a) or symbolic_string(b))

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        a, b = call.args
        boxed_a, boxed_b = _boxed(a), _boxed(b)
        if boxed_a is not None and boxed_b is not None:
            return CondSym(int(number(reported)), boxed_a.t == boxed_b.t)
        return CondSym(int(number(reported)), string_shadow(a).term == string_shadow(b).term)


MODELS: dict[tuple[str, str, str], Model] = {
    ("java/lang/Comparable", "compareTo", "(Ljava/lang/Object;)I"): Either(BoxCompare(), StringCompare()),
    (STRING, "compareTo", "(Ljava/lang/String;)I"): StringCompare(),
    (STRING, "compareTo", "(Ljava/lang/Object;)I"): StringCompare(),
    ("java/util/Objects", "equals", "(Ljava/lang/Object;Ljava/lang/Object;)Z"): ObjectsEquals(),
    ("java/lang/Integer", "compare", "(II)I"): BoxCompare(static=True),
    ("java/lang/Long", "compare", "(JJ)I"): BoxCompare(static=True),
}
for _wrapper, (_primitive, _) in WRAPPERS.items():
    if _primitive not in "FD":
        MODELS[(_wrapper, "compareTo", f"(L{_wrapper};)I")] = BoxCompare()
        MODELS[(_wrapper, "compareTo", "(Ljava/lang/Object;)I")] = BoxCompare()
        MODELS[(_wrapper, "equals", "(Ljava/lang/Object;)Z")] = BoxEquals()
    if _primitive in _HASHED_AS_VALUE:
        MODELS[(_wrapper, "hashCode", "()I")] = BoxHashCode()
