"""java.util.regex on a symbolic String: whether it matches is a decision of the path, and the
groups of a match are terms of the text.

Without a model, `Pattern.matcher(s).matches()` on an input `s` is a concrete yes or no, and the
search can only hope that some string it tries has the format. Here a pattern compiled from a known
String (`Pattern.compile(REGEX)` in a class initialiser or a constructor, both replayed by the VM,
whose heap is fresh for every execution, or a static initialiser's, read from its bytecode:
regex_sources.py) is remembered with its object; a matcher made of it over a
symbolic text is followed; `matches()`, `lookingAt()` and the first `find()` decide whether the text
is in the pattern's language (regex_terms.py), so the solver writes a string of the format (or one
that fails it) where the code needs it. `String.matches` and `Pattern.matches` are the same decision.
After a successful `matches()` or `lookingAt()`, `group(n)`, `start(n)` and `end(n)` (of the matcher
or of its `toMatchResult()`) are terms where regex_groups.py places the group, so the code that
parses the parts (octets, ports, dates) is explored too.

What the model cannot state falls back to the run's answer, counted as an approximation: a pattern
too large for z3 (MAX_CLASSES), a pattern that is not regular (back-references, look-around, …), a
text with surrogate chars, a class whose Unicode members differ between JDKs where the run's string
lies in the difference, a later `find()`, a group no term places. A too large pattern that the run's
text matched still gives its groups terms: the text is assumed to keep the run's match with its small
parts free (regex_near.py).

Strings made from the pattern by a walk over its tree (regex_walk.py) join the Strings the code
compared with (dynamic seeding, svm/models/seeding.py): the search reruns with them where the solver
gives up on a long alternation or on a check digit computed after the match.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import z3

from jtc.model.types import STRING_CLASS
from jtc.svm import path
from jtc.svm.models.base import Model
from jtc.svm.models.regex_sources import receiver_field, static_pattern
from jtc.svm.models.regex_groups import Matched, boundaries, classes, items_of, layout, positions
from jtc.svm.models.regex_near import near_run, placeable
from jtc.svm.models.regex_syntax import NotRegular, PatternError, Regex, parse
from jtc.svm.models.regex_terms import FIND, LOOKING_AT, MATCHES, NO_SURROGATE, accepts, language, membership
from jtc.svm.models.regex_walk import examples
from jtc.svm.models.strings import symbolic_string
from jtc.svm.models.substrings import derived
from jtc.svm.values import Ref, StringShadow, Sym, Value, number, primitive, string_shadow

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

PATTERN, MATCHER, MATCH_RESULT = "java/util/regex/Pattern", "java/util/regex/Matcher", "java/util/regex/MatchResult"
SEEDS = 3  # strings made from a pattern (regex_walk.py), offered as candidate inputs like compared Strings
# Classes a pattern may have and still be a decision: z3 left nearly every query on the 60-class
# listing patterns of commons-net's parsers unknown, seconds each, and the search made 11 runs
# where it made 206 without; such a pattern's strings are only offered as seeds.
MAX_CLASSES = 24


@dataclass
class Following:
    """A matcher over a symbolic text, made from a pattern the VM knows."""

    regex: Regex | None  # None: Java's pattern is not regular
    text: StringShadow
    searched: bool = False  # find() ran: a later one starts where the last match ended
    matched: Matched | None = None


@dataclass
class Regexes:
    """The patterns, matchers and match results of one execution, by object id."""

    patterns: dict[int, Regex | None] = field(default_factory=dict)
    matchers: dict[int, Following] = field(default_factory=dict)
    results: dict[int, Matched] = field(default_factory=dict)


_BY_EXECUTION: weakref.WeakKeyDictionary[Machine, Regexes] = weakref.WeakKeyDictionary()


def regexes(vm: Machine) -> Regexes:
    found = _BY_EXECUTION.get(vm)
    if found is None:
        found = _BY_EXECUTION[vm] = Regexes()
    return found


def _known_string(value: Value | None) -> str | None:
    """The String constant an argument is, None when it is not one."""
    if isinstance(value, Ref) and value.string is not None and z3.is_string_value(value.string.term):
        return value.string.value
    return None


def compiled(pattern: str, flags: int) -> Regex | None:
    """The tree of a pattern whose every operation has a language, None when it is not regular."""
    try:
        regex = parse(pattern, flags)
        for mode in (MATCHES, LOOKING_AT, FIND):
            language(regex, mode)
        return regex
    except (NotRegular, PatternError):
        return None


def _surrogates(text: StringShadow) -> bool:
    return any(0xD800 <= ord(char) <= 0xDFFF for char in text.value)


def too_large(regex: Regex) -> bool:
    return classes(regex.node) > MAX_CLASSES


def decide(vm: Machine, frame: Frame, regex: Regex | None, mode: str, text: StringShadow, matched: bool) -> bool:
    """The decision whether `text` is in the language of `mode`; False when the run's answer is
    taken instead (counted as an approximation)."""
    if regex is None or _surrogates(text):
        vm.approximate()
        return False
    vm.compared.update(dict.fromkeys(examples(regex, SEEDS)))  # tried where the solver gives up (seeding.py)
    if too_large(regex):
        vm.approximate()
        return False
    found = language(regex, mode)
    if not found.exact and accepts(regex, mode, text.value, 0 if matched else 1) != matched:
        vm.approximate()  # the run's string lies where the JDK's Unicode tables may differ from ours
        return False
    yes = membership(regex, mode, text.term)
    no = z3.And(z3.Not(z3.InRe(text.term, found.maybe)), z3.InRe(text.term, NO_SURROGATE))
    key = yes.get_id()
    if vm.decided.get(key) is matched:
        return True  # the path decided this already (the same check twice)
    vm.decided[key] = matched
    taken, other = (("matches", yes), ("differs", no)) if matched else (("differs", no), ("matches", yes))
    vm.decide_many(frame, path.DecisionKind.MODEL, taken[0], taken[1], (other,))
    return True


def placed(vm: Machine, frame: Frame, regex: Regex, mode: str, text: StringShadow) -> Matched:
    """The groups of a successful match of a symbolic text, placed where terms (or a layout
    decision, under matches()) can place them."""
    items = items_of(regex)
    groups = boundaries(regex, text.term, mode)
    fixed: dict[int, int] = {}
    if items is not None and len(groups) < len(items.spans) and mode == MATCHES:
        found = layout(regex, text.term, text.value)
        if found is not None and found[0]:
            fixed = found[0]
            vm.decide_open(frame, path.DecisionKind.MODEL, ("layout", tuple(sorted(fixed.items()))), found[1],
                           text.term)
    if items is None:
        return Matched(text, {}, {})
    known = positions(items.items, text.term, mode, {i: z3.IntVal(p) for i, p in fixed.items()})
    run = positions(items.items, z3.StringVal(text.value), mode, {i: z3.IntVal(p) for i, p in fixed.items()})
    spans = dict(items.spans)
    spans[0] = (0, len(items.items))
    groups, values = {}, {}
    for group, (first, last) in spans.items():
        start, end = known[first], known[last]
        if start is not None and end is not None:
            groups[group] = (start, end)
            values[group] = (z3.simplify(run[first]).as_long(), z3.simplify(run[last]).as_long())
    return Matched(text, groups, values)


class Compile(Model):
    """`Pattern.compile(regex[, flags])` of a known String: the pattern is remembered by its object."""

    def applies(self, call: PendingCall) -> bool:
        return _known_string(call.args[0]) is not None

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        pattern = _known_string(call.args[0])
        flags = primitive(call.args[1]) if len(call.args) > 1 else 0
        if isinstance(reported, Ref) and reported.id and pattern is not None and not isinstance(flags, Sym):
            regexes(vm).patterns[reported.id] = compiled(pattern, int(flags))
        return reported


class MakeMatcher(Model):
    """`pattern.matcher(text)` of a pattern the VM knows over a symbolic String: followed."""

    def applies(self, call: PendingCall) -> bool:
        return symbolic_string(call.args[0])

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        state = regexes(vm)
        receiver = call.receiver
        if receiver is None or not receiver.id:
            return reported
        if receiver.id not in state.patterns:
            field = receiver_field(frame, len(call.args))
            source = static_pattern(vm.repository, *field) if field is not None else None
            if source is None:
                vm.approximate()  # a pattern made where the VM did not see it
                return reported
            state.patterns[receiver.id] = compiled(*source)
        if isinstance(reported, Ref) and reported.id:
            state.matchers[reported.id] = Following(state.patterns[receiver.id], string_shadow(call.args[0]))
        return reported


class Match(Model):
    """`matches()`, `lookingAt()` and `find()` of a followed matcher."""

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.receiver, Ref)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        following = _following(vm, call.receiver)
        if following is None:
            return reported
        matched = bool(number(reported))
        following.matched = None
        if self.mode == FIND and following.searched:
            vm.approximate()  # a later find() starts where the last match ended: no term for that
            return reported
        following.searched = self.mode == FIND
        decided = decide(vm, frame, following.regex, self.mode, following.text, matched)
        if not matched or self.mode == FIND or following.regex is None:
            return reported
        if decided:
            following.matched = placed(vm, frame, following.regex, self.mode, following.text)
        if (decided or too_large(following.regex)) and not _surrogates(following.text) \
                and _shape_places_more(following, self.mode):
            implied = membership(following.regex, self.mode, following.text.term) if decided else None
            following.matched = near_run(vm, frame, following.regex, self.mode, following.text, implied) \
                or following.matched
        return reported


def _shape_places_more(following: Following, mode: str) -> bool:
    """Whether the run's shape (regex_near.py) gives terms to more groups than have them: all of them
    for a pattern too large to be decided, most of them for one whose boundaries have no terms and no
    unique layout (Netware's `(\\S+\\s+\\S+\\s+…)`: 5 → 8 of 8 branches). Where most groups have terms
    already, the shape's pieces cost more queries than its other groups gain (NT: 9 → 7 of 12)."""
    assert following.regex is not None
    placed = set(following.matched.groups) - {0} if following.matched is not None else set()
    gained = placeable(following.regex, following.text.value, mode) - placed - {0}
    return len(gained) > len(placed)


class Matches(Model):
    """`text.matches(regex)` and `Pattern.matches(regex, text)` with a known regex."""

    def __init__(self, static: bool) -> None:
        self.static = static

    def _operands(self, call: PendingCall) -> tuple[Value | None, Value | None]:
        return (call.args[0], call.args[1]) if self.static else (call.args[0], call.receiver)

    def applies(self, call: PendingCall) -> bool:
        regex, text = self._operands(call)
        return _known_string(regex) is not None and symbolic_string(text)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        regex, text = self._operands(call)
        pattern = _known_string(regex)
        assert pattern is not None
        decide(vm, frame, compiled(pattern, 0), MATCHES, string_shadow(text), bool(number(reported)))
        return reported


def _following(vm: Machine, receiver: Ref | None) -> Following | None:
    return regexes(vm).matchers.get(receiver.id) if receiver is not None and receiver.id else None


def _matched(vm: Machine, receiver: Ref | None) -> Matched | None:
    if receiver is None or not receiver.id:
        return None
    state = regexes(vm)
    following = state.matchers.get(receiver.id)
    return following.matched if following is not None else state.results.get(receiver.id)


def _followed(vm: Machine, receiver: Ref | None) -> bool:
    state = regexes(vm)
    return receiver is not None and (receiver.id in state.matchers or receiver.id in state.results)


class GroupPart(Model):
    """`group`, `start` and `end` (of group 0, a numbered or a named group) after a successful match:
    the text between the group's positions, or a position."""

    def __init__(self, part: str) -> None:
        self.part = part  # "group", "start" or "end"

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.receiver, Ref)

    def _group(self, vm: Machine, call: PendingCall, matched: Matched) -> int | None:
        if not call.args:
            return 0
        argument = call.args[0]
        if isinstance(argument, Ref):
            name = _known_string(argument)
            following = _following(vm, call.receiver)
            regex = following.regex if following is not None else None
            names = dict(regex.names) if regex is not None else {}
            return names.get(name) if name is not None else None
        return None if isinstance(argument, Sym) else int(number(argument))

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        matched = _matched(vm, call.receiver)
        if matched is None:
            if _followed(vm, call.receiver):
                vm.approximate()  # a part of a symbolic text no term describes
            return reported
        group = self._group(vm, call, matched)
        if group is None or group not in matched.groups:
            vm.approximate()
            return reported
        start, end = matched.groups[group]
        first, last = matched.values[group]
        if self.part == "group":
            text = matched.text
            term = matched.texts.get(group, z3.SubString(text.term, start, end - start))
            return derived(reported, term, text.value[first:last], text.max_length)
        position, value = (start, first) if self.part == "start" else (end, last)
        return Sym(value, z3.Int2BV(position, 32)) if number(reported) == value else reported


class ToMatchResult(Model):
    """`toMatchResult()`: a snapshot of the match, whose groups are the matcher's."""

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.receiver, Ref)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        matched = _matched(vm, call.receiver)
        if matched is not None and isinstance(reported, Ref) and reported.id:
            regexes(vm).results[reported.id] = matched
        return reported


class Reset(Model):
    """`reset()` starts over on the same text; `reset(text)` on another; `region`, `usePattern` and a
    `find(from)` are not followed: the matcher is forgotten."""

    def __init__(self, keep: bool) -> None:
        self.keep = keep

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.receiver, Ref)

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        following = _following(vm, call.receiver)
        if following is None or call.receiver is None:
            return True
        if self.keep and not call.args:
            following.searched, following.matched = False, None
        elif self.keep and symbolic_string(call.args[0]):
            following.text, following.searched, following.matched = string_shadow(call.args[0]), False, None
        else:
            regexes(vm).matchers.pop(call.receiver.id or 0, None)
            vm.approximate()
        return True


_GROUP_METHODS = {("group", "()Ljava/lang/String;"): "group", ("group", "(I)Ljava/lang/String;"): "group",
                  ("group", "(Ljava/lang/String;)Ljava/lang/String;"): "group", ("start", "()I"): "start",
                  ("start", "(I)I"): "start", ("start", "(Ljava/lang/String;)I"): "start", ("end", "()I"): "end",
                  ("end", "(I)I"): "end", ("end", "(Ljava/lang/String;)I"): "end"}

MODELS: dict[tuple[str, str, str], Model] = {
    (PATTERN, "compile", "(Ljava/lang/String;)Ljava/util/regex/Pattern;"): Compile(),
    (PATTERN, "compile", "(Ljava/lang/String;I)Ljava/util/regex/Pattern;"): Compile(),
    (PATTERN, "matcher", "(Ljava/lang/CharSequence;)Ljava/util/regex/Matcher;"): MakeMatcher(),
    (PATTERN, "matches", "(Ljava/lang/String;Ljava/lang/CharSequence;)Z"): Matches(static=True),
    (STRING_CLASS, "matches", "(Ljava/lang/String;)Z"): Matches(static=False),
    (MATCHER, "matches", "()Z"): Match(MATCHES),
    (MATCHER, "lookingAt", "()Z"): Match(LOOKING_AT),
    (MATCHER, "find", "()Z"): Match(FIND),
    (MATCHER, "toMatchResult", "()Ljava/util/regex/MatchResult;"): ToMatchResult(),
    (MATCHER, "reset", "()Ljava/util/regex/Matcher;"): Reset(keep=True),
    (MATCHER, "reset", "(Ljava/lang/CharSequence;)Ljava/util/regex/Matcher;"): Reset(keep=True),
    (MATCHER, "region", "(II)Ljava/util/regex/Matcher;"): Reset(keep=False),
    (MATCHER, "usePattern", "(Ljava/util/regex/Pattern;)Ljava/util/regex/Matcher;"): Reset(keep=False),
    (MATCHER, "find", "(I)Z"): Reset(keep=False),
}
for (_name, _desc), _part in _GROUP_METHODS.items():
    MODELS[(MATCHER, _name, _desc)] = GroupPart(_part)
    MODELS[(MATCH_RESULT, _name, _desc)] = GroupPart(_part)
