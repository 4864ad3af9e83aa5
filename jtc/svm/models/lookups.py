"""Lookups of a key among the keys a JDK map, set or list holds.

`options.get(name)` decides inside `HashMap`, which the VM does not trace, whether `name` is one of
the keys the code put there earlier: no branch of instrumented code holds that condition, so the
search could not ask for a name that was registered. So the VM keeps, per collection, the keys that
instrumented code put into it (`put`, `putIfAbsent`, `add`) and takes out again (`remove`,
`clear`), when their contents are known (a String or a box the VM follows: an input, a constant, a
term of them). A lookup (`get`, `getOrDefault`, `containsKey`, `contains`, `remove`, and what
`put` gives back) of such a key is then "equal to one of the keys held" where either side is
symbolic: the condition of a boolean result, or, for a value, a decision of the path at the call
(which key it equals, the latest of equal ones, or none) that the solver can flip (the option's
name, given to the parser as `-name`).

A String key looked up in vain is remembered with the statement that looked it up (`missed`): the
search grows such a run by registering that very key on the argument that holds the collection
(exploration/growth.py), so that the token given and the name registered are one.

Keys put by library code (a copy constructor, `putAll`) or whose contents the VM does not know are
missing: a lookup predicted absent may then find one, which the correctness check reports as a
divergence at the call (and the site is given up after a few). Hash maps of Strings and boxes, and
sorted ones with their natural order, find a key exactly when it is equal to one held; a sorted map
with its own comparator may not, with the same result.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

import z3
from jtc.model.types import OBJECT_DESC

from jtc.svm import path
from jtc.svm.models.base import Model, symbolic_arguments
from jtc.svm.values import CondSym, Ref, Value

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

MAPS = ("java/util/Map", "java/util/AbstractMap", "java/util/HashMap", "java/util/LinkedHashMap",
        "java/util/TreeMap", "java/util/SortedMap", "java/util/NavigableMap", "java/util/Hashtable",
        "java/util/concurrent/ConcurrentHashMap", "java/util/concurrent/ConcurrentMap", "java/util/SequencedMap")
SETS = ("java/util/Set", "java/util/AbstractSet", "java/util/HashSet", "java/util/LinkedHashSet", "java/util/TreeSet",
        "java/util/SortedSet", "java/util/NavigableSet", "java/util/SequencedSet")
SEQUENCES = ("java/util/List", "java/util/AbstractList", "java/util/ArrayList", "java/util/LinkedList",
             "java/util/Queue", "java/util/Deque", "java/util/ArrayDeque")  # add() always adds
COLLECTIONS = ("java/util/Collection", "java/util/AbstractCollection", "java/util/SequencedCollection", *SETS,
               *SEQUENCES)
# Java 21's sequenced collections: the ends of a list, a deque, an insertion-ordered set or map.
SEQUENCED = ("java/util/SequencedCollection", "java/util/List", "java/util/ArrayList", "java/util/LinkedList",
             "java/util/Deque", "java/util/ArrayDeque", "java/util/SequencedSet", "java/util/LinkedHashSet",
             "java/util/SortedSet", "java/util/NavigableSet", "java/util/TreeSet")
SEQUENCED_MAPS = ("java/util/SequencedMap", "java/util/LinkedHashMap")


@dataclass(frozen=True)
class Held:
    """One key a collection holds: its term, its value in this run, and the value stored with it."""

    term: z3.ExprRef
    value: object
    stored: Value | None = None


def key_of(value: Value | None) -> tuple[z3.ExprRef, object] | None:
    """The term and value of a String or box whose contents the VM knows."""
    if isinstance(value, Ref) and value.id != 0:
        if value.string is not None:
            return value.string.term, value.string.value
        if value.boxed is not None:
            return value.boxed.t, value.boxed.c
    return None


class HeldKeys:
    """The keys each collection of one execution holds, as far as instrumented code put them there."""

    def __init__(self) -> None:
        self._held: dict[object, list[Held]] = {}
        self.missed: dict[tuple[int, str], None] = {}  # (statement, String key) looked up and not held, in order

    @staticmethod
    def _names(collection: Ref) -> list[object]:
        """A collection is known by its object id, or, before a record told the id, by its Ref."""
        return [collection.id, collection] if collection.id else [collection]

    def of(self, collection: Ref) -> list[Held] | None:
        for name in self._names(collection):
            if name in self._held:
                return self._held[name]
        return None

    def put(self, collection: Ref, key: Value | None, stored: Value | None, first: bool = False) -> None:
        """`key` held from now on: last (in the order of puts, a list's order), or `first` (a
        deque's addFirst and push)."""
        found = key_of(key)
        held = self.of(collection)
        if held is None:
            held = self._held.setdefault(self._names(collection)[0], [])
        if found is not None:  # an equal key put again stays too: in another run the two may differ
            held.insert(0 if first else len(held), Held(found[0], found[1], stored))

    def remove(self, collection: Ref, key: Value | None) -> None:
        found, held = key_of(key), self.of(collection)
        if found is not None and held is not None:
            held[:] = [h for h in held if h.value != found[1]]

    def take(self, collection: Ref, key: Value | None, last: bool) -> None:
        """The element `key` left an end of a list or deque: the key held at that end when its value
        is the one taken (then the keys are in the collection's order), else one of equal value."""
        found, held = key_of(key), self.of(collection)
        if found is None or not held:
            return
        equal = [i for i, h in enumerate(held) if h.value == found[1] and h.term.sort() == found[0].sort()]
        end = len(held) - 1 if last else 0
        if end in equal:
            del held[end]
        elif equal:
            del held[equal[-1] if last else equal[0]]

    def miss(self, statement: int, key: Value | None) -> None:
        """A String `key` was looked up in a collection that did not hold it."""
        found = key_of(key)
        if found is not None and isinstance(found[1], str):
            self.missed.setdefault((statement, found[1]))

    def clear(self, collection: Ref) -> None:
        held = self.of(collection)
        if held is not None:
            held.clear()

    def share(self, view: Ref, collection: Ref) -> None:
        """`view` shows the keys of `collection` (a reversed view): one list of keys for both."""
        held = self.of(collection)
        if held is None:
            held = self._held.setdefault(self._names(collection)[0], [])
        self._held[self._names(view)[0]] = held


def _equal(a: z3.ExprRef, b: z3.ExprRef) -> z3.BoolRef | None:
    return a == b if a.sort() == b.sort() else None


def _found(held: list[Held], key: tuple[z3.ExprRef, object]) -> z3.BoolRef | None:
    """"The key equals one of those held", when something in it is symbolic."""
    term = key[0]
    equalities = [e for h in held if (e := _equal(term, h.term)) is not None]
    if not equalities:
        return None
    found = z3.Or(*equalities) if len(equalities) > 1 else equalities[0]
    return None if z3.is_true(z3.simplify(found)) or z3.is_false(z3.simplify(found)) else found


ABSENT = "absent"


def _which(held: list[Held], key: tuple[z3.ExprRef, object]) -> list[tuple[object, z3.BoolRef]]:
    """The outcomes of looking `key` up: the position of the held key it equals (the latest put of
    equal keys wins: its value is what a map gives back), or ABSENT, each with its condition."""
    equal = [_equal(key[0], h.term) for h in held]
    outcomes: list[tuple[object, z3.BoolRef]] = []
    for position, condition in enumerate(equal):
        later = [e for e in equal[position + 1:] if e is not None]
        if condition is not None:
            outcomes.append((position, z3.And(condition, *(z3.Not(e) for e in later)) if later else condition))
    known = [e for e in equal if e is not None]
    outcomes.append((ABSENT, z3.Not(z3.Or(*known)) if len(known) > 1 else z3.Not(known[0])))
    return outcomes


def _unmodelled(vm: Machine, call: PendingCall, reported: Value) -> Value:
    """The JVM's result, counted as an approximation when it was computed from terms."""
    if symbolic_arguments(call):
        vm.approximate()
    return reported


class Answer(Enum):
    """What a keyed call returns."""

    HELD = "held"  # whether the key was held (containsKey, contains, a collection's remove)
    ABSENT = "absent"  # whether it was not (a set's add)
    STORED = "stored"  # the value stored with it, or null (get, a map's put and remove)
    NOTHING = "nothing"  # a value that does not depend on it (a list's add: always true)
    UNKNOWN = "unknown"  # one the VM cannot tell (a Collection's add: a list's or a set's)


class Keyed(Model):
    """A call with a key: whether the collection holds it (a decision at the call where either side
    is symbolic, or the boolean result's condition), then what the call changes: the key is held
    from now on (put, add) or no longer (remove)."""

    def __init__(self, answer: Answer, puts: bool = False, removes: bool = False, if_absent: bool = False) -> None:
        self.answer = answer
        self.puts = puts or if_absent
        self.removes = removes
        self.if_absent = if_absent

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.receiver, Ref)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        receiver: Ref = call.receiver  # type: ignore[assignment]
        key, held = key_of(call.args[0]), list(vm.held_keys.of(receiver) or ())
        match = None if key is None else next(  # the latest put of an equal key (a map gives back its value)
            (h for h in reversed(held) if h.value == key[1] and h.term.sort() == key[0].sort()), None)
        if match is None and not self.puts and self.answer != Answer.NOTHING:
            vm.held_keys.miss(len(vm.harness.statement_starts) - 1, call.args[0])
        if self.removes:
            vm.held_keys.remove(receiver, call.args[0])
        if self.puts and (match is None or not self.if_absent):
            vm.held_keys.put(receiver, call.args[0], call.args[1] if len(call.args) > 1 else None)
        if self.answer == Answer.NOTHING:
            return reported
        if self.answer == Answer.UNKNOWN:
            return _unmodelled(vm, call, reported)
        cond = _found(held, key) if key is not None and held else None
        if cond is None or key is None:
            # no key held yet: a put or add finds none, whatever the key
            return reported if not held and (self.puts or self.answer == Answer.ABSENT) else \
                _unmodelled(vm, call, reported)
        if self.answer == Answer.HELD:
            return CondSym(1 if match is not None else 0, cond)
        if self.answer == Answer.ABSENT:
            return CondSym(0 if match is not None else 1, z3.Not(cond))
        outcomes = _which(held, key)
        taken = held.index(match) if match is not None else ABSENT
        others = tuple((label, condition) for label, condition in outcomes if label != taken)
        vm.decide_many(frame, path.DecisionKind.LOOKUP, taken, dict(outcomes)[taken], others)
        stored = match.stored if match is not None else None
        same = isinstance(stored, Ref) and isinstance(reported, Ref) and stored.id == reported.id
        return stored if same and stored is not None else reported


class Clear(Model):
    """`clear()`: nothing is held any more (a void call: the VM reads no result, so before it)."""

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.receiver, Ref)

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        vm.held_keys.clear(call.receiver)  # type: ignore[arg-type]
        return True


class AddAtEnd(Model):
    """`addFirst(e)`/`addLast(e)`/`push(e)` (void): the key is held from now on, at that end (a
    sequenced set moves it there if it held it already), so before the call, as for `clear`."""

    def __init__(self, first: bool) -> None:
        self.first = first

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.receiver, Ref)

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        vm.held_keys.put(call.receiver, call.args[0], None, self.first)  # type: ignore[arg-type]
        return True


class TakeEnd(Model):
    """`removeFirst()`, `pollLast()`, `pop()` …: the element given back is held once less."""

    def __init__(self, last: bool) -> None:
        self.last = last

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.receiver, Ref)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        vm.held_keys.take(call.receiver, reported, self.last)  # type: ignore[arg-type]
        return reported


class ReversedView(Model):
    """`reversed()`: a view of the same elements, in the other order: it holds the same keys."""

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.receiver, Ref)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        if isinstance(reported, Ref) and reported.id:
            vm.held_keys.share(reported, call.receiver)  # type: ignore[arg-type]
        return reported


MODELS: dict[tuple[str, str, str], Model] = {}
for _map in MAPS:
    MODELS.update({
        (_map, "put", f"({OBJECT_DESC}{OBJECT_DESC}){OBJECT_DESC}"): Keyed(Answer.STORED, puts=True),
        (_map, "putIfAbsent", f"({OBJECT_DESC}{OBJECT_DESC}){OBJECT_DESC}"): Keyed(Answer.STORED, if_absent=True),
        (_map, "clear", "()V"): Clear(),
        (_map, "containsKey", f"({OBJECT_DESC})Z"): Keyed(Answer.HELD),
        (_map, "get", f"({OBJECT_DESC}){OBJECT_DESC}"): Keyed(Answer.STORED),
        (_map, "getOrDefault", f"({OBJECT_DESC}{OBJECT_DESC}){OBJECT_DESC}"): Keyed(Answer.STORED),
        (_map, "remove", f"({OBJECT_DESC}){OBJECT_DESC}"): Keyed(Answer.STORED, removes=True),
    })
for _collection in COLLECTIONS:
    _added = Answer.NOTHING if _collection in SEQUENCES else Answer.ABSENT if _collection in SETS else Answer.UNKNOWN
    MODELS.update({
        (_collection, "add", f"({OBJECT_DESC})Z"): Keyed(_added, puts=True),
        (_collection, "clear", "()V"): Clear(),
        (_collection, "contains", f"({OBJECT_DESC})Z"): Keyed(Answer.HELD),
        (_collection, "remove", f"({OBJECT_DESC})Z"): Keyed(Answer.HELD, removes=True),
    })
# What reversed() is declared to return, by the class it is called on (ArrayList's is List's).
_REVERSED = ("java/util/SequencedCollection", "java/util/List", "java/util/Deque", "java/util/SequencedSet",
             "java/util/SortedSet", "java/util/NavigableSet", "java/util/SequencedMap")
for _sequenced in (*SEQUENCED, "java/util/Queue"):
    MODELS.update({(_sequenced, name, f"({OBJECT_DESC})V"): AddAtEnd(first=name != "addLast")
                   for name in ("addFirst", "addLast", "push")})
    MODELS.update({(_sequenced, name, f"(){OBJECT_DESC}"): TakeEnd(last=name.endswith("Last"))
                   for name in ("removeFirst", "removeLast", "pollFirst", "pollLast", "pop", "poll", "remove")})
for _map in SEQUENCED_MAPS:
    MODELS.update({(_map, name, f"({OBJECT_DESC}{OBJECT_DESC}){OBJECT_DESC}"): Keyed(Answer.STORED, puts=True)
                   for name in ("putFirst", "putLast")})
for _owner in (*SEQUENCED, *SEQUENCED_MAPS):
    MODELS.update({(_owner, "reversed", f"()L{returned};"): ReversedView() for returned in _REVERSED})
