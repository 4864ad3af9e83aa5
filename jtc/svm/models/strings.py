"""java.lang.String through z3's string theory, for the methods where it is cheap.

Java strings are UTF-16; z3 is set to the Basic Multilingual Plane ("encoding=bmp"), so one z3
character is one Java char and lengths and indices agree.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Callable

import z3

from jtc.model.types import CHAR_SEQUENCE_CLASS, STRING_CLASS
from jtc.svm import path
from jtc.svm.bounds import outside
from jtc.svm.models.base import Model
from jtc.svm.models.characters import WHITESPACE
from jtc.svm.values import CondSym, Ref, Sym, Value, concrete, number, primitive, reference, string_shadow, term_of

if TYPE_CHECKING:
    from jtc.model.classtable import MethodInfo
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

z3.set_param("encoding", "bmp")


def char_class(chars: str, negated: bool = False) -> z3.ReRef:
    """A regular expression matching one of `chars` (or, negated, any other BMP char), as few ranges
    as the chars allow (z3 works with ranges far faster than with many single chars)."""
    codes = sorted({ord(c) for c in chars})
    return _ranges(_complement(codes) if negated else _runs(codes))


def _runs(codes: list[int]) -> list[tuple[int, int]]:
    """Sorted codes as (first, last) runs of consecutive codes."""
    runs: list[tuple[int, int]] = []
    for code in codes:
        if runs and runs[-1][1] == code - 1:
            runs[-1] = (runs[-1][0], code)
        else:
            runs.append((code, code))
    return runs


def _complement(excluded: list[int]) -> list[tuple[int, int]]:
    runs, start = [], 0
    for code in excluded:
        if code > start:
            runs.append((start, code - 1))
        start = code + 1
    if start <= 0xFFFF:
        runs.append((start, 0xFFFF))
    return runs


def _ranges(runs: list[tuple[int, int]]) -> z3.ReRef:
    ranges = [z3.Range(chr(first), chr(last)) for first, last in runs]
    return z3.Union(*ranges) if len(ranges) > 1 else ranges[0]


def sequence_of(classes: list[z3.ReRef]) -> z3.ReRef:
    """One char of each class in turn (a string of exactly that many chars)."""
    if not classes:
        return z3.Re(z3.StringVal(""))
    return z3.Concat(*classes) if len(classes) > 1 else classes[0]


def symbolic_string(value: object) -> bool:
    return isinstance(value, Ref) and value.string is not None and not z3.is_string_value(value.string.term)


def string_term(value: Value | None) -> z3.SeqRef:
    return string_shadow(value).term


def _to_int(term: z3.ArithRef) -> z3.BitVecRef:
    return z3.Int2BV(term, 32)


def _length(text: z3.SeqRef) -> z3.BitVecRef:
    return _to_int(z3.Length(text))


class Length(Model):
    def applies(self, call: PendingCall) -> bool:
        return symbolic_string(call.receiver)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        return Sym(number(reported), _length(string_term(call.receiver)))


class IsEmpty(Model):
    def applies(self, call: PendingCall) -> bool:
        return symbolic_string(call.receiver)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        return CondSym(int(number(reported)), z3.Length(string_term(call.receiver)) == 0)


class IsBlank(Model):
    """`isBlank()` (Java 11): the string is made of whitespace only, as `Character.isWhitespace`
    tells it (a regular expression over its ranges: none outside the BMP)."""

    def applies(self, call: PendingCall) -> bool:
        return symbolic_string(call.receiver)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        blank = z3.Star(_ranges(list(WHITESPACE)))
        return CondSym(int(number(reported)), z3.InRe(string_term(call.receiver), blank))


def bounds_check(vm: Machine, frame: Frame, out: z3.BoolRef, concrete_out: bool) -> bool:
    """A String method's bounds check as a decision: it returns normally inside the bounds, and throws
    (the VM unwinds) outside; False when it threw."""
    vm.choose(frame, path.DecisionKind.MODEL, ("out", "in"), out, concrete_out)
    if not concrete_out:
        return True
    vm.throw(frame)
    return False


class CharAt(Model):
    """charAt(int): a bounds decision, then the char's code."""

    def applies(self, call: PendingCall) -> bool:
        receiver, index = call.receiver, call.args[0]
        return symbolic_string(receiver) or (
            isinstance(index, Sym) and isinstance(receiver, Ref) and receiver.string is not None)

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        """The bounds decision in the terms of `length()`'s result, so that a loop guard
        `i < s.length()` on the path decides it (see ops_heap.outside)."""
        text, index = string_term(call.receiver), primitive(call.args[0])
        length = len(string_shadow(call.receiver).value)
        return bounds_check(vm, frame, outside(index, Sym(length, _length(text))), not 0 <= concrete(index) < length)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        text, index = string_term(call.receiver), primitive(call.args[0])
        position = z3.BV2Int(term_of(index, "I"), is_signed=True)
        return Sym(number(reported), _to_int(z3.StrToCode(z3.SubString(text, position, 1))))


_CONSTANTS: weakref.WeakKeyDictionary[MethodInfo, tuple[str, ...]] = weakref.WeakKeyDictionary()


def _constants(frame: Frame) -> tuple[str, ...]:
    """The String constants the frame's method loads (read once per method, not per call)."""
    method = frame.method
    found = _CONSTANTS.get(method)
    if found is None:
        constants = (instruction.constant for instruction in method.instructions)
        found = _CONSTANTS[method] = tuple(sorted({constant.value for constant in constants
                                                   if constant is not None and constant.kind == "S"}))
    return found


class HashCode(Model):
    """hashCode() is what a switch on a String dispatches on, and the cases are String constants of
    the calling method. The model decides which of those constants the string equals, or none of
    them; the hash itself stays the run's value. Inverting the polynomial s[0]*31^(n-1) + ... instead
    left z3 without an answer for seconds on four-letter words, and a hash compared with anything but
    a case label is rare enough to leave concrete."""

    def applies(self, call: PendingCall) -> bool:
        return symbolic_string(call.receiver)

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        shadow = string_shadow(call.receiver)
        constants = _constants(frame)
        if not constants:
            return True
        text = shadow.term
        outcomes: dict[str | None, z3.BoolRef] = {constant: text == z3.StringVal(constant) for constant in constants}
        outcomes[None] = z3.And([z3.Not(equal) for equal in outcomes.values()])
        taken = shadow.value if shadow.value in outcomes else None
        others = tuple((label, cond) for label, cond in outcomes.items() if label != taken)
        vm.decide_many(frame, path.DecisionKind.MODEL, taken, outcomes[taken], others)
        return True

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        shadow = string_shadow(call.receiver)
        if shadow.value not in _constants(frame):
            vm.approximate()  # the hash of a string no constant names: the run's value
        return reported


class StringPredicate(Model):
    """A boolean method of a String and one String argument (equals, startsWith, endsWith, contains)."""

    def __init__(self, predicate: Callable[[z3.SeqRef, z3.SeqRef], z3.BoolRef]) -> None:
        self.predicate = predicate

    def applies(self, call: PendingCall) -> bool:
        receiver, argument = call.receiver, call.args[0]
        known = all(isinstance(v, Ref) and v.string is not None for v in (receiver, argument))
        return known and (symbolic_string(receiver) or symbolic_string(argument))

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        argument = reference(call.args[0])
        cond = self.predicate(string_term(call.receiver), string_term(argument))
        if argument.null is not None:
            cond = z3.And(z3.Not(argument.null), cond)
        elif argument.id == 0:
            return reported
        return CondSym(int(number(reported)), cond)


# The chars outside ASCII that Java's equalsIgnoreCase takes for an ASCII letter (Character's
# toUpperCase/toLowerCase of each; the same on every JDK, checked against the JVM in the semantics tests).
_ALSO_EQUAL_IGNORING_CASE = {"i": "\u0130\u0131", "k": "\u212a", "s": "\u017f"}


def same_ignoring_case(char: str) -> str:
    """Every char `String.equalsIgnoreCase` takes for the ASCII char `char`."""
    return char + char.swapcase() + _ALSO_EQUAL_IGNORING_CASE.get(char.lower(), "") if char.isalpha() else char


class EqualsIgnoringCase(Model):
    """`s.equalsIgnoreCase(t)` where one side is a known ASCII String (`"true".equalsIgnoreCase(flag)`,
    a type code against `"*STMF"`): the other side is in the language of the known one's chars, each
    in any case Java takes."""

    @staticmethod
    def _sides(call: PendingCall) -> tuple[Ref, str] | None:
        receiver, argument = call.receiver, call.args[0]
        for symbolic, known in ((receiver, argument), (argument, receiver)):
            if symbolic_string(symbolic) and isinstance(known, Ref) and known.string is not None \
                    and z3.is_string_value(known.string.term) and known.string.value.isascii():
                assert isinstance(symbolic, Ref)
                return symbolic, known.string.value
        return None

    def applies(self, call: PendingCall) -> bool:
        return self._sides(call) is not None

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        sides = self._sides(call)
        assert sides is not None
        symbolic, known = sides
        cond = z3.InRe(string_term(symbolic), sequence_of([char_class(same_ignoring_case(c)) for c in known]))
        if symbolic.null is not None:
            cond = z3.And(z3.Not(symbolic.null), cond)
        elif symbolic.id == 0:
            return reported
        return CondSym(int(number(reported)), cond)


MODELS: dict[tuple[str, str, str], Model] = {
    (STRING_CLASS, "length", "()I"): Length(),
    (CHAR_SEQUENCE_CLASS, "length", "()I"): Length(),
    (CHAR_SEQUENCE_CLASS, "charAt", "(I)C"): CharAt(),
    (STRING_CLASS, "isEmpty", "()Z"): IsEmpty(),
    (STRING_CLASS, "isBlank", "()Z"): IsBlank(),
    (STRING_CLASS, "charAt", "(I)C"): CharAt(),
    (STRING_CLASS, "hashCode", "()I"): HashCode(),
    (STRING_CLASS, "equals", "(Ljava/lang/Object;)Z"): StringPredicate(lambda s, t: s == t),
    (STRING_CLASS, "startsWith", "(Ljava/lang/String;)Z"): StringPredicate(lambda s, t: z3.PrefixOf(t, s)),
    (STRING_CLASS, "endsWith", "(Ljava/lang/String;)Z"): StringPredicate(lambda s, t: z3.SuffixOf(t, s)),
    (STRING_CLASS, "contains", "(Ljava/lang/CharSequence;)Z"): StringPredicate(lambda s, t: z3.Contains(s, t)),
    (STRING_CLASS, "equalsIgnoreCase", "(Ljava/lang/String;)Z"): EqualsIgnoringCase(),
}
