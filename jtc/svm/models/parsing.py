"""Text turned into values: `Integer.parseInt`, `Long.parseLong` and `String.split` on a symbolic String.

parseInt's term is z3's `str.to_int` on a string of digits (with a decision that the string has
that shape, with a sign or without, and that a long one's value fits the type); any other text
throws NumberFormatException, the outcome left open. split on one plain character decides how many pieces the text has (how many
separators, and which trailing pieces are empty, which split drops), and gives each piece the term
of the text between two separators found by `indexOf`: any text with that many pieces takes the same
path, so the search can ask for three fields (`"a;b;c"`) where the code wants them, and rewrite
each field on its own. With a constant limit (`split(" ", 2)`, `split("=", -1)`) nothing is dropped
and the last of `limit` pieces holds the rest of the text. split on whitespace keeps the exact
shape of the text (where the separators are) as the decision, each piece the term of its
substring. Either way the other outcome of the decision lets the search try other shapes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import z3

from jtc.model.types import STRING_CLASS
from jtc.svm import path
from jtc.svm.models.base import Model
from jtc.svm.models.strings import char_class, sequence_of, symbolic_string
from jtc.svm.values import ArrayShadow, Ref, StringShadow, Sym, Value, is_symbolic, number, string_shadow

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

_WHITESPACE = frozenset(" \t\n\x0b\f\r")


class ParseInt(Model):
    """parseInt (32 bits) or parseLong (64 bits) as z3's `str.to_int` of the digits. The outcomes: up to
    `short` digits with no sign, a minus or a plus (every such number fits, and z3 settles these
    fast), anything else but a longer number (NumberFormatException), and a longer number that fits
    or overflows. The search is offered the longer numbers only from a run that parsed one: comparing
    `str.to_int` with the type's limit left z3 unsure of most queries that carried it. "Anything else"
    is one membership negated, `[+-]?[0-9]+`: as the six memberships of the other outcomes negated,
    z3 gave up on the size of a Unix listing line (a concatenation of two regex pieces) and settled
    it at once this way."""

    def __init__(self, bits: int = 32, short: int = 9) -> None:
        self.bits, self.largest, self.short = bits, 2 ** (bits - 1) - 1, short
        digit = z3.Range("0", "9")
        self.few, self.many = z3.Loop(digit, 1, short), z3.Concat(z3.Loop(digit, short + 1, short + 1), z3.Star(digit))
        self.number = z3.Concat(z3.Option(z3.Union(z3.Re("-"), z3.Re("+"))), z3.Plus(digit))

    def applies(self, call: PendingCall) -> bool:
        return symbolic_string(call.args[0])

    def _shape(self, value: str) -> str:
        match = re.fullmatch(r"([+-]?)([0-9]+)", value)
        if match is None:
            return "other"
        if len(match[2]) > self.short:
            return "overflow" if int(match[2]) > self.largest + (match[1] == "-") else "long"
        return {"": "digits", "-": "negative", "+": "plus"}[match[1]]

    @staticmethod
    def _signed(text: z3.SeqRef, sign: str, digits: z3.ReRef) -> z3.BoolRef:
        return z3.InRe(text, z3.Concat(z3.Re(z3.StringVal(sign)), digits) if sign else digits)

    @staticmethod
    def _magnitude(text: z3.SeqRef) -> z3.ArithRef:
        """The value of the digits, after a sign if there is one."""
        signed = z3.Or(z3.PrefixOf(z3.StringVal("-"), text), z3.PrefixOf(z3.StringVal("+"), text))
        return z3.StrToInt(z3.If(signed, z3.SubString(text, 1, z3.Length(text) - 1), text))

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        text = string_shadow(call.args[0]).term
        conditions = {"digits": self._signed(text, "", self.few), "negative": self._signed(text, "-", self.few),
                      "plus": self._signed(text, "+", self.few)}
        longer = z3.Or([self._signed(text, sign, self.many) for sign in ("", "-", "+")])
        conditions["other"] = z3.Not(z3.InRe(text, self.number))
        shape = self._shape(string_shadow(call.args[0]).value)
        if shape in ("long", "overflow"):
            fits = self._magnitude(text) <= z3.If(z3.PrefixOf(z3.StringVal("-"), text), self.largest + 1, self.largest)
            conditions["long"], conditions["overflow"] = z3.And(longer, fits), z3.And(longer, z3.Not(fits))
        others = tuple((label, cond) for label, cond in conditions.items() if label != shape)
        vm.decide_many(frame, path.DecisionKind.MODEL, shape, conditions[shape], others)
        return True

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        shadow = string_shadow(call.args[0])
        shape, text = self._shape(shadow.value), shadow.term
        if shape == "digits":
            return Sym(number(reported), z3.Int2BV(z3.StrToInt(text), self.bits))
        magnitude = z3.Int2BV(z3.StrToInt(z3.SubString(text, 1, z3.Length(text) - 1)), self.bits)
        if shape == "negative":
            return Sym(number(reported), -magnitude)
        if shape == "plus":
            return Sym(number(reported), magnitude)
        if shape == "long":
            value = z3.Int2BV(self._magnitude(text), self.bits)
            return Sym(number(reported), z3.If(z3.PrefixOf(z3.StringVal("-"), text), -value, value))
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


def _limit(call: PendingCall) -> int | None:
    """The limit of `split(regex, limit)` when the code passed a constant (0 for `split(regex)`);
    None for a limit that depends on the inputs."""
    if len(call.args) == 1:
        return 0
    limit = call.args[1]
    return None if is_symbolic(limit) else int(number(limit))


def split_with_limit(value: str, separator: str, limit: int) -> list[str]:
    """`value.split(separator, limit)` as Java gives it for one plain character and limit != 0:
    no piece is dropped, and the last of `limit` pieces (limit > 0) holds the rest of the text."""
    return value.split(separator, limit - 1) if limit > 0 else value.split(separator)


def _pieces_shape(text: z3.SeqRef, separator: str, limit: int, pieces: int) -> z3.BoolRef:
    """That `text.split(separator, limit)` gives `pieces` pieces: a regular expression of the text."""
    sep, other = z3.Re(z3.StringVal(separator)), char_class(separator, negated=True)
    leading = [z3.Concat(z3.Star(other), sep)] * (pieces - 1)
    if limit:
        rest = z3.Star(z3.AllChar(z3.ReSort(z3.StringSort()))) if pieces == limit else z3.Star(other)
        return z3.InRe(text, z3.Concat(*leading, rest) if leading else rest)
    if pieces == 0:  # nothing but separators
        return z3.InRe(text, z3.Plus(sep))
    tail = z3.Star(sep)
    shape = z3.InRe(text, z3.Concat(*leading, z3.Plus(other), tail) if leading else z3.Concat(z3.Plus(other), tail))
    return z3.Or(z3.Length(text) == 0, shape) if pieces == 1 else shape  # "" splits into one empty piece


PIECE = "split-piece"  # the prefix of the pieces' names, apart from every input's


class SplitOnChar(Model):
    """`split` on one plain character: a decision on the number of pieces (a regular expression of
    the text: that many pieces of non-separators, the last one not empty, then any separators,
    which split drops), whose other outcomes are one piece fewer and one more (as "none of the counts
    seen", a negated membership, z3 gave up on MLSx's queries at the thorough limit), and the pieces
    as strings the path defines. With a constant limit, the text
    has exactly one separator fewer than pieces, or, when it is cut at the limit, anything after the
    last separator taken."""

    def applies(self, call: PendingCall) -> bool:
        return _single_separator(call) is not None and _limit(call) is not None

    @staticmethod
    def _shape(call: PendingCall) -> tuple[StringShadow, str, int, int]:
        shadow, separator, limit = string_shadow(call.receiver), _single_separator(call), _limit(call)
        assert separator is not None and limit is not None
        if limit:
            return shadow, separator, limit, len(split_with_limit(shadow.value, separator, limit))
        pieces = len(java_split(shadow.value, frozenset(separator), False)) if shadow.value else 1
        return shadow, separator, limit, pieces

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        shadow, separator, limit, pieces = self._shape(call)
        if limit == 1:
            return True  # the whole text, whatever it holds
        fewest = 0 if limit == 0 else 1
        others = tuple((("pieces", count), _pieces_shape(shadow.term, separator, limit, count))
                       for count in (pieces - 1, pieces + 1) if count >= fewest and (limit <= 0 or count <= limit))
        vm.decide_many(frame, path.DecisionKind.MODEL, ("pieces", pieces),
                       _pieces_shape(shadow.term, separator, limit, pieces), others)
        return True

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        if not (isinstance(reported, Ref) and reported.id):
            return reported
        shadow, separator, limit, pieces = self._shape(call)
        values = split_with_limit(shadow.value, separator, limit) if limit else shadow.value.split(separator)
        if limit == 1:
            terms = [shadow.term]  # the whole text
        else:
            terms = self._pieces(vm, frame, shadow.term, separator, limit, pieces)
        elements = {i: StringShadow(terms[i], values[i], shadow.max_length) for i in range(pieces)}
        reported.array = ArrayShadow(pieces, "Ljava/lang/String;", strings=elements)
        return reported

    @staticmethod
    def _pieces(vm: Machine, frame: Frame, text: z3.SeqRef, separator: str, limit: int,
                pieces: int) -> list[z3.SeqRef]:
        """The pieces as fresh strings that the path defines: the text is the pieces with a separator
        between each two (and, without a limit, the separators split dropped after the last); a piece
        holds no separator, except the last of `limit` pieces, and the last is not empty without a
        limit (unless it is the only one). The decision on the number of pieces came first, so the definition adds nothing to it and
        has no other outcome. Stated so, z3 settled MLSx's queries on the pieces at a tenth of the work
        it spent on pieces between `indexOf` positions."""
        if not pieces:
            return []
        number = len(vm.decisions)
        sep, other = z3.StringVal(separator), char_class(separator, negated=True)
        terms = [z3.String(f"{PIECE}-{number}-{index}") for index in range(pieces)]
        conditions = [z3.InRe(piece, z3.Star(other)) for piece in terms[:-1]]
        parts: list[z3.SeqRef] = []
        for piece in terms:
            parts += [piece, sep]
        parts.pop()
        if limit == 0:
            dropped = z3.String(f"{PIECE}-{number}-dropped")
            last = z3.Plus(other) if pieces > 1 else z3.Star(other)  # "" is one empty piece
            conditions += [z3.InRe(terms[-1], last), z3.InRe(dropped, z3.Star(z3.Re(sep)))]
            parts.append(dropped)
        elif pieces < limit or limit < 0:
            conditions.append(z3.InRe(terms[-1], z3.Star(other)))
        whole = z3.Concat(*parts) if len(parts) > 1 else parts[0]
        vm.decide_many(frame, path.DecisionKind.MODEL, ("split into", pieces), z3.And(*conditions, text == whole), ())
        return terms


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
        """Whitespace splits are modelled without a limit only."""
        return self.on_char.applies(call) or (_limit(call) == 0 and self.by_shape.applies(call))

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        return self._model(call).before(vm, frame, call)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        return self._model(call).after(vm, frame, call, reported)


MODELS: dict[tuple[str, str, str], Model] = {
    ("java/lang/Integer", "parseInt", "(Ljava/lang/String;)I"): ParseInt(),
    ("java/lang/Integer", "valueOf", "(Ljava/lang/String;)Ljava/lang/Integer;"): ParseInt(),
    ("java/lang/Long", "parseLong", "(Ljava/lang/String;)J"): ParseInt(64, 18),
    (STRING_CLASS, "split", "(Ljava/lang/String;)[Ljava/lang/String;"): Split(),
    (STRING_CLASS, "split", "(Ljava/lang/String;I)[Ljava/lang/String;"): Split(),
}
