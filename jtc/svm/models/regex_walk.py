"""Strings a pattern matches, made by a random walk over its tree: the inputs to try where the solver
gives up on a pattern (a long alternation, a check digit after it), as EvoSuite searches towards an
automaton of the pattern.

Each walk takes one alternative, a number of repetitions and one char of each class, preferring
printable ASCII (what people write, and what the code after the pattern usually expects). Only chars
that are surely in a class are taken, so every string made is one `matches()` accepts. The first
walk is the shortest: each repetition its fewest times, each alternation its shortest option,
printable chars only. A
listing line's pattern (commons-net's Unix parser: 57 classes) walked at random makes strings of 60
to 100 chars, longer than the String inputs the search makes (`Settings.max_string_length`), so
only the shortest can be tried.
"""

from __future__ import annotations

import functools
import random

from jtc.svm.models.regex_chars import Chars, Ranges, intersect
from jtc.svm.models.regex_syntax import Alt, Anchor, Group, Node, Regex, Repeat, Seq

PRINTABLE: Ranges = ((0x20, 0x7E),)
MAX_EXTRA_REPEATS = 4  # an unbounded repetition goes this many times past its minimum at most


def _char(ranges: Ranges, rng: random.Random, printable: bool) -> str | None:
    """A char of `ranges`: printable ASCII where it has some (always, if `printable`; else mostly)."""
    if not ranges:
        return None
    preferred = intersect(ranges, PRINTABLE)
    pool = preferred if preferred and (printable or rng.random() < 0.9) else ranges
    low, high = rng.choice(pool)
    return chr(rng.randint(low, high))


def shortest_length(node: Node) -> int:
    """The length of the shortest string of `node` (an empty class counts as one char)."""
    if isinstance(node, Chars):
        return 1
    if isinstance(node, Seq):
        return sum(shortest_length(item) for item in node.items)
    if isinstance(node, Alt):
        return min((shortest_length(option) for option in node.options), default=0)
    if isinstance(node, Repeat):
        return node.low * shortest_length(node.node)
    if isinstance(node, Group):
        return shortest_length(node.node)
    return 0


def _walk(node: Node, rng: random.Random, out: list[str], shortest: bool) -> bool:
    """Append a string of `node` to `out`; False when a class is empty (no string)."""
    if isinstance(node, Chars):
        char = _char(node.sure, rng, shortest)
        if char is None:
            return False
        out.append(char)
        return True
    if isinstance(node, Seq):
        return all(_walk(item, rng, out, shortest) for item in node.items)
    if isinstance(node, Alt):
        options = list(node.options)
        rng.shuffle(options)
        if shortest:
            options.sort(key=shortest_length)  # stable: ties in the shuffled order
        for option in options:
            mark = len(out)
            if _walk(option, rng, out, shortest):
                return True
            del out[mark:]
        return False
    if isinstance(node, Repeat):
        high = node.high if node.high is not None else node.low + MAX_EXTRA_REPEATS
        times = node.low if shortest else rng.randint(node.low, min(high, node.low + MAX_EXTRA_REPEATS))
        return all(_walk(node.node, rng, out, shortest) for _ in range(times))
    if isinstance(node, Group):
        return _walk(node.node, rng, out, shortest)
    return isinstance(node, Anchor)  # anchors at either end take no chars


def walk(regex: Regex, rng: random.Random, shortest: bool = False) -> str | None:
    """One string `regex` matches whole, or None when the walk met an empty class."""
    out: list[str] = []
    return "".join(out) if _walk(regex.node, rng, out, shortest) else None


@functools.lru_cache(maxsize=512)
def examples(regex: Regex, count: int, seed: int = 0) -> tuple[str, ...]:
    """Up to `count` different strings the pattern matches whole, shortest first: a shortest walk,
    then random ones."""
    rng = random.Random(seed)
    found: dict[str, None] = {}
    for attempt in range(count * 4):
        text = walk(regex, rng, shortest=attempt == 0)
        if text is not None:
            found[text] = None
        if len(found) >= count:
            break
    return tuple(sorted(found, key=lambda text: (len(text), text)))
