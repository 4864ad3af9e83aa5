"""String methods that search a symbolic String or make a new one from it: indexOf, lastIndexOf,
substring, trim, toLowerCase/toUpperCase and toCharArray.

Code that parses text (`text.indexOf(':')`, `text.substring(colon + 1).trim()`) branches on what
these return; with their terms in z3's string theory the solver can write a string in the format
the code expects. Where Java's behaviour has no cheap term (trimming whitespace, changing case),
the model records a decision that the string is already in the form the method would produce,
which makes the result the string itself: the solver keeps to such strings on this path, and the
other outcome stays open for the search to try.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import z3

from jtc.model.types import STRING_CLASS
from jtc.svm import path
from jtc.svm.models.base import Model
from jtc.svm.models.characters import WHITESPACE
from jtc.svm.models.strings import bounds_check, char_class, symbolic_string
from jtc.svm.values import ArrayShadow, Ref, StringShadow, Sym, Value, concrete, number, primitive, string_shadow, term_of

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine


def _int(term: z3.ArithRef) -> z3.BitVecRef:
    return z3.Int2BV(term, 32)


def _position(value: Value) -> z3.ArithRef:
    return z3.BV2Int(term_of(primitive(value), "I"), is_signed=True)


def derived(reported: Value, term: z3.SeqRef, value: str, max_length: int) -> Value:
    """The String object a method returned, carrying its term."""
    if isinstance(reported, Ref) and reported.id:
        reported.string = StringShadow(term, value, max_length)
    return reported


def _needle(argument: Value) -> z3.SeqRef | None:
    """A char (int) or String argument as a z3 string; None when it is neither."""
    if isinstance(argument, Ref):
        return argument.string.term if argument.string is not None else None
    return z3.StrFromCode(z3.BV2Int(term_of(primitive(argument), "I"), is_signed=False))


class IndexOf(Model):
    """indexOf / lastIndexOf of a char or a String, optionally from an index."""

    def __init__(self, last: bool) -> None:
        self.last = last

    def applies(self, call: PendingCall) -> bool:
        receiver, needle = call.receiver, call.args[0]
        if not isinstance(receiver, Ref) or receiver.string is None:
            return False
        if isinstance(needle, Ref):
            return needle.string is not None and (symbolic_string(receiver) or symbolic_string(needle))
        return isinstance(needle, (int, Sym)) and (symbolic_string(receiver) or isinstance(needle, Sym))

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        text, needle = string_shadow(call.receiver).term, _needle(call.args[0])
        if needle is None:
            return reported
        if self.last:
            if len(call.args) > 1:
                return reported  # lastIndexOf(x, from): no cheap term
            return Sym(number(reported), _int(z3.LastIndexOf(text, needle)))
        start = _position(call.args[1]) if len(call.args) > 1 else z3.IntVal(0)
        # a known start stays a numeral: the solver reads `indexOf(t) == -1` from the start as `contains`
        start = z3.IntVal(max(start.as_long(), 0)) if z3.is_int_value(start) else z3.If(start < 0, z3.IntVal(0), start)
        return Sym(number(reported), _int(z3.IndexOf(text, needle, start)))


class Substring(Model):
    """substring(begin) and substring(begin, end): a bounds decision, then the slice."""

    def applies(self, call: PendingCall) -> bool:
        receiver = call.receiver
        return isinstance(receiver, Ref) and receiver.string is not None and (
            symbolic_string(receiver) or any(isinstance(a, Sym) for a in call.args))

    def _bounds(self, call: PendingCall) -> tuple[z3.ArithRef, z3.ArithRef, int, int]:
        shadow = string_shadow(call.receiver)
        begin = _position(call.args[0])
        end = _position(call.args[1]) if len(call.args) > 1 else z3.Length(shadow.term)
        concrete_end = int(concrete(primitive(call.args[1]))) if len(call.args) > 1 else len(shadow.value)
        return begin, end, int(concrete(primitive(call.args[0]))), concrete_end

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        begin, end, b, e = self._bounds(call)
        inside = z3.And(begin >= 0, begin <= end, end <= z3.Length(string_shadow(call.receiver).term))
        return bounds_check(vm, frame, z3.Not(inside), not 0 <= b <= e <= len(string_shadow(call.receiver).value))

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        shadow = string_shadow(call.receiver)
        begin, end, b, e = self._bounds(call)
        return derived(reported, z3.SubString(shadow.term, begin, end - begin), shadow.value[b:e], shadow.max_length)


_BLANK = "".join(chr(c) for c in range(0x21))  # what trim() removes: every char up to the space
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_WHITESPACE = "".join(chr(c) for low, high in WHITESPACE for c in range(low, high + 1))


class Unchanged(Model):
    """A method that returns the string itself when it is already in the method's form (trim: no
    whitespace at either end; toLowerCase: no capital letter): that decision, and the string's term."""

    def __init__(self, unchanged: str) -> None:
        self.unchanged = unchanged  # "trim", "strip", "lower" or "upper"

    def applies(self, call: PendingCall) -> bool:
        return symbolic_string(call.receiver)

    def _form(self, shadow: StringShadow) -> tuple[bool, z3.BoolRef]:
        """Whether the run's string already has the method's form, and the condition that it has
        (a regular expression: z3 settles those far faster than a condition on every char)."""
        text, value = shadow.term, shadow.value
        if self.unchanged in ("trim", "strip"):
            blank = _BLANK if self.unchanged == "trim" else _WHITESPACE  # strip(): Character.isWhitespace
            solid = char_class(blank, negated=True)
            form = z3.Union(z3.Re(z3.StringVal("")), solid, z3.Concat(solid, z3.Star(z3.AllChar(z3.ReSort(z3.StringSort()))), solid))
            return value == value.strip(blank), z3.InRe(text, form)
        # Outside ASCII, case mappings are many (À, Σ, ǅ …): the form asks for ASCII without the
        # letters the method changes, a condition the solver can meet and Java agrees with.
        letters = _UPPER if self.unchanged == "lower" else _UPPER.lower()
        kept = "".join(chr(c) for c in range(0x80) if chr(c) not in letters)
        unchanged = all(ch in kept for ch in value)
        return unchanged, z3.InRe(text, z3.Star(char_class(kept)))

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        unchanged, cond = self._form(string_shadow(call.receiver))
        vm.choose(frame, path.DecisionKind.MODEL, ("unchanged", "changed"), cond, unchanged)
        return True

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        shadow = string_shadow(call.receiver)
        if self._form(shadow)[0]:
            return derived(reported, shadow.term, shadow.value, shadow.max_length)
        vm.approximate()  # a changed string is the run's value from here on
        return reported


class ToCharArray(Model):
    """toCharArray(): a new array whose length and elements are the string's."""

    def applies(self, call: PendingCall) -> bool:
        return symbolic_string(call.receiver)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        if not (isinstance(reported, Ref) and reported.id):
            return reported
        shadow = string_shadow(call.receiver)
        text = shadow.term
        elements = {i: Sym(ord(ch), _int(z3.StrToCode(z3.SubString(text, i, 1)))) for i, ch in enumerate(shadow.value)}
        reported.array = ArrayShadow(Sym(len(shadow.value), _int(z3.Length(text))), "C", elements)
        return reported


MODELS: dict[tuple[str, str, str], Model] = {
    (STRING_CLASS, "indexOf", "(I)I"): IndexOf(last=False),
    (STRING_CLASS, "indexOf", "(II)I"): IndexOf(last=False),
    (STRING_CLASS, "indexOf", "(Ljava/lang/String;)I"): IndexOf(last=False),
    (STRING_CLASS, "indexOf", "(Ljava/lang/String;I)I"): IndexOf(last=False),
    (STRING_CLASS, "lastIndexOf", "(I)I"): IndexOf(last=True),
    (STRING_CLASS, "lastIndexOf", "(Ljava/lang/String;)I"): IndexOf(last=True),
    (STRING_CLASS, "substring", "(I)Ljava/lang/String;"): Substring(),
    (STRING_CLASS, "substring", "(II)Ljava/lang/String;"): Substring(),
    (STRING_CLASS, "trim", "()Ljava/lang/String;"): Unchanged("trim"),
    (STRING_CLASS, "strip", "()Ljava/lang/String;"): Unchanged("strip"),
    (STRING_CLASS, "toLowerCase", "()Ljava/lang/String;"): Unchanged("lower"),
    (STRING_CLASS, "toLowerCase", "(Ljava/util/Locale;)Ljava/lang/String;"): Unchanged("lower"),
    (STRING_CLASS, "toUpperCase", "()Ljava/lang/String;"): Unchanged("upper"),
    (STRING_CLASS, "toUpperCase", "(Ljava/util/Locale;)Ljava/lang/String;"): Unchanged("upper"),
    (STRING_CLASS, "toCharArray", "()[C"): ToCharArray(),
}
