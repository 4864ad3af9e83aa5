"""Heap simulation (seed 002, §3.2): fields and array cells in a Python map keyed by object.

References, types and aliasing are whatever the concrete run did; the map only remembers which
symbolic value instrumented code stored where. Loads compare the stored concrete value with the
value the JVM reports: a difference means uninstrumented code wrote there (e.g. Arrays.fill), and
then the JVM's value wins.
"""

from __future__ import annotations

from jtc.model.types import Descriptor, is_reference
from jtc.svm.values import Ref, Sym, Value, concrete, number, primitive
from jtc.svm.concrete import decode_value, same_value

NULL = Ref(0)


class Heap:
    def __init__(self) -> None:
        self._refs: dict[int, Ref] = {0: NULL}
        self.fields: dict[tuple[Ref, str], Value] = {}
        self.cells: dict[tuple[Ref, int], Value] = {}
        self.statics: dict[str, Value] = {}
        self.stale_loads = 0  # loads where the JVM's value differed from the simulated one
        # Data flow between statements (seed 002, §4.4.1): who defined each location last, and
        # (definer, user) pairs of statements where a later one read what an earlier one wrote.
        self.statement = -1
        self._definer: dict[object, int] = {}
        self.flows: set[tuple[int, int]] = set()

    def ref(self, object_id: int) -> Ref:
        """The one Ref for a trace object id."""
        existing = self._refs.get(object_id)
        if existing is None:
            existing = self._refs[object_id] = Ref(object_id)
        return existing

    def decode(self, desc: Descriptor, raw: int) -> Value:
        """A recorded value of type `desc` as a VM value (references become canonical Refs)."""
        if is_reference(desc):
            return self.ref(raw)
        return decode_value(desc, raw)

    def boxed(self, object_id: int, value: Sym, wrapper: str) -> Ref:
        """A box of class `wrapper` holding the symbolic `value`. Boxes of small values are shared objects
        (`Integer.valueOf(5)` twice is one object), so each boxing gets a Ref of its own, carrying
        its own term; the shared object's Ref remembers the latest, for boxes that come back from
        library code."""
        shared = self.ref(object_id)
        own = Ref(object_id)
        for ref in (shared, own):
            ref.boxed, ref.wrapper = value, wrapper
        return own

    def bind(self, ref: Ref, object_id: int) -> Ref:
        """Reconcile a Ref from the VM's stack with the id a record reports for the same slot.

        A fresh Ref (id None) takes the id; symbolic refs (inputs) keep their identity and register
        it; otherwise the record's id is authoritative."""
        if ref.id == object_id:
            if object_id not in self._refs:
                self._refs[object_id] = ref
            return ref
        if ref.id is None or (ref.id == 0 and ref.null is not None):
            if object_id not in self._refs or self._refs[object_id] is NULL:
                ref.id = object_id
                if object_id != 0:
                    self._refs[object_id] = ref
                return ref
        return self.ref(object_id)

    def defined(self, location: object) -> None:
        """The current statement wrote `location` (a fields, cells or statics key)."""
        self._definer[location] = self.statement

    def used(self, location: object) -> None:
        definer = self._definer.get(location)
        if definer is not None and definer != self.statement:
            self.flows.add((definer, self.statement))

    def register(self, ref: Ref) -> None:
        if ref.id:
            self._refs.setdefault(ref.id, ref)

    def load(self, stored: Value | None, reported: Value) -> Value:
        """The value of a load: the simulated one if the JVM agrees with it, else the JVM's."""
        if stored is None:
            return reported
        if isinstance(stored, Ref):
            if stored.id is None and stored.string is not None and isinstance(reported, Ref) and reported.id:
                stored.id = reported.id  # a constant String (ldc records no id) stored before: this is it
                return stored
            if isinstance(reported, Ref) and reported is not stored and reported.id != stored.id:
                self.stale_loads += 1
                return reported
            return stored
        if isinstance(reported, Ref) or not same_value(concrete(primitive(stored)), number(reported)):
            self.stale_loads += 1
            return reported
        return stored

    def symbolic_cells(self) -> int:
        return sum(1 for v in self.cells.values() if isinstance(v, Sym))
