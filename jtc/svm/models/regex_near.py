"""A match of a pattern too large to be one z3 language, kept in the shape the run matched it, with
its small parts free.

A listing line checked against a 57-class pattern (commons-net's Unix parser) is no decision
(regex.MAX_CLASSES): z3 leaves the whole-pattern queries unknown. Once a run's text matches, though,
the code after the match reads the groups, and what it decides on them (the file type, each
permission, a link's arrow in the name) needs the groups as terms.

- **The shape.** Each part of the pattern that holds a group and can be matched in several ways, an
  optional part (`(?:(\\d+)\\s+)?`) or an alternation (`(folder\\s+|(\\d+)\\s+(\\d+)\\s+)`), is
  settled to the way the run's match took it (left out, or its body; the option taken). The settled
  pattern's language is part of the whole pattern's, and its groups are items of the top level.
- **The pieces.** The text is cut where Java's matcher cut it in the run (regex_groups.run_boundaries),
  one piece per item; a piece of a small item (ITEM_CLASSES) is a fresh string in that item's
  language, a larger one stays the run's text.
- **The decision.** The path takes "the text is these pieces one after the other": every such text
  matches the pattern, so the condition never admits a string Java rejects. Its other outcomes are
  the other shapes (one choice of the run's changed, the larger items then made by a walk of the
  pattern), so the search can ask for a listing with the optional size the run left out. A text that
  matches in none of these shapes is no outcome: the decision is counted as an approximation.

A group is the concatenation of its items' pieces. Where the pattern is ambiguous (optional, reluctant
parts next to each other), Java may cut a text the solver wrote elsewhere than the pieces say: the run
that follows then takes another path than the one asked for, as after any approximation.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Sequence

import z3

from jtc.svm import path
from jtc.svm.models.regex_groups import Matched, classes, every_char, fixed_length, items_of, run_boundaries
from jtc.svm.models.regex_syntax import Alt, Group, Node, Regex, Repeat, Seq
from jtc.svm.models.regex_terms import LOOKING_AT, MATCHES, NO_SURROGATE, accepts, branches, language
from jtc.svm.models.regex_walk import examples
from jtc.svm.values import StringShadow

if TYPE_CHECKING:
    from jtc.svm.frames import Frame
    from jtc.svm.machine import Machine

# An item with more classes of several chars keeps the run's text: with MacOsPeter's date formats (11
# such classes) free, z3 needed five times the work (over 1M) to set a char of the file type.
ITEM_CLASSES = 8
MAX_NESTING = 4  # choices inside choices settled, at most
PIECE = "regex-piece"  # the prefix of the pieces' names, apart from every input's


def _item(regex: Regex, item: Node) -> Regex:
    return Regex(Seq((item,)), 0, (), regex.flags)


def _in_item(regex: Regex, item: Node, text: str) -> bool:
    """Whether a piece is in the item's sure language (the one the condition states)."""
    return accepts(_item(regex, item), MATCHES, text)


def _surrogates_in(item: Node) -> bool:
    return any(low <= 0xDFFF and high >= 0xD800 for low, high in every_char(item))


def _holds_group(node: Node) -> bool:
    if isinstance(node, Group):
        return True
    if isinstance(node, Seq):
        return any(_holds_group(item) for item in node.items)
    if isinstance(node, Alt):
        return any(_holds_group(option) for option in node.options)
    return isinstance(node, Repeat) and _holds_group(node.node)


def _options(node: Node) -> tuple[Node | None, ...] | None:
    """The ways of matching a choice that holds a group (None: left out), None for other nodes."""
    if isinstance(node, Repeat) and (node.low, node.high) == (0, 1) and _holds_group(node.node):
        return node.node, None
    if isinstance(node, Alt) and _holds_group(node):
        return node.options
    return None


def _settled(node: Node, picks: list[int]) -> Node | None:
    """`node` with the choices among the pattern's items, in their order, made as `picks` says (the
    first of the list is consumed first). A choice inside the one made is settled in a later round."""
    if isinstance(node, Seq):
        kept = [_settled(item, picks) for item in node.items]
        return Seq(tuple(item for item in kept if item is not None))
    if isinstance(node, Group):
        return Group(_settled(node.node, picks) or Seq(()), node.index)
    options = _options(node)
    return options[picks.pop(0)] if options is not None else node


def _choices(regex: Regex) -> list[tuple[Node | None, ...]]:
    items = items_of(regex)
    return [] if items is None else [options for item in items.items if (options := _options(item)) is not None]


def _run_picks(regex: Regex, value: str, mode: str) -> list[int] | None:
    """The option of each choice among the items that the run's match took: the first that matches
    its piece whole (Java, like Python, tries the options in order)."""
    items, cuts = items_of(regex), run_boundaries(regex, value, mode)
    if items is None or cuts is None:
        return None
    picks = []
    for index, item in enumerate(items.items):
        options = _options(item)
        if options is not None:
            piece = value[cuts[index]:cuts[index + 1]]
            pick = next((number for number, option in enumerate(options)
                         if (option is None and piece == "") or (option is not None and _in_item(regex, option, piece))), None)
            if pick is None:
                return None  # the piece is in no option's sure language (a char the JDK's tables may differ on)
            picks.append(pick)
    return picks


def _default(options: tuple[Node | None, ...]) -> int:
    """The option of a choice inside a shape the run did not take: left out where it can be."""
    return options.index(None) if None in options else 0


def _shape(regex: Regex, first: list[int], value: str | None, mode: str) -> Regex | None:
    """The pattern with its top-level choices made as `first` says and the choices inside them as
    the run took them (`value`) or, for a shape the run did not take, by `_default`."""
    picks = list(first)
    for _ in range(MAX_NESTING):
        if not picks:
            return regex
        settled = _settled(regex.node, picks)
        regex = dataclasses.replace(regex, node=settled or Seq(()))
        if value is not None:
            found = _run_picks(regex, value, mode)
            if found is None:
                return None
            picks = found
        else:
            picks = [_default(options) for options in _choices(regex)]
    return None if picks else regex


def _pieces(regex: Regex, names: str, run: Sequence[str] | None) -> tuple[list[z3.SeqRef], list[z3.BoolRef]] | None:
    """One piece per item of a settled pattern and the conditions on them: a fresh string in a small
    item's language; a larger item's text in the run (`run`) or, in a shape the run did not take, its
    shortest string."""
    items = items_of(regex)
    if items is None:
        return None
    pieces: list[z3.SeqRef] = []
    conditions: list[z3.BoolRef] = []
    for index, item in enumerate(items.items):
        if classes(item, wide=True) > ITEM_CLASSES or run is not None and not _in_item(regex, item, run[index]):
            text = run[index] if run is not None else next(iter(examples(_item(regex, item), 1)), None)
            if text is None:
                return None
            pieces.append(z3.StringVal(text))
            continue
        piece = z3.String(f"{PIECE}-{names}-{index}")
        conditions.append(z3.InRe(piece, language(_item(regex, item), MATCHES).sure))
        if (length := fixed_length(item)) is not None:
            conditions.append(z3.Length(piece) == length)  # implied, but z3 settled such queries in 2/3 the work
        if _surrogates_in(item):
            conditions.append(z3.InRe(piece, NO_SURROGATE))  # per piece: on the whole text z3 gave up
        pieces.append(piece)
    return pieces, conditions


def _names(number: int, picks: list[int]) -> str:
    """What the pieces of one shape at one decision are called: the same in the condition of the
    outcome a run took and in that of a sibling the search asks for, so a later run that takes the
    sibling names its pieces as the sibling's condition did, and the conditions after it in the
    constraint tree speak of the pieces that condition defines."""
    return f"{number}-{'.'.join(map(str, picks))}"


def _condition(text: z3.SeqRef, pieces: list[z3.SeqRef], conditions: list[z3.BoolRef], rest: z3.SeqRef | None) -> z3.BoolRef:
    parts = [*pieces, rest] if rest is not None else pieces
    whole = z3.Concat(*parts) if len(parts) > 1 else parts[0] if parts else z3.StringVal("")
    return z3.And(*conditions, text == whole)


def _run_shape(regex: Regex, value: str, mode: str) -> tuple[list[int], Regex] | None:
    if mode not in (MATCHES, LOOKING_AT) or mode == LOOKING_AT and branches(regex.node)[0][2] is not None:
        return None
    first = _run_picks(regex, value, mode)
    taken = _shape(regex, first, value, mode) if first is not None else None
    return (first, taken) if first is not None and taken is not None else None


def placeable(regex: Regex, value: str, mode: str) -> frozenset[int]:
    """The groups a decision in the run's shape gives terms to."""
    found = _run_shape(regex, value, mode)
    items = items_of(found[1]) if found is not None else None
    return frozenset(items.spans) if items is not None else frozenset()


def near_run(vm: Machine, frame: Frame, regex: Regex, mode: str, text: StringShadow,
             implied: z3.BoolRef | None = None) -> Matched | None:
    """Decide the shape of the run's match with its small pieces free, and give each group of it
    its (start, end) terms, its text as a term and its positions in the run; None when the pattern
    has no single top-level sequence of items or the run's cut cannot be found. `implied` is the
    pattern's membership where the path decided it: every shape implies it, so the queries after the
    shape leave it out."""
    found = _run_shape(regex, text.value, mode)
    cuts = run_boundaries(found[1], text.value, mode) if found is not None else None
    if found is None or cuts is None:
        return None
    first, taken = found
    number = len(vm.decisions)
    runs = [text.value[start:end] for start, end in zip(cuts, cuts[1:])]
    made = _pieces(taken, _names(number, first), runs)
    if made is None:
        return None
    pieces, conditions = made
    rest = z3.String(f"{PIECE}-{number}-rest") if mode == LOOKING_AT else None  # the same in every shape
    alternatives = []
    for position, options in enumerate(_choices(regex)):
        for pick in range(len(options)):
            other = [*first[:position], pick, *first[position + 1:]]
            shape = _shape(regex, other, None, mode) if pick != first[position] else None
            made_other = _pieces(shape, _names(number, other), None) if shape is not None else None
            if made_other is not None:
                alternatives.append((("shape", tuple(other)), _condition(text.term, *made_other, rest)))
    vm.decide_many(frame, path.DecisionKind.MODEL, ("shape", tuple(first)), _condition(text.term, pieces, conditions, rest),
                   tuple(alternatives), implied)
    items = items_of(taken)
    assert items is not None
    spans = dict(items.spans)
    spans[0] = (0, len(items.items))
    positions: list[z3.ArithRef] = [z3.IntVal(0)]
    for piece in pieces:
        positions.append(positions[-1] + z3.Length(piece))
    groups, texts, values = {}, {}, {}
    for group, (start, end) in spans.items():
        groups[group] = (positions[start], positions[end])
        parts = pieces[start:end]
        texts[group] = z3.Concat(*parts) if len(parts) > 1 else parts[0] if parts else z3.StringVal("")
        values[group] = (cuts[start], cuts[end])
    return Matched(text, groups, values, texts)
