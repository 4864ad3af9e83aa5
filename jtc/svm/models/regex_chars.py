"""Sets of chars for java.util.regex (regex_syntax.py reads patterns into trees of them): ranges of
UTF-16 units and their arithmetic, the sets the JDK names (`\\d \\w \\s \\h \\v`, POSIX classes, Unicode
general categories) and ASCII case folding. A set that depends on the JDK's Unicode tables has two
sides, `sure` and `maybe` (see `Chars`), since the JDK's Unicode version may differ from Python's."""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass

Ranges = tuple[tuple[int, int], ...]  # sorted, disjoint, not adjacent; inclusive UTF-16 code units
MAX_CHAR = 0xFFFF


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


def named_set(name: str, case_insensitive: bool) -> Chars | None:
    """The set `\\p{name}` stands for: a POSIX class (`Lower`), a general category (`Lu`, `IsLu`,
    `gc=Lu`, `general_category=Lu`), `IsDigit` or `IsLetter`; None for other names."""
    if name in POSIX:
        ranges = POSIX[name]
        if case_insensitive and name in ("Lower", "Upper"):
            return Chars(ranges, POSIX["Alpha"])  # whether the JDK folds these varies by release
        return Chars.exact(ranges)
    for prefix in ("general_category=", "gc=", "Is", ""):
        if name.startswith(prefix) and (found := category(name[len(prefix):])) is not None:
            return found
    if name in ("IsDigit",):
        return category("Nd")
    if name in ("IsLetter",):
        return category("L")
    return None


def with_other_case(ranges: Ranges) -> Ranges:
    """`ranges` with the other case of their US-ASCII letters (all CASE_INSENSITIVE folds)."""
    extra = []
    for low, high in ranges:
        for code in range(max(low, 0x41), min(high, 0x7A) + 1):
            if 0x41 <= code <= 0x5A or 0x61 <= code <= 0x7A:
                other = code ^ 0x20
                extra.append((other, other))
    return ranges_of(*ranges, *extra)
