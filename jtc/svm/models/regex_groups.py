"""Where the groups of a successful `matches()` or `lookingAt()` lie, as terms of the matched text.

The pattern's top level is read as a sequence of items (a capturing group's items are in it, so a
group spans items from one boundary to another). Boundary 0 is the start of the text, and under
`matches()` the last one is its end. A boundary whose neighbour is known is known too when the item
between them has a fixed length (`\\d{4}`: four chars on), or when the next item starts with one
literal char the item before it never holds (`(\\d{1,3})\\.`: the first '.' from there, by z3's
`IndexOf`). Each such position is the one Java's match has, however ambiguous the rest of the
pattern, so the groups between known boundaries are exact terms.

Other boundaries (`(\\S+)\\s+`: the first of several chars) have no such term. Where a boundary is
the same in every way of matching any text (z3 finds no text matched two ways with it at two
places), the model fixes it at the run's position as a decision of the path (the *layout*: the
prefix before it and the rest after it each match their part of the pattern), and the groups around
it become terms again; the decision's other outcomes leave other layouts to the search.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

import z3

from jtc.svm.models.regex_chars import Chars, Ranges, union
from jtc.svm.models.regex_syntax import Alt, Anchor, Group, Node, Regex, Repeat, Seq
from jtc.svm.models.regex_terms import MATCHES, branches, language, python_pattern
from jtc.svm.values import StringShadow

UNIQUE_RLIMIT = 2_000_000  # z3's work for the one query per boundary that proves it unique


@dataclass
class Matched:
    """A successful match of a symbolic text: where each placed group starts and ends (terms, and
    their values in the run), and the text of a group where a term states it more simply than a
    substring between its positions (regex_near.py)."""

    text: StringShadow
    groups: dict[int, tuple[z3.ArithRef, z3.ArithRef]]
    values: dict[int, tuple[int, int]]
    texts: dict[int, z3.SeqRef] = field(default_factory=dict)


@dataclass(frozen=True)
class Items:
    """The pattern's top level as items, and each group's span in boundary numbers."""

    items: tuple[Node, ...]
    spans: dict[int, tuple[int, int]]


def _expand(node: Node, items: list[Node], spans: dict[int, tuple[int, int]]) -> None:
    if isinstance(node, Seq):
        for item in node.items:
            _expand(item, items, spans)
    elif isinstance(node, Group):
        start = len(items)
        _expand(node.node, items, spans)
        spans[node.index] = (start, len(items))
    else:
        items.append(node)


@functools.lru_cache(maxsize=512)
def items_of(regex: Regex) -> Items | None:
    """The items of a pattern with one top-level alternative, None otherwise."""
    found = branches(regex.node)
    if len(found) != 1:
        return None
    items: list[Node] = []
    spans: dict[int, tuple[int, int]] = {}
    for node in found[0][1]:
        _expand(node, items, spans)
    return Items(tuple(items), spans)


def fixed_length(node: Node) -> int | None:
    if isinstance(node, Chars):
        return 1
    if isinstance(node, Anchor):
        return 0
    if isinstance(node, Seq):
        lengths = [fixed_length(item) for item in node.items]
        return None if None in lengths else sum(lengths)  # type: ignore[arg-type]
    if isinstance(node, Alt):
        different = {fixed_length(option) for option in node.options}
        return different.pop() if len(different) == 1 else None
    if isinstance(node, Group):
        return fixed_length(node.node)
    inner = fixed_length(node.node)
    return inner * node.low if inner is not None and node.low == node.high else None


def classes(node: Node, wide: bool = False) -> int:
    """How many char classes the pattern's tree holds (a measure of what z3 has to work through);
    `wide`: only those of more than one char (a literal's chars cost z3 little)."""
    if isinstance(node, Chars):
        return int(not wide or node.maybe != node.sure or len(node.sure) != 1 or node.sure[0][0] != node.sure[0][1])
    if isinstance(node, Seq):
        return sum(classes(item, wide) for item in node.items)
    if isinstance(node, Alt):
        return sum(classes(option, wide) for option in node.options)
    if isinstance(node, (Repeat, Group)):
        return classes(node.node, wide)
    return 0


def _nullable(node: Node) -> bool:
    if isinstance(node, Chars):
        return False
    if isinstance(node, Seq):
        return all(_nullable(item) for item in node.items)
    if isinstance(node, Alt):
        return any(_nullable(option) for option in node.options)
    if isinstance(node, Repeat):
        return node.low == 0 or _nullable(node.node)
    if isinstance(node, Group):
        return _nullable(node.node)
    return True


def _first(node: Node) -> Ranges:
    """The chars a nonempty string of `node` may start with (maybe sets)."""
    if isinstance(node, Chars):
        return node.maybe
    if isinstance(node, Seq):
        found: list[Ranges] = []
        for item in node.items:
            found.append(_first(item))
            if not _nullable(item):
                break
        return union(*found)
    if isinstance(node, Alt):
        return union(*(_first(option) for option in node.options))
    if isinstance(node, (Repeat, Group)):
        return _first(node.node)
    return ()


def every_char(node: Node) -> Ranges:
    """Every char a string of `node` may hold."""
    if isinstance(node, Chars):
        return node.maybe
    if isinstance(node, Seq):
        return union(*(every_char(item) for item in node.items))
    if isinstance(node, Alt):
        return union(*(every_char(option) for option in node.options))
    if isinstance(node, (Repeat, Group)):
        return every_char(node.node) if not isinstance(node, Repeat) or node.high != 0 else ()
    return ()


def _delimiter(following: Node) -> str | None:
    """The one char every string of `following` starts with."""
    first = _first(following)
    if _nullable(following) or len(first) != 1 or first[0][0] != first[0][1]:
        return None
    return chr(first[0][0])


def positions(items: tuple[Node, ...], text: z3.SeqRef, mode: str,
              fixed: dict[int, z3.ArithRef] | None = None) -> list[z3.ArithRef | None]:
    """Each boundary's position in `text` where a term gives it (see the module's docstring);
    `fixed` are boundaries the path placed."""
    known: list[z3.ArithRef | None] = [None] * (len(items) + 1)
    known[0] = z3.IntVal(0)
    if mode == MATCHES:
        known[-1] = z3.Length(text)
    for index, position in (fixed or {}).items():
        known[index] = position
    changed = True
    while changed:
        changed = False
        for index, item in enumerate(items):
            start, end = known[index], known[index + 1]
            length = fixed_length(item)
            if start is not None and end is None:
                if length is not None:
                    known[index + 1] = start + length
                elif index + 1 < len(items) and (char := _delimiter(items[index + 1])) is not None \
                        and not any(low <= ord(char) <= high for low, high in every_char(item)):
                    known[index + 1] = z3.IndexOf(text, z3.StringVal(char), start)
                changed = changed or known[index + 1] is not None
            elif end is not None and start is None and length is not None:
                known[index] = end - length
                changed = True
    return known


def boundaries(regex: Regex, text: z3.SeqRef, mode: str = MATCHES) -> dict[int, tuple[z3.ArithRef, z3.ArithRef]]:
    """(start, end) of each group whose boundaries have terms, for a text the pattern matched."""
    found = items_of(regex)
    if found is None:
        return {}
    known = positions(found.items, text, mode)
    return {group: (start, end) for group, (first, last) in found.spans.items()
            if (start := known[first]) is not None and (end := known[last]) is not None}


def _part(items: tuple[Node, ...], regex: Regex) -> z3.ReRef:
    return language(Regex(Seq(items), 0, (), regex.flags), MATCHES).sure


@functools.lru_cache(maxsize=2048)
def unique(regex: Regex, boundary: int) -> bool:
    """No text matches the pattern two ways with `boundary` at two places: no u, w ≠ "", v with u and
    uw matching the items before it and wv and v the items after (z3, once per pattern and
    boundary; an unknown answer counts as not unique)."""
    found = items_of(regex)
    assert found is not None
    before, after = _part(found.items[:boundary], regex), _part(found.items[boundary:], regex)
    u, w, v = z3.Strings("u w v")
    solver = z3.Solver()
    solver.set("rlimit", UNIQUE_RLIMIT)
    solver.add(z3.Length(w) > 0, z3.InRe(u, before), z3.InRe(z3.Concat(u, w), before),
               z3.InRe(z3.Concat(w, v), after), z3.InRe(v, after))
    return solver.check() == z3.unsat


def run_boundaries(regex: Regex, value: str, mode: str = MATCHES) -> list[int] | None:
    """The boundaries of the items where Java's matcher puts them in the concrete `value`, matched
    whole or (`lookingAt()`) from its start: Python's backtracking matcher prefers the same ways."""
    found = items_of(regex)
    if found is None:
        return None
    pattern = python_pattern(list(found.items))
    match = re.fullmatch(pattern, value) if mode == MATCHES else re.match(pattern, value)
    if match is None:
        return None
    return [0] + [match.end(index + 1) for index in range(len(found.items))]


def layout(regex: Regex, text: z3.SeqRef, value: str) -> tuple[dict[int, int], z3.BoolRef] | None:
    """The boundaries to fix at the run's positions so that every group has a term (each of them
    unique), and the condition that they are there; None when some group's boundary cannot be fixed."""
    found = items_of(regex)
    if found is None:
        return None
    known = positions(found.items, text, MATCHES)
    needed = sorted({index for span in found.spans.values() for index in span if known[index] is None})
    if not needed:
        return {}, z3.BoolVal(True)
    concrete = run_boundaries(regex, value)
    if concrete is None or not all(unique(regex, index) for index in needed):
        return None
    placed = {index: concrete[index] for index in needed}
    # the text cut at the placed boundaries, each piece in the language of its items: since each
    # boundary is unique, the same as each boundary's prefix and suffix matching their items, and one
    # membership of fixed-length pieces is what z3 settles at once, where it left prefixes and suffixes
    # of commons-net's listings unknown
    cuts = [(0, 0), *sorted(placed.items())]
    pieces = []
    for (first, start), (last, end) in zip(cuts, cuts[1:]):
        part = _part(found.items[first:last], regex)
        pieces.append(z3.Intersect(part, z3.Loop(z3.AllChar(part.sort()), end - start, end - start)))
    pieces.append(_part(found.items[cuts[-1][0]:], regex))
    return placed, z3.InRe(text, z3.Concat(*pieces))
