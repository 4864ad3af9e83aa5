"""Every accessible way to make a value of a type, from the whole classpath.

A `Board` may only come from `BoardFactory.createBoard(...)`, a `Square` from `board.squareAt(x, y)`,
a `Direction` from its constants, a `Locale` from `Locale.US`. So the producers of a type are its
constructors, static factories of any class on the classpath, instance methods of other classes
that return it, public static final fields of its type (enum constants among them), and the same
for each of its concrete subtypes. JDK types are made through their own public constructors,
factories and constants, where the JDK rules in `calls/jdk.py` allow it, and so are the types of
dependency jars (with the project's methods that return one): neither is searched further. A
`Class<T>` is made by the class literals of `T`'s classes. An interface or abstract type that none
of these can make gets a stub (making/recipes.py).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from typing import Callable

from jtc.config import AccessOptions
from jtc.model.classfile import ACC_FINAL, ACC_PRIVATE, ACC_PUBLIC, ACC_STATIC, ClassFile, MethodDecl
from jtc.model.classindex import ClassIndex, is_anonymous
from jtc.model.program import Answer
from jtc.model.types import (
    Descriptor, InternalName, OBJECT_DESC, binary_name, internal_name, is_reference, object_desc, package_of,
    parse_method_descriptor)
from jtc.calls import jdk
from jtc.model.signatures import GenericType
from jtc.calls.invokables import (CLASS, Invokable, InvokableKind, class_invokables, class_literal_invokable,
                                   method_invokable, static_field_invokable, visible)

_CONSTANT = ACC_PUBLIC | ACC_STATIC | ACC_FINAL
LIBRARY_STUB_METHODS = 12  # the most methods a stub of a library (or JDK) interface implements
# Kinds of producers, in the order they are tried when their cost is equal.
_ORDER = {InvokableKind.NEW: 0, InvokableKind.STATIC: 1, InvokableKind.GET_STATIC: 2, InvokableKind.CALL: 3}


class Producers:
    def __init__(self, index: ClassIndex, test_package: str, options: AccessOptions,
                 allocates: Callable[[Invokable], frozenset[str]] = lambda invokable: frozenset()) -> None:
        """`allocates` tells the classes a call may instantiate (the influence analysis): a factory
        that declares a supertype makes the classes it allocates."""
        self.index = index
        self.package = test_package
        self.options = options
        self.allocates = allocates
        self._returning: dict[str, list[Invokable]] | None = None
        self._cache: dict[str, list[Invokable]] = {}

    # ---- what the project offers ---------------------------------------------------------------

    def _usable(self, cls: ClassFile, access: int) -> tuple[bool, bool]:
        same_package = package_of(cls.name) == binary_name(InternalName(self.package))
        class_usable, class_reflective = visible(cls.effective_access, self.options, same_package)
        usable, reflective = visible(access, self.options, same_package)
        return class_usable and usable, class_reflective or reflective

    def _index_returns(self) -> dict[str, list[Invokable]]:
        """Static factories, instance methods and static final fields of every project class, by the
        reference type they give."""
        if self._returning is None:
            returning: dict[str, list[Invokable]] = defaultdict(list)
            for name in self.index.project_classes():
                cls = self.index.lookup(name)
                if cls is None or is_anonymous(name):
                    continue
                for method in cls.methods:
                    returns = parse_method_descriptor(method.desc)[1]
                    if method.name.startswith("<") or method.is_synthetic or not method.has_code \
                            or not is_reference(returns) or returns.startswith("["):
                        continue
                    usable, reflective = self._usable(cls, method.access)
                    if usable and not reflective:
                        returning[returns].append(method_invokable(self.index, cls, method, False))
                for fld in cls.fields:
                    if fld.access & (ACC_STATIC | ACC_FINAL) == ACC_STATIC | ACC_FINAL and is_reference(fld.desc):
                        usable, reflective = self._usable(cls, fld.access)
                        if usable and not reflective:
                            returning[fld.desc].append(static_field_invokable(cls.name, fld.name, fld.desc))
            self._returning = dict(returning)
        return self._returning

    # ---- producers of one type ------------------------------------------------------------------

    def of(self, desc: Descriptor) -> list[Invokable]:
        """The ways to make a `desc` value, its own class's first, then its subtypes'."""
        cached = self._cache.get(desc)
        if cached is None:
            name = internal_name(desc)
            if self.index.is_project_class(name):
                found = []
                for subtype in (name, *(s for s in self.index.subtypes(name) if s != name)):
                    found.extend(self._own(subtype))
                found.extend(self._behind_supertypes(name))
            elif name.startswith("java/"):
                found = self._library(name) if jdk.safe_class(name) else []
                substitute = jdk.SUBSTITUTES.get(name)
                if substitute is not None:
                    found += self._library(InternalName(substitute))
            else:  # a dependency's class: its own ways (if a test can name it), then the project's methods
                cls = self.index.lookup(name)
                public = cls is not None and bool(cls.effective_access & ACC_PUBLIC)
                found = (self._library(name) if public else []) + self._index_returns().get(desc, [])
            cached = self._cache[desc] = _deduplicated(found)
        return cached

    def _own(self, name: InternalName) -> list[Invokable]:
        """Producers of exactly `name` (a project class): its constructors, then whatever returns it."""
        cls = self.index.lookup(name)
        if cls is None:
            return []
        found = [inv for inv in class_invokables(self.index, cls, InternalName(self.package), self.options)
                 if inv.kind == InvokableKind.NEW and not inv.reflective]
        desc = object_desc(name)
        others = [inv for inv in self._index_returns().get(desc, [])
                  if not (inv.kind == InvokableKind.CALL and inv.owner == name)]  # not a transformation of itself
        if cls.is_enum:  # its constants, not valueOf(String), which throws for any other string
            others = [inv for inv in others if inv.kind == InvokableKind.GET_STATIC or inv.owner != name]
            return sorted(others, key=lambda inv: (inv.owner != name, inv.kind != InvokableKind.GET_STATIC))
        return found + sorted(others, key=lambda inv: (inv.owner != name, _ORDER[inv.kind]))

    def _behind_supertypes(self, name: InternalName) -> list[Invokable]:
        """Factories that declare a supertype of `name` (`Game createGame()`) and allocate a `name`
        (a `SinglePlayerGame`): their result, cast, is one (the harness refuses a run where it is not).
        The runtime class counts, not the declared one: a class made only that way is tested too."""
        found = []
        for supertype, _ in self.index.supertypes(name):
            if supertype in (name, "java/lang/Object"):
                continue
            for factory in self._index_returns().get(object_desc(supertype), []):
                if factory.kind in (InvokableKind.STATIC, InvokableKind.CALL) and name in self.allocates(factory):
                    found.append(dataclasses.replace(factory, returns=object_desc(name), result_type=None))
        return found

    def _library(self, name: InternalName) -> list[Invokable]:
        """A library class's (the JDK's, a dependency's) own public constructors, factories and
        constants, those whose results are the same in every run."""
        cls = self.index.lookup(name)
        if cls is None or is_anonymous(name):
            return []
        desc = object_desc(name)
        found: list[Invokable] = []
        for method in cls.methods:
            if method.is_synthetic or not method.access & ACC_PUBLIC or not jdk.stable_member(name, method.name, method.desc):
                continue
            returns = parse_method_descriptor(method.desc)[1]
            if method.name == "<init>" and cls.is_concrete or method.is_static and returns == desc:
                found.append(method_invokable(self.index, cls, method, False))
        for fld in cls.fields:
            if fld.access & _CONSTANT == _CONSTANT and fld.desc == desc:
                found.append(static_field_invokable(name, fld.name, fld.desc))
        return sorted(found, key=lambda inv: _ORDER[inv.kind])

    def class_literals(self, wanted: GenericType) -> list[Invokable]:
        """For a `Class<T>`: the literal of the class `T` stands for (or is bounded by) and of each
        concrete class of the classpath that extends or implements it (`inventory.take(Gold.class)`
        for `<T extends Item> T take(Class<T> kind)`), the ones a test can name, the concrete ones
        first (an `Item.class` matches every item); none when `T` is not a project class (a `Class<?>`
        could be any class at all)."""
        bound = wanted.args[0] if wanted.desc == CLASS and wanted.args else None
        name = internal_name(bound.desc) if bound is not None and bound.desc.startswith("L") else None
        if name is None or not self.index.is_project_class(name):
            return []
        named = dict.fromkeys((*self.index.subtypes(name), name))
        return [class_literal_invokable(owner) for owner in named
                if self.index.nameable_from(owner, binary_name(InternalName(self.package)))]

    # ---- stubs ----------------------------------------------------------------------------------

    def stubbable(self, desc: Descriptor) -> bool:
        """An interface or abstract class a test may implement itself (accessible, not sealed: the
        JVM refuses a class its PermittedSubclasses do not name; a stub of a JDK type only for interfaces; of a library's, only one with at most
        LIBRARY_STUB_METHODS methods to write: a `ResultSet` stub is a page of empty methods that no
        reader keeps, and a null shows the code's handling of one as well; a `ResultSetMetaData`'s,
        24 methods, 120 lines, stood in seven of a printer's tests)."""
        name = internal_name(desc)
        cls = self.index.lookup(name)
        if cls is None or cls.is_concrete or cls.is_enum or cls.sealed or is_anonymous(name):
            return False
        if name.startswith("java/") and not cls.is_interface:
            return False
        if not self.index.is_project_class(name) and len(self.abstract_methods(desc)) > LIBRARY_STUB_METHODS:
            return False
        usable, reflective = self._usable(cls, cls.effective_access | ACC_PUBLIC)
        return usable and not reflective

    def stub_constructors(self, desc: Descriptor) -> list[MethodDecl]:
        """The constructors a stub of an abstract class may call (fewest parameters first)."""
        cls = self.index.lookup(internal_name(desc))
        if cls is None or cls.is_interface:
            return []
        usable = [m for m in cls.methods if m.name == "<init>" and not m.access & ACC_PRIVATE and not m.is_synthetic]
        return sorted(usable, key=lambda m: (len(parse_method_descriptor(m.desc)[0]), m.desc))

    def abstract_methods(self, desc: Descriptor) -> tuple[Answer, ...]:
        """The methods a stub must implement: abstract in the type or its supertypes and implemented
        nowhere in its class chain (Object's public methods are implemented by Object), nor by a
        default of an interface more specific than every type that declares it abstract
        (`ListIterator` declares `remove()` abstract again over `Iterator`'s default), sorted."""
        name = internal_name(desc)
        implemented = {("equals", "(Ljava/lang/Object;)Z"), ("hashCode", "()I"), ("toString", "()Ljava/lang/String;")}
        abstract: dict[tuple[str, str], Answer] = {}
        declared_abstract: dict[tuple[str, str], set[InternalName]] = {}
        chain: list[ClassFile] = []
        current: str | None = name
        while current is not None:
            cls = self.index.lookup(InternalName(current))
            if cls is None:
                break
            chain.append(cls)
            current = cls.super_name
        for cls in chain:
            for method in cls.methods:
                if method.name.startswith("<") or method.is_static or method.is_synthetic:
                    continue
                key = (method.name, method.desc)
                if method.is_abstract:
                    declared_abstract.setdefault(key, set()).add(InternalName(cls.name))
                    if key not in implemented:
                        abstract.setdefault(key, Answer(method.name, method.desc))
                else:
                    implemented.add(key)
        declared_default: dict[tuple[str, str], set[InternalName]] = {}
        for supertype, cls in self.index.supertypes(name):
            if cls is None or not cls.is_interface:
                continue
            for method in cls.methods:
                key = (method.name, method.desc)
                if method.name.startswith("<") or method.is_static or method.is_synthetic:
                    continue
                if method.is_abstract:
                    declared_abstract.setdefault(key, set()).add(supertype)
                    if key not in implemented:
                        abstract.setdefault(key, Answer(method.name, method.desc))
                else:
                    declared_default.setdefault(key, set()).add(supertype)
        defaults = {key for key, interfaces in declared_default.items()
                    if any(all(given == declarer or self.index.is_subtype(given, declarer) is True
                               for declarer in declared_abstract.get(key, ())) for given in interfaces)}
        bridged = _generic_erasures(set(abstract), implemented | defaults | set(abstract))
        return tuple(abstract[key] for key in sorted(abstract) if key not in defaults and key not in bridged)


def _generic_erasures(abstract: set[tuple[str, str]], declared: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """Abstract methods of a generic supertype that a subtype declares with its type argument
    (`Comparable<Path>.compareTo(Object)` beside `Path.compareTo(Path)`): the compiler makes the
    specific one implement both, and a stub that also wrote the erased one would not compile
    ("name clash: … have the same erasure")."""
    def erases(general: str, specific: str) -> bool:
        general_params, specific_params = parse_method_descriptor(general)[0], parse_method_descriptor(specific)[0]
        return len(general_params) == len(specific_params) and all(
            g == s or g == OBJECT_DESC for g, s in zip(general_params, specific_params))
    return {(name, desc) for name, desc in abstract
            if any(other_name == name and other != desc and erases(desc, other) for other_name, other in declared)}


def _deduplicated(invokables: list[Invokable]) -> list[Invokable]:
    return list(dict.fromkeys(invokables))
