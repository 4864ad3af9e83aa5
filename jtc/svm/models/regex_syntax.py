"""java.util.regex syntax read into a small tree, so that a pattern can become a z3 regular expression.

Only what a regular language can say is kept: chars and classes (each as ranges of UTF-16 units),
sequences, alternatives, repetitions, groups and the anchors at either end. What a regular language
cannot say the way Java's backtracking matcher does (back-references, look-around, atomic groups,
possessive quantifiers, word boundaries, Unicode case folding) raises `NotRegular`, and the caller
leaves the match to the JVM. Where the JDK's Unicode tables may differ from Python's (general
categories), a class carries two sets: `sure`, chars in it whatever the JDK's Unicode version, and
`maybe`, chars that may be in it; elsewhere the two are the same (the sets: regex_chars.py).

Three readers share one cursor: `_Cursor` the lexical pieces (chars, escapes, bounds, names, inline
flags), `_CharParser` what stands for one char (literals, escapes, bracketed classes), `_Parser` the
structure (alternatives, sequences, repetitions, groups).

The semantics are the JDK's (9 and later) as the `Pattern` documentation gives them and as the
semantics tests check against the JVM: a negated class negates all of its members, nested classes
and intersections included; CASE_INSENSITIVE folds US-ASCII letters only; `.` stops at the line
terminators \\n \\r \\u0085 \\u2028 \\u2029 (only \\n under UNIX_LINES) unless DOTALL.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Union

from jtc.svm.models.regex_chars import (DIGITS, HORIZONTAL, LINE_TERMINATORS, MAX_CHAR, SPACE, VERTICAL, WORD, Chars,
                                        Ranges, chars_of, complement, named_set, with_other_case)

UNIX_LINES, CASE_INSENSITIVE, COMMENTS, MULTILINE, LITERAL, DOTALL = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
UNICODE_CASE, CANON_EQ, UNICODE_CHARACTER_CLASS = 0x40, 0x80, 0x100
_INLINE = {"d": UNIX_LINES, "i": CASE_INSENSITIVE, "x": COMMENTS, "m": MULTILINE, "s": DOTALL,
           "u": UNICODE_CASE, "U": UNICODE_CHARACTER_CLASS}


class NotRegular(Exception):
    """A construct whose Java meaning no regular expression states (its name is the message)."""


class PatternError(Exception):
    """Not a pattern Java accepts (Pattern.compile throws)."""


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
    lazy: bool = False  # reluctant (`*?`): the same language, the shortest way first (where groups end)


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



class _Cursor:
    """The pattern's text, the position reached in it and the flags in force there (inline flags
    change them as parsing goes on). It reads the pattern's lexical pieces: a char (whitespace and
    comments skipped under COMMENTS), an escape's code unit, a repetition's bounds, the name of a
    group or a property, inline flags."""

    def __init__(self, text: str, flags: int) -> None:
        self.text = text
        self.pos = 0
        self.flags = flags

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

    def peek(self) -> str | None:
        self._skip_comments()
        return self.text[self.pos] if self.pos < len(self.text) else None

    def next(self) -> str:
        char = self.peek()
        if char is None:
            raise PatternError("unexpected end of pattern")
        self.pos += 1
        return char

    def take(self, expected: str) -> bool:
        if self.peek() == expected:
            self.pos += 1
            return True
        return False

    def next_raw(self) -> str:
        if self.pos >= len(self.text):
            raise PatternError("unexpected end of pattern")
        self.pos += 1
        return self.text[self.pos - 1]

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def ahead(self, offset: int = 0) -> str:
        """The char `offset` chars on, as written (no comment skipped); "" past the end."""
        return self.text[self.pos + offset:self.pos + offset + 1]

    def at(self, prefix: str, offset: int = 0) -> bool:
        """Does the text go on with `prefix` (`offset` chars on), as written?"""
        return self.text.startswith(prefix, self.pos + offset)

    def bounds(self) -> tuple[int, int | None]:
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

    def group_name(self) -> str:
        """The name of a named group after its `(?<`, and its closing `>`."""
        end = self.text.find(">", self.pos)
        if end < 0:
            raise PatternError("unclosed group name")
        name = self.text[self.pos:end]
        self.pos = end + 1
        return name

    def property_name(self) -> str:
        """The name after `\\p`: in braces, or one char."""
        if self.text.startswith("{", self.pos):
            end = self.text.find("}", self.pos)
            if end < 0:
                raise PatternError("unclosed character family")
            name = self.text[self.pos + 1:end]
            self.pos = end + 1
        else:
            name = self.text[self.pos:self.pos + 1]
            self.pos += 1
        return name

    def inline_flags(self) -> bool:
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

    def escaped_code(self, char: str) -> int:
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


class _CharParser:
    """Reads what stands for one char: a literal (folded under CASE_INSENSITIVE), an escape and a
    bracketed class, into `Chars`."""

    def __init__(self, cursor: _Cursor) -> None:
        self.cursor = cursor

    def literal(self, code: int) -> Chars:
        return Chars.exact(self._folded(((code, code),)))

    def _folded(self, ranges: Ranges) -> Ranges:
        """Under CASE_INSENSITIVE, the ASCII letters of `ranges` with their other case."""
        if not self.cursor.flags & CASE_INSENSITIVE:
            return ranges
        if self.cursor.flags & UNICODE_CASE:
            raise NotRegular("Unicode case folding")
        return with_other_case(ranges)

    def escape(self, in_class: bool) -> Node:
        """What follows a backslash: a predefined class, a property, an anchor (outside classes) or
        an escaped char."""
        if self.cursor.at_end():
            raise PatternError("unexpected end after '\\'")
        char = self.cursor.next_raw()
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
        return self.literal(self.cursor.escaped_code(char))

    def _property(self) -> Chars:
        name = self.cursor.property_name()
        if self.cursor.flags & UNICODE_CHARACTER_CLASS:
            raise NotRegular("Unicode character classes")
        found = named_set(name, bool(self.cursor.flags & CASE_INSENSITIVE))
        if found is None:
            raise NotRegular(f"the property \\p{{{name}}}")
        return found

    def bracketed(self) -> Chars:
        """A bracketed class after its '['; negation applies to all of it (JDK 9 and later)."""
        negated = self.cursor.take("^")
        chars = self._class_body(first=True)
        return chars.negated() if negated else chars

    def _class_body(self, first: bool) -> Chars:
        """Members up to the closing ']' (consumed): a union, then `&&` intersections."""
        result: Chars | None = None
        while True:
            char = self.cursor.peek()
            if char is None:
                raise PatternError("unclosed character class")
            if char == "]" and not (first and result is None):
                self.cursor.pos += 1
                return result if result is not None else Chars.exact(())
            if self.cursor.at("&&"):
                self.cursor.pos += 2
                right = self._class_body(first=False)
                return (result & right) if result is not None else right
            member = self._class_member()
            result = member if result is None else result | member
            first = False

    def _class_member(self) -> Chars:
        char = self.cursor.next()
        if char == "[":
            return self.bracketed()
        if char == "\\":
            if self.cursor.ahead() in tuple("dDsSwWhHvVpP"):
                return self.escape(in_class=True)  # type: ignore[return-value]
            low = self.cursor.escaped_code(self.cursor.next_raw())
        else:
            low = ord(char)
        if self.cursor.at("-") and self.cursor.ahead(1) not in ("", "[", "]") and not self.cursor.at("&&", 1):
            self.cursor.pos += 1
            high_char = self.cursor.next()
            high = self.cursor.escaped_code(self.cursor.next_raw()) if high_char == "\\" else ord(high_char)
            if high < low:
                raise PatternError("illegal character range")
            return Chars.exact(self._folded(((low, high),)))
        return Chars.exact(self._folded(((low, low),)))


class _Parser:
    """Reads the structure of a pattern (alternatives, sequences, repetitions, groups) into a tree;
    the chars come from `_CharParser`."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.cursor = _Cursor(pattern, flags)
        self.chars = _CharParser(self.cursor)
        self.groups = 0
        self.names: dict[str, int] = {}

    def parse(self) -> Node:
        node = self._alternatives()
        if not self.cursor.at_end():
            raise PatternError(f"unmatched ')' at {self.cursor.pos}")
        return node

    def _alternatives(self) -> Node:
        options = [self._sequence()]
        while self.cursor.take("|"):
            options.append(self._sequence())
        return options[0] if len(options) == 1 else Alt(tuple(options))

    def _sequence(self) -> Node:
        items: list[Node] = []
        while (char := self.cursor.peek()) is not None and char not in "|)":
            atom = self._atom()
            if atom is not None:
                items.append(self._quantified(atom))
        return items[0] if len(items) == 1 else Seq(tuple(items))

    def _quantified(self, atom: Node) -> Node:
        while True:
            char = self.cursor.peek()
            if char in ("*", "+", "?"):
                self.cursor.pos += 1
                low, high = {"*": (0, None), "+": (1, None), "?": (0, 1)}[char]
            elif char == "{":
                self.cursor.pos += 1
                low, high = self.cursor.bounds()
            else:
                return atom
            if isinstance(atom, Anchor):
                raise NotRegular("a repeated anchor")
            if self.cursor.take("+"):
                raise NotRegular("a possessive quantifier")
            atom = Repeat(atom, low, high, lazy=self.cursor.take("?"))

    def _atom(self) -> Node | None:
        char = self.cursor.next()
        if char == "(":
            return self._group()
        if char == "[":
            return self.chars.bracketed()
        if char == ".":
            if self.cursor.flags & DOTALL:
                return Chars.exact(((0, MAX_CHAR),))
            return Chars.exact(complement(chars_of("\n") if self.cursor.flags & UNIX_LINES else LINE_TERMINATORS))
        if char == "^":
            if self.cursor.flags & MULTILINE:
                raise NotRegular("a line anchor (MULTILINE)")
            return Anchor("start")
        if char == "$":
            if self.cursor.flags & MULTILINE:
                raise NotRegular("a line anchor (MULTILINE)")
            return Anchor("end-or-terminator")
        if char == "\\":
            return self.chars.escape(in_class=False)
        if char in "*+?{":
            raise PatternError(f"dangling meta character {char!r}")
        return self.chars.literal(ord(char))

    def _group(self) -> Node | None:
        saved = self.cursor.flags
        index: int | None = None
        if self.cursor.at("?"):
            self.cursor.pos += 1
            kind = self.cursor.next()
            if kind == ":":
                pass
            elif kind in "=!" or (kind == "<" and self.cursor.ahead() in ("=", "!")):
                raise NotRegular("look-around")
            elif kind == ">":
                raise NotRegular("an atomic group")
            elif kind == "<":
                name = self.cursor.group_name()
                self.groups += 1
                index = self.groups
                self.names[name] = index
            else:
                self.cursor.pos -= 1
                if self.cursor.inline_flags():  # (?i) alone: the flags hold to the end of the enclosing group
                    return None
        else:
            self.groups += 1
            index = self.groups
        body = self._alternatives()
        if not self.cursor.take(")"):
            raise PatternError("unclosed group")
        self.cursor.flags = saved
        return Group(body, index) if index is not None else body


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
        chars = _CharParser(_Cursor("", flags & ~COMMENTS))
        return Regex(Seq(tuple(chars.literal(ord(c)) for c in pattern)), 0, (), flags)
    parser = _Parser(_quoted(pattern), flags)
    node = parser.parse()
    return Regex(node, parser.groups, tuple(parser.names.items()), flags)
