"""Lookups of a key among the keys a JDK map, set or list holds.

`options.get(name)` decides inside `HashMap`, which the VM does not trace, whether `name` is one of
the keys the code put there earlier: no branch of instrumented code holds that condition, so the
search could not ask for a name that was registered. So the VM keeps, per collection, the keys that
instrumented code put into it (`put`, `putIfAbsent`, `add`) and takes out again (`remove`,
`clear`), when their contents are known (a String or a box the VM follows: an input, a constant, a
term of them). A lookup (`get`, `getOrDefault`, `containsKey`, `contains`, `remove`) of such a key
then decides "equal to one of the keys held" where either side is symbolic: a decision of the path,
at the call, that the solver can flip (the option's name, given to the parser as `-name`).

Keys put by library code (a copy constructor, `putAll`) or whose contents the VM does not know are
missing: a lookup predicted absent may then find one, which the correctness check reports as a
divergence at the call (and the site is given up after a few). Hash maps of Strings and boxes, and
sorted ones with their natural order, find a key exactly when it is equal to one held; a sorted map
with its own comparator may not, with the same result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import z3

from jtc.svm import path
from jtc.svm.models.base import Model, symbolic_arguments
from jtc.svm.values import CondSym, Ref, Value

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

OBJECT = "Ljava/lang/Object;"
MAPS = ("java/util/Map", "java/util/AbstractMap", "java/util/HashMap", "java/util/LinkedHashMap",
        "java/util/TreeMap", "java/util/SortedMap", "java/util/NavigableMap", "java/util/Hashtable",
        "java/util/concurrent/ConcurrentHashMap", "java/util/concurrent/ConcurrentMap")
COLLECTIONS = ("java/util/Collection", "java/util/AbstractCollection", "java/util/Set", "java/util/AbstractSet",
               "java/util/HashSet", "java/util/LinkedHashSet", "java/util/TreeSet", "java/util/SortedSet",
               "java/util/NavigableSet", "java/util/List", "java/util/AbstractList", "java/util/ArrayList",
               "java/util/LinkedList")


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

    @staticmethod
    def _names(collection: Ref) -> list[object]:
        """A collection is known by its object id, or, before a record told the id, by its Ref."""
        return [collection.id, collection] if collection.id else [collection]

    def of(self, collection: Ref) -> list[Held] | None:
        for name in self._names(collection):
            if name in self._held:
                return self._held[name]
        return None

    def put(self, collection: Ref, key: Value | None, stored: Value | None) -> None:
        found = key_of(key)
        held = self.of(collection)
        if held is None:
            held = self._held.setdefault(self._names(collection)[0], [])
        if found is not None:
            held[:] = [h for h in held if h.value != found[1]]
            held.append(Held(found[0], found[1], stored))

    def remove(self, collection: Ref, key: Value | None) -> None:
        found, held = key_of(key), self.of(collection)
        if found is not None and held is not None:
            held[:] = [h for h in held if h.value != found[1]]

    def clear(self, collection: Ref) -> None:
        held = self.of(collection)
        if held is not None:
            held.clear()


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


class _Receiver(Model):
    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.receiver, Ref)


def _unmodelled(vm: Machine, call: PendingCall, reported: Value) -> Value:
    """The JVM's result, counted as an approximation when it was computed from terms."""
    if symbolic_arguments(call):
        vm.approximate()
    return reported


class Put(_Receiver):
    """`map.put(k, v)`, `putIfAbsent`, `collection.add(k)`: the key is held from now on."""

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        stored = call.args[1] if len(call.args) > 1 else None
        vm.held_keys.put(call.receiver, call.args[0], stored)  # type: ignore[arg-type]
        return _unmodelled(vm, call, reported)


class Clear(_Receiver):
    """`clear()`: nothing is held any more (a void call: the VM reads no result, so before it)."""

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        vm.held_keys.clear(call.receiver)  # type: ignore[arg-type]
        return True


class Lookup(_Receiver):
    """`containsKey`/`contains` (a boolean), `get`/`getOrDefault`/`remove` (what was held, or null /
    the default / false): whether the key is held is a decision at the call."""

    def __init__(self, answers_boolean: bool, removes: bool = False) -> None:
        self.answers_boolean = answers_boolean
        self.removes = removes

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        receiver: Ref = call.receiver  # type: ignore[assignment]
        key, held = key_of(call.args[0]), list(vm.held_keys.of(receiver) or ())
        if self.removes:
            vm.held_keys.remove(receiver, call.args[0])
        cond = _found(held, key) if key is not None and held else None
        if key is None or cond is None:
            return _unmodelled(vm, call, reported)
        match = next((h for h in held if h.value == key[1]), None)
        if self.answers_boolean:
            return CondSym(1 if match is not None else 0, cond)
        vm.choose(frame, path.DecisionKind.LOOKUP, ("held", "absent"), cond, match is not None)
        stored = match.stored if match is not None else None
        same = isinstance(stored, Ref) and isinstance(reported, Ref) and stored.id == reported.id
        return stored if same and stored is not None else reported


MODELS: dict[tuple[str, str, str], Model] = {}
for _map in MAPS:
    MODELS.update({
        (_map, "put", f"({OBJECT}{OBJECT}){OBJECT}"): Put(),
        (_map, "putIfAbsent", f"({OBJECT}{OBJECT}){OBJECT}"): Put(),
        (_map, "clear", "()V"): Clear(),
        (_map, "containsKey", f"({OBJECT})Z"): Lookup(answers_boolean=True),
        (_map, "get", f"({OBJECT}){OBJECT}"): Lookup(answers_boolean=False),
        (_map, "getOrDefault", f"({OBJECT}{OBJECT}){OBJECT}"): Lookup(answers_boolean=False),
        (_map, "remove", f"({OBJECT}){OBJECT}"): Lookup(answers_boolean=False, removes=True),
    })
for _collection in COLLECTIONS:
    MODELS.update({
        (_collection, "add", f"({OBJECT})Z"): Put(),
        (_collection, "clear", "()V"): Clear(),
        (_collection, "contains", f"({OBJECT})Z"): Lookup(answers_boolean=True),
        (_collection, "remove", f"({OBJECT})Z"): Lookup(answers_boolean=True, removes=True),
    })
