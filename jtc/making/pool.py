"""The system under test as invokables: the class under test and what its sequences need.

The pool holds what candidate sequences may be grown from, backwards from the members under test:
the class's own members and its nested classes', the methods it inherits from the project's classes;
the other ways in to the class (factories anywhere on the classpath, subclasses' constructors when the
class is abstract, a stub when nothing else makes one; its hidden ways in, model/public_api.py, last)
and, for an abstract class, the other instance methods of the subclasses it is made as; the members
of the concrete subtypes of the types its methods take (a method that takes a `Figure` may want a
Circle whose radius was set first), a couple of levels deep; the methods of objects its methods
return (an iterator's `next`); and array constructors for arrays of objects.
Arguments that need a fresh object rather than one prepared by earlier steps come from recipes
(making/recipes.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from jtc.analysis.influence import Effects, InfluenceAnalysis
from jtc.config import AccessOptions
from jtc.model.classfile import ACC_PUBLIC, ClassFile
from jtc.model.classindex import ClassIndex
from jtc.model.classtable import MethodInfo
from jtc.model.public_api import PublicApi
from jtc.model.types import (
    Descriptor, InternalName, OBJECT_DESC, element_type, internal_name, is_array, is_primitive, is_reference,
    object_desc, parse_method_descriptor)
from jtc.calls.invokables import (Invokable, InvokableKind, array_invokable, class_invokables, parameter_names,
                                   stub_invokable)
from jtc.making.producers import Producers
from jtc.calls.steps import EMPTY, effects_of_store, is_symbolic_input

ARRAY_LENGTHS = (1, 2)
DEPTH = 2  # how many levels of parameter types are followed from the class under test


class Assignability:
    """Can a value of one type be passed where another is expected (descriptors)? The classpath's
    subtype relation, remembered for the run (`index` answers the rest about the classpath)."""

    def __init__(self, index: ClassIndex) -> None:
        self.index = index
        self._known: dict[tuple[str, str], bool] = {}

    def __call__(self, sub: Descriptor, sup: Descriptor) -> bool:
        if sub == sup or (sup == OBJECT_DESC and is_reference(sub)):
            return True
        if is_array(sub) and is_array(sup):
            return not is_primitive(element_type(sub)) and not is_primitive(element_type(sup)) and self(element_type(sub), element_type(sup))
        if sub[0] != "L" or sup[0] != "L":
            return False
        key = (sub, sup)
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self.index.is_subtype(internal_name(sub), internal_name(sup)) is True
        return known


def effects_of(analysis: InfluenceAnalysis, invokable: Invokable) -> Effects:
    """What an invokable defines and uses: a call's through everything it runs, a store's what it names."""
    if invokable.kind in (InvokableKind.NEW, InvokableKind.CALL, InvokableKind.STATIC):
        return analysis.effects(invokable.owner, invokable.name, invokable.desc)
    if invokable.kind in (InvokableKind.PUT, InvokableKind.PUT_STATIC, InvokableKind.ARRAY):
        return effects_of_store(invokable)
    return EMPTY


class Pool:
    """Invokables, how they relate by type, and their effects."""

    def __init__(self, analysis: InfluenceAnalysis, assignable: Assignability, invokables: list[Invokable]) -> None:
        self.analysis = analysis
        self.assignable = assignable
        self.index = assignable.index
        self.invokables = invokables

    def effects(self, invokable: Invokable) -> Effects:
        return effects_of(self.analysis, invokable)

    def methods_run_by(self, invokable: Invokable) -> list[MethodInfo]:
        """The user methods an invokable may run (itself, its callees, their overriding versions)."""
        methods = []
        for owner, name, desc in sorted(self.effects(invokable).runs):
            info = self.analysis.repository.get(owner)
            method = info.method(name, desc) if info is not None else None
            if method is not None:
                methods.append(method)
        return methods


def build_pool(cls: ClassFile, index: ClassIndex, analysis: InfluenceAnalysis, producers: Producers,
               options: AccessOptions, assignable: Assignability | None = None) -> Pool:
    package = cls.name.rpartition("/")[0]
    invokables = class_invokables(index, cls, InternalName(package), options)
    seen = {cls.name}
    for name in index.nested(cls.name):
        seen.add(name)
        nested = index.lookup(name)
        if nested is not None:
            invokables.extend(class_invokables(index, nested, InternalName(package), options))
    invokables.extend(inherited_methods(index, cls, InternalName(package), options))
    ways_in = _ways_in(cls, producers, invokables)
    invokables = _hidden_last(invokables + ways_in, PublicApi(index))
    if not cls.is_concrete:
        invokables.extend(subclass_calls(index, cls, ways_in, InternalName(package), options))
    frontier = _wanted_types(invokables, analysis, cls)
    for _ in range(DEPTH):
        found: list[Invokable] = []
        for desc in sorted(frontier):
            for name in index.subtypes(internal_name(Descriptor(desc))):
                info = index.lookup(name)
                if name in seen or info is None:
                    continue
                seen.add(name)
                found.extend(class_invokables(index, info, InternalName(package), options))
        invokables.extend(found)
        frontier = _wanted_types(found, analysis, None)
    invokables.extend(returned_object_methods(cls, index, invokables))
    arrays = object_arrays(desc for inv in invokables for desc in inv.inputs)
    invokables.extend(array_invokable(Descriptor(desc), length) for desc in arrays for length in ARRAY_LENGTHS)
    return Pool(analysis, assignable or Assignability(index), list(dict.fromkeys(invokables)))


def _hidden_last(invokables: list[Invokable], api: PublicApi) -> list[Invokable]:
    """The invokables with the class's hidden ways in (a package-private constructor of a public
    class: model/public_api.py) after its other ways in: its members' first runs act on an object
    made the public way (`Currency.EUR.code()`), and a hidden one makes the objects only it can."""
    def hidden(invokable: Invokable) -> bool:
        return invokable.kind in (InvokableKind.NEW, InvokableKind.STATIC, InvokableKind.GET_STATIC) \
            and api.hides(invokable.owner, invokable.name, invokable.desc, invokable.returns)
    return sorted(invokables, key=hidden)  # stable: in the class's order otherwise


def inherited_methods(index: ClassIndex, cls: ClassFile, package: InternalName, options: AccessOptions) -> list[Invokable]:
    """The instance methods the class inherits from superclasses of the project and does not
    override: `troll.takeDamage(5)` (declared by Unit) lowers what `troll.getAttackPower()` reads, and
    `troll.nextMove(turn, heroes)` (declared by Monster) is what runs the troll's own `isActiveOn`.
    Their receiver is the class itself: on a goblin or a hero, `Unit.setFacing` runs no code of a
    `Troll` and its state is not one a troll's methods read."""
    declared = {(m.name, m.desc) for m in cls.methods}
    this = object_desc(cls.name)
    found: list[Invokable] = []
    name = cls.super_name
    while name is not None and index.is_project_class(name):
        info = index.lookup(name)
        if info is None:
            break
        for method in class_invokables(index, info, package, options):
            if method.kind == InvokableKind.CALL and (method.name, method.desc) not in declared:
                declared.add((method.name, method.desc))
                found.append(dataclasses.replace(method, receiver=this))
        name = info.super_name
    return found


def _ways_in(cls: ClassFile, producers: Producers, own: list[Invokable]) -> list[Invokable]:
    """Producers of the class under test other than its own constructors (factories of other
    classes, constructors of its subclasses, constants); a stub when the class is abstract and
    nothing else makes one."""
    known = set(own)
    found = [p for p in producers.of(object_desc(cls.name)) if p not in known]
    if not cls.is_concrete and not found and producers.stubbable(object_desc(cls.name)):
        answers = producers.abstract_methods(object_desc(cls.name))
        if cls.is_interface:
            found.append(stub_invokable(cls.name, None, (), answers))
        else:
            for constructor in producers.stub_constructors(object_desc(cls.name))[:1]:
                found.append(stub_invokable(cls.name, constructor, producers.index.parameter_types(cls.name, constructor),
                                            answers))
    return found


def subclass_calls(index: ClassIndex, cls: ClassFile, ways_in: list[Invokable], package: InternalName,
                   options: AccessOptions) -> list[Invokable]:
    """The instance methods of the subclasses an abstract class under test is made as, which it
    does not declare: they reach the objects the subclass holds (a `SinglePlayerGame`'s
    `getHero()` is the hero its `Game.move(hero, direction)` moves)."""
    declared = {(m.name, m.desc) for m in cls.methods}
    found: list[Invokable] = []
    for name in sorted({internal_name(way.returns) for way in ways_in if way.returns.startswith("L")} - {cls.name}):
        info = index.lookup(name)
        if info is not None and index.is_project_class(name):
            found.extend(m for m in class_invokables(index, info, package, options)
                         if m.kind == InvokableKind.CALL and (m.name, m.desc) not in declared)
    return found


def returned_object_methods(cls: ClassFile, index: ClassIndex, invokables: list[Invokable]) -> list[Invokable]:
    """The methods of objects that members of the class under test return, when the class itself
    implements them (`listIterator()` returns a ListIterator implemented by a nested class: its
    `next()` is code of the class under test)."""
    nested = {cls.name, *index.nested(cls.name)}
    found: list[Invokable] = []
    returned = sorted({inv.returns for inv in invokables if inv.owner in nested and inv.returns.startswith("L")})
    for desc in returned:
        name = internal_name(desc)
        if name in nested or not any(s in nested for s in index.subtypes(name)):
            continue
        found.extend(interface_calls(index, name))
    return found


def interface_calls(index: ClassIndex, name: InternalName) -> list[Invokable]:
    """Calls of the public instance methods `name` declares or inherits from its superinterfaces,
    through `name` (abstract ones included: the object is an implementation)."""
    found: list[Invokable] = []
    seen: set[tuple[str, str]] = set()
    for owner, info in index.supertypes(name):
        if info is None or owner == "java/lang/Object":
            continue
        for method in info.methods:
            key = (method.name, method.desc)
            if method.name.startswith("<") or method.is_static or method.is_synthetic or not method.access & ACC_PUBLIC \
                    or key in seen:
                continue
            seen.add(key)
            params, returns = parse_method_descriptor(method.desc)
            found.append(Invokable(InvokableKind.CALL, name, method.name, method.desc, object_desc(name), params,
                                   parameter_names(method), returns, types=index.parameter_types(owner, method)))
    return found


def object_arrays(consumed: Iterable[str]) -> list[str]:
    """The array types that need array constructors: those consumed that no input variable can stand
    for, and, for several dimensions, their element array types down to one an input can be."""
    found: set[str] = set()
    pending = [desc for desc in consumed if is_array(Descriptor(desc))]
    while pending:
        desc = pending.pop()
        if desc in found or is_symbolic_input(Descriptor(desc)):
            continue
        found.add(desc)
        if is_array(Descriptor(desc[1:])):
            pending.append(desc[1:])
    return sorted(found)


def _wanted_types(invokables: list[Invokable], analysis: InfluenceAnalysis, cls: ClassFile | None) -> set[str]:
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
                wanted.update(object_desc(InternalName(t)) for t in analysis.effects(invokable.owner, invokable.name,
                                                                        invokable.desc).casts if not t.startswith("["))
    return wanted

