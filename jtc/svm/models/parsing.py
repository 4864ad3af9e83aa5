"""Text turned into values: `Integer.parseInt` and `String.split` on a symbolic String.

parseInt's term is z3's `str.to_int` on a string of digits (with a decision that the string has
that shape, or a minus sign and digits); any other shape throws NumberFormatException, the
outcome left open. split on one plain character decides how many pieces the text has (how many
separators, and which trailing pieces are empty, which split drops), and gives each piece the term
of the text between two separators found by `indexOf`: any text with that many pieces takes the same
path, so the search can ask for three fields (`"a;b;c"`) where the code wants them, and rewrite
each field on its own. split on whitespace keeps the exact shape of the text (where the separators
are) as the decision, each piece the term of its substring. Either way the other outcome of the
decision lets the search try other shapes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import z3

from jtc.model.types import STRING_CLASS
from jtc.svm import path
from jtc.svm.models.base import Model
from jtc.svm.models.strings import char_class, sequence_of, symbolic_string
from jtc.svm.values import ArrayShadow, Ref, StringShadow, Sym, Value, number, string_shadow

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

MAX_DIGITS = 9  # every 9-digit number fits an int
_WHITESPACE = frozenset(" \t\n\x0b\f\r")


_DIGITS = z3.Loop(z3.Range("0", "9"), 1, MAX_DIGITS)  # 1 to MAX_DIGITS digits


class ParseInt(Model):
    def applies(self, call: PendingCall) -> bool:
        return symbolic_string(call.args[0])

    def _shapes(self, shadow: StringShadow) -> tuple[str, z3.BoolRef, z3.BoolRef]:
        text = shadow.term
        positive = z3.InRe(text, _DIGITS)
        negative = z3.InRe(text, z3.Concat(z3.Re(z3.StringVal("-")), _DIGITS))
        value = shadow.value
        if re.fullmatch(r"[0-9]{1,%d}" % MAX_DIGITS, value):
            return "digits", positive, negative
        if re.fullmatch(r"-[0-9]{1,%d}" % MAX_DIGITS, value):
            return "negative", positive, negative
        return "other", positive, negative

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        shape, positive, negative = self._shapes(string_shadow(call.args[0]))
        conditions = {"digits": positive, "negative": z3.And(z3.Not(positive), negative),
                      "other": z3.And(z3.Not(positive), z3.Not(negative))}
        others = tuple((label, cond) for label, cond in conditions.items() if label != shape)
        vm.decide_many(frame, path.DecisionKind.MODEL, shape, conditions[shape], others)
        return True

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        shadow = string_shadow(call.args[0])
        shape = self._shapes(shadow)[0]
        text = shadow.term
        if shape == "digits":
            return Sym(number(reported), z3.Int2BV(z3.StrToInt(text), 32))
        if shape == "negative":
            return Sym(number(reported), -z3.Int2BV(z3.StrToInt(z3.SubString(text, 1, z3.Length(text) - 1)), 32))
        return reported


def _separator(regex: str) -> frozenset[str] | None:
    """The characters a regex of split separates on: runs of whitespace, or one plain character."""
    if regex in ("\\s+", "\\s", " +", " "):
        return frozenset(" ") if regex.startswith(" ") else _WHITESPACE
    if len(regex) == 1 and regex not in ".$|()[{^?*+\\":
        return frozenset(regex)
    if len(regex) == 2 and regex[0] == "\\" and not regex[1].isalnum():
        return frozenset(regex[1])
    return None


def java_split(value: str, separators: frozenset[str], runs: bool) -> list[tuple[int, int]]:
    """(start, end) of each piece as String.split gives them: a separator (or a run of them, for a
    `+` regex) ends a piece; trailing empty pieces are dropped, and so is everything when only
    separators were there."""
    pieces, start, i = [], 0, 0
    while i < len(value):
        if value[i] in separators:
            pieces.append((start, i))
            while runs and i + 1 < len(value) and value[i + 1] in separators:
                i += 1
            start = i + 1
        i += 1
    pieces.append((start, len(value)))
    while pieces and pieces[-1][0] == pieces[-1][1]:
        pieces.pop()
    return pieces if value else [(0, 0)]


class SplitOnChar(Model):
    """`split` on one plain character: a decision on the number of pieces (a regular expression of
    the text: that many pieces of non-separators, the last one not empty, then any separators,
    which split drops), and each piece the text between two separators found by indexOf."""

    def applies(self, call: PendingCall) -> bool:
        return _single_separator(call) is not None

    @staticmethod
    def _shape(call: PendingCall) -> tuple[StringShadow, str, int]:
        shadow, separator = string_shadow(call.receiver), _single_separator(call)
        assert separator is not None
        return shadow, separator, len(java_split(shadow.value, frozenset(separator), False)) if shadow.value else 1

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        shadow, separator, pieces = self._shape(call)
        text, sep, other = shadow.term, z3.Re(z3.StringVal(separator)), char_class(separator, negated=True)
        tail = z3.Star(sep)
        if pieces == 0:  # nothing but separators
            shape = z3.InRe(text, z3.Plus(sep))
        else:
            leading = [z3.Concat(z3.Star(other), sep)] * (pieces - 1)
            shape = z3.InRe(text, z3.Concat(*leading, z3.Plus(other), tail) if leading else z3.Concat(z3.Plus(other), tail))
            if pieces == 1:
                shape = z3.Or(z3.Length(text) == 0, shape)  # "" splits into one empty piece
        vm.decide_open(frame, path.DecisionKind.MODEL, ("pieces", pieces), shape, text)
        return True

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        if not (isinstance(reported, Ref) and reported.id):
            return reported
        shadow, separator, pieces = self._shape(call)
        text, found = shadow.term, z3.StringVal(separator)
        ends: list[z3.ArithRef] = [z3.IntVal(-1)]
        for _ in range(pieces):
            following = z3.IndexOf(text, found, ends[-1] + 1)
            ends.append(z3.If(following >= 0, following, z3.Length(text)))
        values = shadow.value.split(separator)
        elements = {i: StringShadow(z3.SubString(text, ends[i] + 1, ends[i + 1] - ends[i] - 1), values[i],
                                    shadow.max_length) for i in range(pieces)}
        reported.array = ArrayShadow(pieces, "Ljava/lang/String;", strings=elements)
        return reported


def _single_separator(call: PendingCall) -> str | None:
    """The character a `split` on a symbolic text separates on, when its regex is one plain char."""
    regex = call.args[0]
    if not (symbolic_string(call.receiver) and isinstance(regex, Ref) and regex.string is not None
            and z3.is_string_value(regex.string.term)):
        return None
    separators = _separator(regex.string.value)
    return next(iter(separators)) if separators is not None and len(separators) == 1 \
        and not regex.string.value.endswith("+") else None


class SplitByShape(Model):
    """`split` on whitespace (or runs of spaces): the exact shape of the text is the decision."""

    def applies(self, call: PendingCall) -> bool:
        regex = call.args[0]
        return symbolic_string(call.receiver) and isinstance(regex, Ref) and regex.string is not None \
            and z3.is_string_value(regex.string.term) and _separator(regex.string.value) is not None

    def _layout(self, call: PendingCall) -> tuple[StringShadow, frozenset[str], z3.BoolRef]:
        shadow = string_shadow(call.receiver)
        separators = _separator(string_shadow(call.args[0]).value)
        assert separators is not None
        chars = "".join(sorted(separators))
        separator, other = char_class(chars), char_class(chars, negated=True)
        layout = sequence_of([separator if ch in separators else other for ch in shadow.value])
        return shadow, separators, z3.InRe(shadow.term, layout)

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        shadow, separators, cond = self._layout(call)
        layout = ("layout", len(shadow.value), tuple(i for i, ch in enumerate(shadow.value) if ch in separators))
        vm.decide_open(frame, path.DecisionKind.MODEL, layout, cond, shadow.term)
        return True

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        if not (isinstance(reported, Ref) and reported.id):
            return reported
        shadow, separators, _ = self._layout(call)
        runs = string_shadow(call.args[0]).value.endswith("+")
        pieces = java_split(shadow.value, separators, runs)
        elements = {index: StringShadow(z3.SubString(shadow.term, start, end - start), shadow.value[start:end],
                                        shadow.max_length) for index, (start, end) in enumerate(pieces)}
        reported.array = ArrayShadow(len(pieces), "Ljava/lang/String;", strings=elements)
        return reported


class Split(Model):
    """`split`: on one plain character by the number of pieces, on whitespace by the text's shape."""

    def __init__(self) -> None:
        self.on_char, self.by_shape = SplitOnChar(), SplitByShape()

    def _model(self, call: PendingCall) -> Model:
        return self.on_char if self.on_char.applies(call) else self.by_shape

    def applies(self, call: PendingCall) -> bool:
        return self._model(call).applies(call)

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        return self._model(call).before(vm, frame, call)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        return self._model(call).after(vm, frame, call, reported)


MODELS: dict[tuple[str, str, str], Model] = {
    ("java/lang/Integer", "parseInt", "(Ljava/lang/String;)I"): ParseInt(),
    ("java/lang/Integer", "valueOf", "(Ljava/lang/String;)Ljava/lang/Integer;"): ParseInt(),
    (STRING_CLASS, "split", "(Ljava/lang/String;)[Ljava/lang/String;"): Split(),
}
