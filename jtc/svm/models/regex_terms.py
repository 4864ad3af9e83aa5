"""A parsed java.util.regex pattern as z3 regular expressions: the strings `matches()`, `lookingAt()`
and `find()` accept.

For patterns without back-references or look-around, Java's backtracking matcher accepts a string
exactly when some way of matching it exists, so each operation is a language: `matches()` the
pattern's, `lookingAt()` the pattern's followed by anything, `find()` (the first call) anything, the
pattern's, anything. Anchors are kept where they stand first or last in a top-level alternative;
anywhere else they raise NotRegular. Each language comes as a pair (`sure`, `maybe`) with sure ⊆
Java's ⊆ maybe, the two different where a class depends on the JDK's Unicode tables. Both hold for
strings without surrogate chars only (Java matches a surrogate pair as one code point, z3 sees two
chars): the models ask for such strings (NO_SURROGATE).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import z3

from jtc.svm.models.regex_chars import Chars, Ranges
from jtc.svm.models.regex_syntax import UNIX_LINES, Alt, Anchor, Group, Node, NotRegular, Regex, Repeat, Seq

RE_SORT = z3.ReSort(z3.StringSort())
MATCHES, LOOKING_AT, FIND = "matches", "lookingAt", "find"


@dataclass(frozen=True)
class Language:
    """What a pattern operation accepts: `sure` ⊆ Java's strings ⊆ `maybe`."""

    sure: z3.ReRef
    maybe: z3.ReRef
    exact: bool  # sure and maybe are one language


def char_re(ranges: Ranges) -> z3.ReRef:
    if not ranges:
        return z3.Empty(RE_SORT)
    parts = [z3.Range(chr(low), chr(high)) if low != high else z3.Re(z3.StringVal(chr(low))) for low, high in ranges]
    return parts[0] if len(parts) == 1 else z3.Union(*parts)


def _concat(parts: list[z3.ReRef]) -> z3.ReRef:
    if not parts:
        return z3.Re(z3.StringVal(""))
    return parts[0] if len(parts) == 1 else z3.Concat(*parts)


def _repeat(re: z3.ReRef, low: int, high: int | None) -> z3.ReRef:
    if high is None:
        if low == 0:
            return z3.Star(re)
        if low == 1:
            return z3.Plus(re)
        return z3.Concat(z3.Loop(re, low, low), z3.Star(re))
    if high == 0:
        return z3.Re(z3.StringVal(""))
    if (low, high) == (0, 1):
        return z3.Option(re)
    return z3.Loop(re, low, high)


def _translate(node: Node, side: int) -> z3.ReRef:
    """The regular expression of `node`: side 0 the sure one, 1 the maybe one."""
    if isinstance(node, Chars):
        return char_re(node.maybe if side else node.sure)
    if isinstance(node, Seq):
        return _concat([_translate(item, side) for item in node.items])
    if isinstance(node, Alt):
        return z3.Union(*[_translate(option, side) for option in node.options])
    if isinstance(node, Repeat):
        return _repeat(_translate(node.node, side), node.low, node.high)
    if isinstance(node, Group):
        return _translate(node.node, side)
    raise NotRegular("an anchor inside the pattern")


def is_exact(node: Node) -> bool:
    if isinstance(node, Chars):
        return node.is_exact
    if isinstance(node, Seq):
        return all(is_exact(item) for item in node.items)
    if isinstance(node, Alt):
        return all(is_exact(option) for option in node.options)
    if isinstance(node, (Repeat, Group)):
        return is_exact(node.node)
    return True


def branches(node: Node) -> list[tuple[bool, list[Node], str | None]]:
    """Each top-level alternative as (anchored at the start, its items, the anchor it ends with)."""
    options = node.options if isinstance(node, Alt) else (node,)
    result = []
    for option in options:
        items: list[Node] = list(option.items) if isinstance(option, Seq) else [option]
        start = bool(items) and isinstance(items[0], Anchor) and items[0].kind == "start"
        if start:
            items = items[1:]
        end = items[-1].kind if items and isinstance(items[-1], Anchor) and items[-1].kind != "start" else None
        if end is not None:
            items = items[:-1]
        result.append((start, items, end))
    return result


def _before_terminator(body: z3.ReRef, unix_lines: bool) -> z3.ReRef:
    """`body` then `$` (no MULTILINE) where the input goes on: at its end, or before a line terminator
    that ends it; never between \\r and \\n."""
    newline = z3.Re(z3.StringVal("\n"))
    if unix_lines:
        return z3.Concat(body, z3.Option(newline))
    anything = z3.Full(RE_SORT)
    others = z3.Union(z3.Re(z3.StringVal("\r\n")), char_re(((0x0D, 0x0D), (0x85, 0x85), (0x2028, 0x2029))))
    not_after_return = z3.Intersect(body, z3.Complement(z3.Concat(anything, z3.Re(z3.StringVal("\r")))))
    return z3.Union(body, z3.Concat(body, others), z3.Concat(not_after_return, newline))


def _language(regex: Regex, mode: str, side: int) -> z3.ReRef:
    anything = z3.Full(RE_SORT)
    options = []
    for anchored, items, end in branches(regex.node):
        body = _concat([_translate(item, side) for item in items])
        if mode != MATCHES:
            if end == "end-or-terminator":
                body = _before_terminator(body, bool(regex.flags & UNIX_LINES))
            elif end is None:
                body = z3.Concat(body, anything)
            if mode == FIND and not anchored:
                body = z3.Concat(anything, body)
        options.append(body)
    return options[0] if len(options) == 1 else z3.Union(*options)


@functools.lru_cache(maxsize=512)
def language(regex: Regex, mode: str) -> Language:
    """The strings `mode` accepts for `regex`, among strings without surrogate chars (raises
    NotRegular for anchors it cannot place)."""
    exact = is_exact(regex.node)
    sure = _language(regex, mode, 0)
    return Language(sure, sure if exact else _language(regex, mode, 1), exact)


NO_SURROGATE = z3.Star(char_re(((0, 0xD7FF), (0xE000, 0xFFFF))))


def membership(regex: Regex, mode: str, text: z3.SeqRef) -> z3.BoolRef:
    """The condition that `text`, free of surrogates, is surely in the language of `mode`."""
    return z3.And(z3.InRe(text, language(regex, mode).sure), z3.InRe(text, NO_SURROGATE))


def _python(node: Node, side: int) -> str:
    """`node` in Python's re syntax, without capturing groups."""
    if isinstance(node, Chars):
        ranges = "".join(f"\\u{low:04x}" if low == high else f"\\u{low:04x}-\\u{high:04x}"
                         for low, high in (node.maybe if side else node.sure))
        return f"[{ranges}]" if ranges else "(?!)"
    if isinstance(node, Seq):
        return "".join(f"(?:{_python(item, side)})" for item in node.items)
    if isinstance(node, Alt):
        return "|".join(f"(?:{_python(option, side)})" for option in node.options)
    if isinstance(node, Repeat):
        lazy = "?" if node.lazy else ""
        return f"(?:{_python(node.node, side)}){{{node.low},{'' if node.high is None else node.high}}}{lazy}"
    if isinstance(node, Group):
        return _python(node.node, side)
    raise NotRegular("an anchor inside the pattern")


def python_pattern(items: list[Node], side: int = 0) -> str:
    """A sequence of items in Python's re syntax, each item a capturing group."""
    return "".join(f"({_python(item, side)})" for item in items)


@functools.lru_cache(maxsize=512)
def _compiled(regex: Regex, mode: str, side: int) -> re.Pattern[str]:
    """The language of `_language` as a Python pattern (Python's backtracking matcher, like Java's,
    finds a match whenever one exists), for deciding membership of concrete strings fast."""
    options = []
    for anchored, items, end in branches(regex.node):
        body = python_pattern(items, side)
        if mode != MATCHES and end == "end-or-terminator":
            body += "(?:\\n)?\\Z" if regex.flags & UNIX_LINES else "(?:\\r\\n|[\\r\\u0085\\u2028\\u2029]|(?<!\\r)\\n)?\\Z"
        elif mode != MATCHES and end is not None:
            body += "\\Z"
        options.append(("\\A" if anchored or mode != FIND else "") + f"(?:{body})")
    return re.compile("|".join(options), re.DOTALL)


def accepts(regex: Regex, mode: str, text: str, side: int = 0) -> bool:
    """Whether `text` is in the sure (side 0) or maybe (1) language of `mode`."""
    pattern = _compiled(regex, mode, side)
    return (pattern.fullmatch(text) if mode == MATCHES else pattern.search(text)) is not None
