"""The system under test as invokables: the class under test and the classes its inputs need.

A method that takes a `Figure` can only be tested with a Circle or a Square made by their own
constructors, so the pool follows reference parameter types to their concrete subtypes on the
classpath (and to the types the code casts to or checks with instanceof), a couple of levels deep.
Arrays of objects get array constructors; boxed and Object parameters get value factories.
"""

from __future__ import annotations

from typing import Callable, Iterable

from jtc.analysis.influence import Effects, InfluenceAnalysis
from jtc.model.classtable import ClassInfo, MethodInfo
from jtc.model.repository import ClassRepository
from jtc.model.types import BOXES, OBJECT, internal_name, is_array, is_primitive, is_reference, object_desc
from jtc.config import AccessOptions
from jtc.search.invokables import Invokable, InvokableKind, array_invokable, class_invokables
from jtc.search.sequences import EMPTY, effects_of_store, is_symbolic_input

# Supertypes of the JDK types value factories produce (the JDK's classes are not described).
_BOX_SUPERTYPES = ("Ljava/lang/Number;", "Ljava/lang/Comparable;", "Ljava/io/Serializable;", OBJECT)
ARRAY_LENGTHS = (1, 2)
DEPTH = 2  # how many levels of parameter types are followed from the class under test


class Pool:
    """Invokables, how they relate by type, and their effects."""

    def __init__(self, repository: ClassRepository, analysis: InfluenceAnalysis, invokables: list[Invokable]) -> None:
        self.repository = repository
        self.analysis = analysis
        self.invokables = invokables

    def assignable(self, sub: str, sup: str) -> bool:
        """Can a value of type `sub` be passed where `sup` is expected? (descriptors)"""
        if sub == sup or (sup == OBJECT and is_reference(sub)):
            return True
        if is_array(sub) and is_array(sup):
            return not is_primitive(sub[1:]) and not is_primitive(sup[1:]) and self.assignable(sub[1:], sup[1:])
        if sub[0] != "L" or sup[0] != "L":
            return False
        if sub in (f"L{box};" for box in BOXES.values()):
            return sup in _BOX_SUPERTYPES
        return self.repository.is_subclass(internal_name(sub), internal_name(sup))

    def effects(self, invokable: Invokable) -> Effects:
        if invokable.kind in (InvokableKind.NEW, InvokableKind.CALL, InvokableKind.STATIC):
            return self.analysis.effects(invokable.owner, invokable.name, invokable.desc)
        if invokable.kind == InvokableKind.FACTORY:
            return EMPTY
        return effects_of_store(invokable)


    def methods_run_by(self, invokable: Invokable) -> list[MethodInfo]:
        """The user methods an invokable may run (itself, its callees, their overriding versions)."""
        methods = []
        for owner, name, desc in sorted(self.effects(invokable).runs):
            info = self.repository.get(owner)
            method = info.method(name, desc) if info is not None else None
            if method is not None:
                methods.append(method)
        return methods


def build_pool(cls: ClassInfo, repository: ClassRepository, analysis: InfluenceAnalysis,
               describe: Callable[[str], ClassInfo | None], options: AccessOptions) -> Pool:
    package = cls.name.rpartition("/")[0]
    invokables = class_invokables(cls, package, options)
    seen = {cls.name}
    for name in analysis.index.nested(cls.name):
        seen.add(name)
        info = describe(name)
        if info is not None:
            invokables.extend(class_invokables(info, package, options))
    frontier = _wanted_types(invokables, analysis, cls)
    for _ in range(DEPTH):
        found: list[Invokable] = []
        for desc in sorted(frontier):
            for name in analysis.subtypes(internal_name(desc)):
                if name in seen:
                    continue
                seen.add(name)
                info = describe(name)
                if info is not None:
                    found.extend(class_invokables(info, package, options))
        invokables.extend(found)
        frontier = _wanted_types(found, analysis, None)
    arrays = object_arrays(desc for inv in invokables for desc in inv.inputs)
    invokables.extend(array_invokable(desc, length) for desc in arrays for length in ARRAY_LENGTHS)
    return Pool(repository, analysis, invokables)


def object_arrays(consumed: Iterable[str]) -> list[str]:
    """The array types that need array constructors: those consumed that no input variable can stand
    for, and, for several dimensions, their element array types down to one an input can be."""
    found: set[str] = set()
    pending = [desc for desc in consumed if is_array(desc)]
    while pending:
        desc = pending.pop()
        if desc in found or is_symbolic_input(desc):
            continue
        found.add(desc)
        if is_array(desc[1:]):
            pending.append(desc[1:])
    return sorted(found)


def _wanted_types(invokables: list[Invokable], analysis: InfluenceAnalysis, cls: ClassInfo | None) -> set[str]:
    """Reference types the invokables consume (array element types included), and the types the
    class under test casts to or checks with instanceof."""
    wanted = set()
    for invokable in invokables:
        for desc in invokable.inputs:
            base = desc.lstrip("[")
            if base[0] == "L" and not is_symbolic_input(desc) and not base.startswith("Ljava/"):
                wanted.add(base)
    if cls is not None:
        for invokable in invokables:
            if invokable.kind in (InvokableKind.NEW, InvokableKind.CALL, InvokableKind.STATIC) and invokable.owner == cls.name:
                wanted.update(object_desc(t) for t in analysis.effects(invokable.owner, invokable.name,
                                                                        invokable.desc).casts if not t.startswith("["))
    return wanted

