"""Static influence facts of methods: fields defined and used, array elements stored and loaded,
types cast to, transitively through the methods they call (the could-influence check of
JTestCraft's candidate sequence search, den Hollander, TU Delft, 2010).

The facts come from the instruction tables the agent exports for every project class (the same
ASM pass that instruments them), so the analysis sees exactly the bytecode the VM replays. A
virtual call stands for every implementation the project holds (the owner's and its subtypes');
calls into the JDK and the dependency jars are not followed: library code does not touch the
fields of the project's classes except through callbacks, which the trace-level criteria of the
exploration still see. One exception: a method that reads a field holding a library collection or
builder (a JDK one, or any object of a dependency) and calls a mutating method of the library
(`lines.add(line)`, `shortOpts.put(key, option)`) counts as defining that field, so that `add` can
come before `total()` and an option registered before the parser that looks it up; one that calls
any other method on it (`shortOpts.containsKey(name)`) reads it, as its `getfield` says.

Whether a method gives back the object it was called on (`return this;` on every return: a fluent
setter, `options.addOption(…)`) is a fact of the method itself, not of what it calls: such a call
changes its receiver as a void one does, where a method of an immutable class that returns its own
type (`format.withHeader(…)`) makes another object (making/preparations.py tells the two apart).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

from jtc.model.classindex import ClassIndex
from jtc.model.classtable import ClassInfo, MethodInfo
from jtc.model.opcodes import (ALOAD, ARETURN, ASTORE, CHECKCAST, GETFIELD, GETSTATIC, IALOAD, IASTORE, INSTANCEOF,
                               INVOKEDYNAMIC, INVOKEINTERFACE, INVOKESPECIAL, INVOKESTATIC, INVOKEVIRTUAL, NEW, PUTFIELD,
                               PUTSTATIC)
from jtc.model.repository import ClassRepository
from jtc.model.types import Descriptor, InternalName, internal_name

JDK_PACKAGES = ("java/", "javax/", "jdk/", "sun/", "com/sun/", "[")  # and arrays: none of them a dependency's
ANY_REFERENCE = "L"  # element type of aastore/aaload: some reference type
# Method handle kinds (JVMS 4.4.8) 1-4 read or write a field, 5-9 call: as the instruction that does the same.
HANDLE_OPCODES = {1: GETFIELD, 2: GETSTATIC, 3: PUTFIELD, 4: PUTSTATIC, 5: INVOKEVIRTUAL, 6: INVOKESTATIC,
                  7: INVOKESPECIAL, 8: INVOKESPECIAL, 9: INVOKEINTERFACE}
SWITCH_BOOTSTRAPS = "java/lang/runtime/SwitchBootstraps"  # typeSwitch, enumSwitch: pattern switches
ELEMENTS = "IJFDLBCS"  # element kinds of xaload/xastore in opcode order (baload/bastore serve boolean too)
# Field types whose objects change through their own methods (collections, maps, builders), and the
# names of the JDK methods that change them.
MUTABLE_LIBRARY_TYPES = ("Ljava/util/", "Ljava/lang/StringBuilder;", "Ljava/lang/StringBuffer;")
MUTATOR_PREFIXES = ("add", "put", "remove", "clear", "set", "offer", "push", "pop", "poll", "compute", "merge",
                    "replace", "retain", "sort", "append", "insert", "delete", "reverse", "increment", "decrement",
                    "getAnd", "accumulate")


@dataclass(frozen=True)
class FieldRef:
    owner: str  # the declaring class
    name: str
    desc: str
    is_static: bool


def _elements_match(stored: str, loaded: str) -> bool:
    if stored == loaded:
        return True
    return {stored, loaded} <= {"B", "Z"} or (stored[0] in "L[" and loaded[0] in "L[")


@dataclass(frozen=True)
class Effects:
    defs: frozenset[FieldRef]
    uses: frozenset[FieldRef]
    array_stores: frozenset[str]  # element kinds
    array_loads: frozenset[str]
    casts: frozenset[str]  # internal names named by checkcast/instanceof
    complete: bool  # False when some user callee could not be analysed
    runs: frozenset[tuple[str, str, str]] = frozenset()  # user methods it may run, itself included
    allocates: frozenset[str] = frozenset()  # classes it may instantiate (`new`), by internal name
    gives_receiver: bool = False  # the method itself returns `this` on every return (a fluent call)

    def influences(self, later: Effects) -> bool:
        """Could what this defines or stores be what `later` uses or loads? (objects not compared)"""
        if self.defs & later.uses:
            return True
        return any(_elements_match(s, l) for s in self.array_stores for l in later.array_loads)


NOTHING = Effects(frozenset(), frozenset(), frozenset(), frozenset(), frozenset(), True)


class InfluenceAnalysis:
    """Effects per method, computed once per run; callees are described on demand."""

    def __init__(self, repository: ClassRepository, index: ClassIndex,
                 describe: Callable[[InternalName], ClassInfo | None]) -> None:
        self.repository = repository
        self.index = index
        self.describe = describe
        self._done: dict[tuple[str, str, str], Effects] = {}

    def subtypes(self, internal_name: InternalName) -> tuple[str, ...]:
        return self.index.subtypes(internal_name)

    def effects(self, owner: str, name: str, desc: str) -> Effects:
        key = (owner, name, desc)
        if key not in self._done:
            self._done[key] = self._closure(key)
        return self._done[key]

    def _class(self, name: InternalName) -> ClassInfo | None:
        info = self.repository.get(name)
        if info is None and self.index.is_project_class(name):
            info = self.describe(name)
        return info

    def _method(self, owner: str, name: str, desc: str) -> MethodInfo | None:
        """The method a call resolves to: declared by `owner` or inherited from a superclass."""
        current: str | None = owner
        while current is not None:
            info = self._class(InternalName(current))
            if info is None:
                return None
            method = info.method(name, desc)
            if method is not None:
                return method
            current = info.super_name
        return None

    def _closure(self, root: tuple[str, str, str]) -> Effects:
        defs: set[FieldRef] = set()
        uses: set[FieldRef] = set()
        stores: set[str] = set()
        loads: set[str] = set()
        casts: set[str] = set()
        complete = True
        runs: set[tuple[str, str, str]] = set()
        allocates: set[str] = set()
        owner, name, desc = root
        gives_receiver = self.index.is_project_class(InternalName(owner)) and _gives_receiver(self._method(owner, name, desc))
        pending = [root] if self.index.is_project_class(InternalName(owner)) else self._implementations(InternalName(owner), name, desc)
        seen = set(pending)
        while pending:
            owner, name, desc = pending.pop()
            if not self.index.is_project_class(InternalName(owner)):
                continue  # the JDK
            method = self._method(owner, name, desc)
            if method is None:
                complete = False
                continue
            runs.add((method.owner, method.name, method.desc))
            containers: set[FieldRef] = set()  # fields read that hold a mutable JDK object
            mutates = False  # calls a JDK method that changes its receiver
            for instruction in _with_handles(method.code):
                opcode = instruction[0]
                if GETSTATIC <= opcode <= PUTFIELD:
                    field = self._field(instruction[1], instruction[2], instruction[3], opcode in (GETSTATIC, PUTSTATIC))
                    (defs if opcode in (PUTSTATIC, PUTFIELD) else uses).add(field)
                    if opcode in (GETSTATIC, GETFIELD) and self._library_container(Descriptor(field.desc)):
                        containers.add(field)
                elif IALOAD <= opcode < IALOAD + 8:
                    loads.update(self._kinds(opcode - IALOAD))
                elif IASTORE <= opcode < IASTORE + 8:
                    stores.update(self._kinds(opcode - IASTORE))
                elif opcode in (CHECKCAST, INSTANCEOF):
                    casts.add(instruction[1])
                elif opcode == NEW:
                    allocates.add(instruction[1])
                elif INVOKEVIRTUAL <= opcode <= INVOKEINTERFACE:
                    mutates = mutates or (opcode != INVOKESTATIC and self._library(instruction[1])
                                          and instruction[2].startswith(MUTATOR_PREFIXES))
                    for callee in self._targets(opcode, instruction[1], instruction[2], instruction[3]):
                        if callee not in seen:
                            seen.add(callee)
                            pending.append(callee)
            if mutates:
                defs.update(containers)
        return Effects(frozenset(defs), frozenset(uses), frozenset(stores), frozenset(loads), frozenset(casts),
                       complete, frozenset(runs), frozenset(allocates), gives_receiver)

    def _library(self, owner: InternalName) -> bool:
        """A class whose mutating methods count: `java/` or a dependency's (library code, not analysed)."""
        return owner.startswith("java/") or self._dependency(owner)

    def _library_container(self, desc: Descriptor) -> bool:
        """A field type whose objects change through their own library methods: the JDK's
        collections and builders, and any class of a dependency (a Guava multimap, a builder)."""
        return desc.startswith(MUTABLE_LIBRARY_TYPES) or (desc.startswith("L") and self._dependency(internal_name(desc)))

    def _dependency(self, name: InternalName) -> bool:
        """A class of a dependency jar: neither the project's nor the JDK's."""
        return not name.startswith(JDK_PACKAGES) and not self.index.is_project_class(name)

    @staticmethod
    def _kinds(position: int) -> tuple[str, ...]:
        kind = ELEMENTS[position]
        return ("B", "Z") if kind == "B" else (ANY_REFERENCE,) if kind == "L" else (kind,)

    def _field(self, owner: InternalName, name: str, desc: str, is_static: bool) -> FieldRef:
        if self.index.is_project_class(owner):
            self._class(owner)
        return FieldRef(self.repository.resolve_field_owner(owner, name), name, desc, is_static)

    def _targets(self, opcode: int, owner: InternalName, name: str, desc: str) -> list[tuple[InternalName, str, str]]:
        """The methods a call may run: one for static and special calls, every implementation for
        virtual and interface calls (of a JDK interface too: `iterator.next()` may run a project class's)."""
        if owner.startswith("["):
            return []
        if opcode in (INVOKESTATIC, INVOKESPECIAL):
            return [(owner, name, desc)] if self.index.is_project_class(owner) else []
        found = [(owner, name, desc)] if self.index.is_project_class(owner) else []
        return found + self._implementations(owner, name, desc)

    def _implementations(self, owner: InternalName, name: str, desc: str) -> list[tuple[InternalName, str, str]]:
        """The project classes below `owner` that declare the method (none for Object's methods: every
        class would qualify, and the JDK calls them on whatever it holds)."""
        if owner == "java/lang/Object":
            return []
        found: list[tuple[InternalName, str, str]] = []
        for subtype in self.index.subtypes(owner):
            info = self._class(subtype)
            if info is not None and info.method(name, desc) is not None:
                found.append((subtype, name, desc))
        return found


def _gives_receiver(method: MethodInfo | None) -> bool:
    """Does an instance method return its receiver on every return (`aload 0; areturn`, local 0
    never overwritten)?"""
    if method is None or method.is_static or not method.returns.startswith("L"):
        return False
    code = method.code
    returns = [at for at, instruction in enumerate(code) if instruction[0] == ARETURN]
    return bool(returns) and all(at > 0 and code[at - 1][0] == ALOAD and code[at - 1][1] == 0 for at in returns) \
        and not any(instruction[0] == ASTORE and instruction[1] == 0 for instruction in code)


def _with_handles(code: list[list]) -> Iterator[list]:
    """The instructions, each invokedynamic followed by what its method handles do as instructions of
    their own: a lambda's body or a method reference is a call (the JDK's glue runs it later), the
    field getters of a record's equals/hashCode/toString are field reads; the class labels of a
    pattern switch are `instanceof` tests (SwitchBootstraps.typeSwitch tests them in turn)."""
    for instruction in code:
        yield instruction
        if instruction[0] == INVOKEDYNAMIC and len(instruction) > 5:
            switch = instruction[3] == SWITCH_BOOTSTRAPS
            for argument in instruction[5]:
                if argument[0] == "H" and argument[1] in HANDLE_OPCODES:
                    yield [HANDLE_OPCODES[argument[1]], *argument[2:5]]
                elif switch and argument[0] == "C" and argument[1][0] in "L[":
                    yield [INSTANCEOF, internal_name(argument[1])]
