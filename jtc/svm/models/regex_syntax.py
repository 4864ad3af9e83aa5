"""java.util.regex syntax read into a small tree, so that a pattern can become a z3 regular expression.

Only what a regular language can say is kept: chars and classes (each as ranges of UTF-16 units),
sequences, alternatives, repetitions, groups and the anchors at either end. What a regular language
cannot say the way Java's backtracking matcher does (back-references, look-around, atomic groups,
possessive quantifiers, word boundaries, Unicode case folding) raises `NotRegular`, and the caller
leaves the match to the JVM. Where the JDK's Unicode tables may differ from Python's (general
categories), a class carries two sets: `sure`, chars in it whatever the JDK's Unicode version, and
`maybe`, chars that may be in it; elsewhere the two are the same.

The semantics are the JDK's (9 and later) as the `Pattern` documentation gives them and as the
semantics tests check against the JVM: a negated class negates all of its members, nested classes
and intersections included; CASE_INSENSITIVE folds US-ASCII letters only; `.` stops at the line
terminators \\n \\r \\u0085 \\u2028 \\u2029 (only \\n under UNIX_LINES) unless DOTALL.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from typing import Union

Ranges = tuple[tuple[int, int], ...]  # sorted, disjoint, not adjacent; inclusive UTF-16 code units
MAX_CHAR = 0xFFFF

UNIX_LINES, CASE_INSENSITIVE, COMMENTS, MULTILINE, LITERAL, DOTALL = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
UNICODE_CASE, CANON_EQ, UNICODE_CHARACTER_CLASS = 0x40, 0x80, 0x100
_INLINE = {"d": UNIX_LINES, "i": CASE_INSENSITIVE, "x": COMMENTS, "m": MULTILINE, "s": DOTALL,
           "u": UNICODE_CASE, "U": UNICODE_CHARACTER_CLASS}


class NotRegular(Exception):
    """A construct whose Java meaning no regular expression states (its name is the message)."""


class PatternError(Exception):
    """Not a pattern Java accepts (Pattern.compile throws)."""


def ranges_of(*pairs: tuple[int, int]) -> Ranges:
    """Ranges normalised: sorted, overlapping and adjacent ones merged."""
    merged: list[tuple[int, int]] = []
    for low, high in sorted(pairs):
        if merged and low <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(high, merged[-1][1]))
        else:
            merged.append((low, high))
    return tuple(merged)


def union(*sets: Ranges) -> Ranges:
    return ranges_of(*(pair for ranges in sets for pair in ranges))


def complement(ranges: Ranges) -> Ranges:
    result, start = [], 0
    for low, high in ranges:
        if low > start:
            result.append((start, low - 1))
        start = high + 1
    if start <= MAX_CHAR:
        result.append((start, MAX_CHAR))
    return tuple(result)


def intersect(a: Ranges, b: Ranges) -> Ranges:
    return complement(union(complement(a), complement(b)))


def chars_of(text: str) -> Ranges:
    return ranges_of(*((ord(c), ord(c)) for c in text))


def contains(ranges: Ranges, code: int) -> bool:
    return any(low <= code <= high for low, high in ranges)


@dataclass(frozen=True)
class Chars:
    """One char of a set: `sure` ⊆ the JDK's set ⊆ `maybe` (the same object when exact)."""

    sure: Ranges
    maybe: Ranges

    @staticmethod
    def exact(ranges: Ranges) -> Chars:
        return Chars(ranges, ranges)

    @property
    def is_exact(self) -> bool:
        return self.sure == self.maybe

    def negated(self) -> Chars:
        return Chars(complement(self.maybe), complement(self.sure))

    def __or__(self, other: Chars) -> Chars:
        return Chars(union(self.sure, other.sure), union(self.maybe, other.maybe))

    def __and__(self, other: Chars) -> Chars:
        return Chars(intersect(self.sure, other.sure), intersect(self.maybe, other.maybe))


@dataclass(frozen=True)
class Seq:
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Alt:
    options: tuple[Node, ...]


@dataclass(frozen=True)
class Repeat:
    node: Node
    low: int
    high: int | None  # None: unbounded


@dataclass(frozen=True)
class Group:
    node: Node
    index: int  # its number, counted by opening parentheses from 1


@dataclass(frozen=True)
class Anchor:
    kind: str  # "start" (^ \A), "end" (\z), "end-or-terminator" ($ \Z)


Node = Union[Chars, Seq, Alt, Repeat, Group, Anchor]


@dataclass(frozen=True)
class Regex:
    node: Node
    groups: int
    names: tuple[tuple[str, int], ...]  # named groups and their numbers
    flags: int  # as given to compile (inline flags apply inside the tree)


EMPTY = Seq(())
LINE_TERMINATORS = chars_of("\n\r\u0085\u2028\u2029")
DIGITS = chars_of("0123456789")
WORD = union(ranges_of((0x61, 0x7A), (0x41, 0x5A), (0x30, 0x39)), chars_of("_"))
SPACE = chars_of(" \t\n\x0b\f\r")
HORIZONTAL = union(chars_of(" \t\xa0\u1680\u180e\u202f\u205f\u3000"), ranges_of((0x2000, 0x200A)))
VERTICAL = chars_of("\n\x0b\f\r\x85\u2028\u2029")
_PUNCT = chars_of("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
POSIX: dict[str, Ranges] = {
    "Lower": ranges_of((0x61, 0x7A)), "Upper": ranges_of((0x41, 0x5A)), "ASCII": ranges_of((0, 0x7F)),
    "Alpha": ranges_of((0x61, 0x7A), (0x41, 0x5A)), "Digit": DIGITS,
    "Alnum": ranges_of((0x61, 0x7A), (0x41, 0x5A), (0x30, 0x39)), "Punct": _PUNCT,
    "Graph": union(ranges_of((0x61, 0x7A), (0x41, 0x5A), (0x30, 0x39)), _PUNCT),
    "Print": union(ranges_of((0x61, 0x7A), (0x41, 0x5A), (0x30, 0x39)), _PUNCT, chars_of(" ")),
    "Blank": chars_of(" \t"), "Cntrl": ranges_of((0, 0x1F), (0x7F, 0x7F)),
    "XDigit": ranges_of((0x30, 0x39), (0x61, 0x66), (0x41, 0x46)), "Space": SPACE,
}
_CATEGORIES = ("Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf",
               "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn")


@functools.lru_cache(maxsize=None)
def _category_table() -> tuple[dict[str, list[tuple[int, int]]], Ranges]:
    """Chars by general category where Unicode 3.2 and Python's Unicode agree (the JDK's version lies
    between or after them, and assigned chars keep their category), and the chars that are uncertain:
    unassigned in either, or moved."""
    by_category: dict[str, list[tuple[int, int]]] = {}
    uncertain: list[tuple[int, int]] = []
    old = unicodedata.ucd_3_2_0
    for code in range(MAX_CHAR + 1):
        char = chr(code)
        now, then = unicodedata.category(char), old.category(char)
        target = uncertain if now != then or now == "Cn" else by_category.setdefault(now, [])
        if target and target[-1][1] == code - 1:
            target[-1] = (target[-1][0], code)
        else:
            target.append((code, code))
    return by_category, tuple(uncertain)


MAX_RUNS = 32  # ranges of a Unicode class kept on either side (z3 slows down on hundreds)


def _longest_runs(ranges: Ranges) -> Ranges:
    return ranges_of(*sorted(ranges, key=lambda pair: pair[0] - pair[1])[:MAX_RUNS])


def category(name: str) -> Chars | None:
    """A general category (`Lu`), a major class (`L`) or `LC`, None for other names. Its longest
    runs of chars only (MAX_RUNS): `sure` drops the short runs in it, `maybe` fills the short gaps
    between them; the many single chars of Lu and Ll alternating in Latin Extended made z3 take
    seconds for one string."""
    members = [c for c in _CATEGORIES if c == name or (len(name) == 1 and c[0] == name)
               or (name == "LC" and c in ("Lu", "Ll", "Lt"))]
    if not members:
        return None
    table, uncertain = _category_table()
    sure = union(*(tuple(table.get(member, ())) for member in members))
    return Chars(_longest_runs(sure), complement(_longest_runs(complement(union(sure, uncertain)))))


class _Parser:
    def __init__(self, pattern: str, flags: int) -> None:
        self.text = pattern
        self.pos = 0
        self.flags = flags
        self.groups = 0
        self.names: dict[str, int] = {}

    # ---- reading -------------------------------------------------------------------------

    def _skip_comments(self) -> None:
        if not self.flags & COMMENTS:
            return
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char in " \t\n\x0b\f\r":
                self.pos += 1
            elif char == "#":
                while self.pos < len(self.text) and self.text[self.pos] not in "\n\r\u0085\u2028\u2029":
                    self.pos += 1
            else:
                return

    def _peek(self) -> str | None:
        self._skip_comments()
        return self.text[self.pos] if self.pos < len(self.text) else None

    def _next(self) -> str:
        char = self._peek()
        if char is None:
            raise PatternError("unexpected end of pattern")
        self.pos += 1
        return char

    def _take(self, expected: str) -> bool:
        if self._peek() == expected:
            self.pos += 1
            return True
        return False

    # ---- structure -----------------------------------------------------------------------

    def parse(self) -> Node:
        node = self._alternatives()
        if self.pos < len(self.text):
            raise PatternError(f"unmatched ')' at {self.pos}")
        return node

    def _alternatives(self) -> Node:
        options = [self._sequence()]
        while self._take("|"):
            options.append(self._sequence())
        return options[0] if len(options) == 1 else Alt(tuple(options))

    def _sequence(self) -> Node:
        items: list[Node] = []
        while (char := self._peek()) is not None and char not in "|)":
            atom = self._atom()
            if atom is not None:
                items.append(self._quantified(atom))
        return items[0] if len(items) == 1 else Seq(tuple(items))

    def _quantified(self, atom: Node) -> Node:
        while True:
            char = self._peek()
            if char in ("*", "+", "?"):
                self.pos += 1
                low, high = {"*": (0, None), "+": (1, None), "?": (0, 1)}[char]
            elif char == "{":
                self.pos += 1
                low, high = self._bounds()
            else:
                return atom
            if isinstance(atom, Anchor):
                raise NotRegular("a repeated anchor")
            if self._take("+"):
                raise NotRegular("a possessive quantifier")
            self._take("?")  # reluctant: the same language, another preference among matches
            atom = Repeat(atom, low, high)

    def _bounds(self) -> tuple[int, int | None]:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] != "}":
            self.pos += 1
        body = self.text[start:self.pos]
        if self.pos >= len(self.text):
            raise PatternError("unclosed counted closure")
        self.pos += 1
        low_text, comma, high_text = body.partition(",")
        if not low_text.isdigit() or (high_text and not high_text.isdigit()):
            raise PatternError(f"illegal repetition {{{body}}}")
        low = int(low_text)
        high = None if comma and not high_text else int(high_text) if comma else low
        if high is not None and high < low:
            raise PatternError(f"illegal repetition range {{{body}}}")
        return low, high

    def _atom(self) -> Node | None:
        char = self._next()
        if char == "(":
            return self._group()
        if char == "[":
            return self._class()
        if char == ".":
            if self.flags & DOTALL:
                return Chars.exact(((0, MAX_CHAR),))
            return Chars.exact(complement(chars_of("\n") if self.flags & UNIX_LINES else LINE_TERMINATORS))
        if char == "^":
            if self.flags & MULTILINE:
                raise NotRegular("a line anchor (MULTILINE)")
            return Anchor("start")
        if char == "$":
            if self.flags & MULTILINE:
                raise NotRegular("a line anchor (MULTILINE)")
            return Anchor("end-or-terminator")
        if char == "\\":
            return self._escape(in_class=False)
        if char in "*+?{":
            raise PatternError(f"dangling meta character {char!r}")
        return self._literal(ord(char))

    def _literal(self, code: int) -> Chars:
        return Chars.exact(self._folded(((code, code),)))

    def _folded(self, ranges: Ranges) -> Ranges:
        """Under CASE_INSENSITIVE, the ASCII letters of `ranges` with their other case."""
        if not self.flags & CASE_INSENSITIVE:
            return ranges
        if self.flags & UNICODE_CASE:
            raise NotRegular("Unicode case folding")
        extra = []
        for low, high in ranges:
            for code in range(max(low, 0x41), min(high, 0x7A) + 1):
                if 0x41 <= code <= 0x5A or 0x61 <= code <= 0x7A:
                    other = code ^ 0x20
                    extra.append((other, other))
        return ranges_of(*ranges, *extra)

    def _group(self) -> Node | None:
        saved = self.flags
        index: int | None = None
        if self.text.startswith("?", self.pos):
            self.pos += 1
            kind = self._next()
            if kind == ":":
                pass
            elif kind in "=!" or (kind == "<" and self.text[self.pos:self.pos + 1] in ("=", "!")):
                raise NotRegular("look-around")
            elif kind == ">":
                raise NotRegular("an atomic group")
            elif kind == "<":
                end = self.text.find(">", self.pos)
                if end < 0:
                    raise PatternError("unclosed group name")
                self.groups += 1
                index = self.groups
                self.names[self.text[self.pos:end]] = index
                self.pos = end + 1
            else:
                self.pos -= 1
                if self._inline_flags():  # (?i) alone: the flags hold to the end of the enclosing group
                    return None
        else:
            self.groups += 1
            index = self.groups
        body = self._alternatives()
        if not self._take(")"):
            raise PatternError("unclosed group")
        self.flags = saved
        return Group(body, index) if index is not None else body

    def _inline_flags(self) -> bool:
        """Read `idmsuxU-idmsuxU` then `)` (True: flags for the rest of the group) or `:`."""
        on = True
        while self.pos < len(self.text):
            char = self.text[self.pos]
            self.pos += 1
            if char == "-":
                on = False
            elif char in _INLINE:
                self.flags = self.flags | _INLINE[char] if on else self.flags & ~_INLINE[char]
            elif char in "):":
                if self.flags & (UNICODE_CHARACTER_CLASS | CANON_EQ):
                    raise NotRegular("Unicode character classes")
                return char == ")"
            else:
                raise PatternError(f"unknown inline modifier {char!r}")
        raise PatternError("unclosed group")

    # ---- escapes and classes -------------------------------------------------------------

    def _escape(self, in_class: bool) -> Node:
        if self.pos >= len(self.text):
            raise PatternError("unexpected end after '\\'")
        char = self.text[self.pos]
        self.pos += 1
        predefined = {"d": DIGITS, "s": SPACE, "w": WORD, "h": HORIZONTAL, "v": VERTICAL}
        if char.lower() in predefined:
            ranges = predefined[char.lower()]
            return Chars.exact(complement(ranges) if char.isupper() else ranges)
        if char in "pP":
            chars = self._property()
            return chars.negated() if char == "P" else chars
        if not in_class and char in "AzZ":
            return Anchor({"A": "start", "z": "end", "Z": "end-or-terminator"}[char])
        if char.isdigit() and char != "0" or char == "k" or char in "bBGRXN":
            raise NotRegular({"b": "a word boundary", "B": "a word boundary", "G": "\\G", "R": "\\R",
                              "X": "\\X", "N": "\\N"}.get(char, "a back-reference"))
        return self._literal(self._escaped_code(char))

    def _escaped_code(self, char: str) -> int:
        simple = {"t": 9, "n": 10, "r": 13, "f": 12, "a": 7, "e": 27}
        if char in simple:
            return simple[char]
        if char == "0":
            digits = ""
            while self.pos < len(self.text) and len(digits) < 3 and self.text[self.pos] in "01234567":
                if len(digits) == 2 and digits[0] > "3":
                    break
                digits += self.text[self.pos]
                self.pos += 1
            if not digits:
                raise PatternError("illegal octal escape")
            return int(digits, 8)
        if char == "x":
            if self.text.startswith("{", self.pos):
                end = self.text.find("}", self.pos)
                code = self._hex(self.text[self.pos + 1:end] if end > 0 else "")
                self.pos = end + 1
            else:
                code = self._hex(self.text[self.pos:self.pos + 2], 2)
                self.pos += 2
            if code > MAX_CHAR:
                raise NotRegular("a supplementary character")
            return code
        if char == "u":
            code = self._hex(self.text[self.pos:self.pos + 4], 4)
            self.pos += 4
            return code
        if char == "c":
            if self.pos >= len(self.text):
                raise PatternError("illegal control escape")
            self.pos += 1
            return ord(self.text[self.pos - 1]) ^ 64
        if char.isalpha():
            raise PatternError(f"illegal escape \\{char}")
        return ord(char)

    @staticmethod
    def _hex(digits: str, length: int | None = None) -> int:
        if not digits or (length is not None and len(digits) != length) \
                or any(d not in "0123456789abcdefABCDEF" for d in digits):
            raise PatternError("illegal hexadecimal escape")
        return int(digits, 16)

    def _property(self) -> Chars:
        if self.text.startswith("{", self.pos):
            end = self.text.find("}", self.pos)
            if end < 0:
                raise PatternError("unclosed character family")
            name = self.text[self.pos + 1:end]
            self.pos = end + 1
        else:
            name = self.text[self.pos:self.pos + 1]
            self.pos += 1
        if self.flags & UNICODE_CHARACTER_CLASS:
            raise NotRegular("Unicode character classes")
        if name in POSIX:
            ranges = POSIX[name]
            if self.flags & CASE_INSENSITIVE and name in ("Lower", "Upper"):
                return Chars(ranges, POSIX["Alpha"])  # whether the JDK folds these varies by release
            return Chars.exact(ranges)
        for prefix in ("general_category=", "gc=", "Is", ""):
            if name.startswith(prefix) and (found := category(name[len(prefix):])) is not None:
                return found
        if name in ("IsDigit",):
            return category("Nd")  # type: ignore[return-value]
        if name in ("IsLetter",):
            return category("L")  # type: ignore[return-value]
        raise NotRegular(f"the property \\p{{{name}}}")

    def _class(self) -> Chars:
        """A bracketed class after its '['; negation applies to all of it (JDK 9 and later)."""
        negated = self._take("^")
        chars = self._class_body(first=True)
        return chars.negated() if negated else chars

    def _class_body(self, first: bool) -> Chars:
        """Members up to the closing ']' (consumed): a union, then `&&` intersections."""
        result: Chars | None = None
        while True:
            char = self._peek()
            if char is None:
                raise PatternError("unclosed character class")
            if char == "]" and not (first and result is None):
                self.pos += 1
                return result if result is not None else Chars.exact(())
            if self.text.startswith("&&", self.pos):
                self.pos += 2
                right = self._class_body(first=False)
                return (result & right) if result is not None else right
            member = self._class_member()
            result = member if result is None else result | member
            first = False

    def _class_member(self) -> Chars:
        char = self._next()
        if char == "[":
            return self._class()
        if char == "\\":
            if self.text[self.pos:self.pos + 1] in tuple("dDsSwWhHvVpP"):
                return self._escape(in_class=True)  # type: ignore[return-value]
            low = self._escaped_code(self._next_raw())
        else:
            low = ord(char)
        if self.text.startswith("-", self.pos) and self.pos + 1 < len(self.text) \
                and self.text[self.pos + 1] not in "[]" and not self.text.startswith("&&", self.pos + 1):
            self.pos += 1
            high_char = self._next()
            high = self._escaped_code(self._next_raw()) if high_char == "\\" else ord(high_char)
            if high < low:
                raise PatternError("illegal character range")
            return Chars.exact(self._folded(((low, high),)))
        return Chars.exact(self._folded(((low, low),)))

    def _next_raw(self) -> str:
        if self.pos >= len(self.text):
            raise PatternError("unexpected end of pattern")
        self.pos += 1
        return self.text[self.pos - 1]


def _quoted(pattern: str) -> str:
    """\\Q…\\E runs replaced by their chars escaped one by one (outside classes)."""
    if "\\Q" not in pattern:
        return pattern
    out: list[str] = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("\\Q", i):
            end = pattern.find("\\E", i + 2)
            body = pattern[i + 2:] if end < 0 else pattern[i + 2:end]
            out.extend(_escaped(c) for c in body)
            i = len(pattern) if end < 0 else end + 2
        elif pattern[i] == "\\" and i + 1 < len(pattern):
            out.append(pattern[i:i + 2])
            i += 2
        else:
            out.append(pattern[i])
            i += 1
    return "".join(out)


def _escaped(char: str) -> str:
    return "\\" + char if not char.isalnum() else f"\\u{ord(char):04x}"


@functools.lru_cache(maxsize=512)
def parse(pattern: str, flags: int = 0) -> Regex:
    """The tree of `pattern` compiled with `flags`; raises NotRegular or PatternError."""
    if flags & (CANON_EQ | UNICODE_CHARACTER_CLASS):
        raise NotRegular("CANON_EQ or UNICODE_CHARACTER_CLASS")
    if flags & CASE_INSENSITIVE and flags & UNICODE_CASE:
        raise NotRegular("Unicode case folding")
    if flags & LITERAL:
        parser = _Parser("", flags & ~COMMENTS)
        return Regex(Seq(tuple(parser._literal(ord(c)) for c in pattern)), 0, (), flags)
    parser = _Parser(_quoted(pattern), flags)
    node = parser.parse()
    return Regex(node, parser.groups, tuple(parser.names.items()), flags)
