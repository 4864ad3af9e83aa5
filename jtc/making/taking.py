"""Objects taken out of other objects: through an accessible getter, and out of a collection it returns.

The monster a `ChaseMove` chases with stands on a parsed level's board only as an element of
`level.getMonsters()`; the hero a `Level` moves must be the one it registered, `level.getHeroes()`'s.
An object that belongs to another object's graph is reached from that object, not made afresh: a
*path* takes a value of a wanted type out of a root object with one getter (an accessible instance
method without parameters that sets no field and returns an object of the project) or, when the
getter returns a collection whose generic signature names an element type of the project, with the
getter and an element of the collection: `get(0)` and `get(1)` of a list, `iterator().next()` of
any other collection and of a map's values. A getter's project object is a root in turn, once:
`level.getBoard().squares().get(1)` (a level shows its squares only through its board),
`game.getLevel().getMonsters().get(0)`. A path is made of helper steps; its first step acts on the root,
written `Source(SourceKind.REF, ROOT)` until the path is placed after its root.
"""

from __future__ import annotations

from typing import Callable

from jtc.analysis.influence import Effects
from jtc.config import AccessOptions
from jtc.model.classindex import ClassIndex
from jtc.model.program import Literal
from jtc.model.signatures import GenericType
from jtc.model.types import Descriptor, InternalName, OBJECT_DESC, internal_name, object_desc
from jtc.calls.invokables import Invokable, InvokableKind, class_invokables
from jtc.calls.steps import ROOT, Recipe, Source, SourceKind, Step, value_of

_ITERATOR = "Ljava/util/Iterator;"
LIST_POSITIONS = (0, 1)


def sets_nothing(effects: Effects) -> bool:
    """A getter: it defines no field and stores into no array, through everything it calls."""
    return effects.complete and not effects.defs and not effects.array_stores


def _call(owner: InternalName, name: str, desc: str, receiver: Descriptor | None, returns: Descriptor, params: tuple[Descriptor, ...] = ()) -> Invokable:
    return Invokable(InvokableKind.CALL, owner, name, desc, receiver, params, tuple(f"arg{i}" for i in range(len(params))),
                     returns)


def elements(index: ClassIndex, collection: GenericType, element: Descriptor, at: int) -> list[list[Step]]:
    """The ways to take an `element` out of the collection step `at` returned, each as its steps:
    the first and second of a list (the objects of a parsed graph differ), the first of any other
    collection (none when the collection type is none that a path can read)."""
    name = internal_name(collection.desc)
    held = Source(SourceKind.REF, at)
    if index.is_subtype(name, InternalName("java/util/List")) is True:
        get = _call(InternalName("java/util/List"), "get", f"(I){OBJECT_DESC}", Descriptor("Ljava/util/List;"), element, (Descriptor("I"),))
        return [[Step(get, (held, Source(SourceKind.VALUE, value=Literal(Descriptor("I"), position))), helper=True)]
                for position in LIST_POSITIONS]
    steps = []
    if index.is_subtype(name, InternalName("java/util/Map")) is True:
        values = _call(InternalName("java/util/Map"), "values", "()Ljava/util/Collection;", Descriptor("Ljava/util/Map;"), Descriptor("Ljava/util/Collection;"))
        steps.append(Step(values, (held,), helper=True))
        held = Source(SourceKind.REF, at + 1)
    elif index.is_subtype(name, InternalName("java/lang/Iterable")) is not True:
        return []
    iterator = _call(InternalName("java/lang/Iterable"), "iterator", f"(){_ITERATOR}", Descriptor("Ljava/lang/Iterable;"), Descriptor(_ITERATOR))
    following = _call(InternalName("java/util/Iterator"), "next", f"(){OBJECT_DESC}", Descriptor(_ITERATOR), element)
    return [steps + [Step(iterator, (held,), helper=True),
                     Step(following, (Source(SourceKind.REF, at + len(steps) + 1),), helper=True)]]


def _element_type(index: ClassIndex, returned: GenericType) -> str | None:
    """The project type a collection (a map's values) holds, by its generic signature."""
    is_map = index.is_subtype(internal_name(returned.desc), InternalName("java/util/Map")) is True
    argument = returned.args[1] if is_map and len(returned.args) > 1 else returned.args[0] if returned.args else None
    if argument is None or argument.variable or not argument.desc.startswith("L") \
            or not index.is_project_class(internal_name(argument.desc)):
        return None
    return argument.desc


class Taking:
    """The paths out of objects of each type, worked out once per type."""

    def __init__(self, index: ClassIndex, test_package: str, options: AccessOptions,
                 pure: Callable[[Invokable], bool], assignable: Callable[[Descriptor, Descriptor], bool]) -> None:
        """`pure` tells the getters (methods that set no field); `assignable` compares descriptors."""
        self.index = index
        self.package = test_package
        self.options = options
        self.pure = pure
        self.assignable = assignable
        self._paths: dict[str, list[tuple[str, Recipe]]] = {}
        self._direct_paths: dict[str, list[tuple[str, Recipe]]] = {}
        self._holders: dict[str, list[tuple[str, Recipe]]] = {}
        self._reaching: dict[tuple[str, str], list[Recipe]] = {}  # asked at every wiring of every candidate

    def paths(self, root: Descriptor, wanted: Descriptor) -> list[Recipe]:
        """The paths from an object of type `root` (a descriptor) to a value of type `wanted`; none
        to an enum, whose constants are every value it has."""
        key = (root, wanted)
        found = self._reaching.get(key)
        if found is None:
            found = self._reaching[key] = [] if self._is_enum(wanted) else [
                path for made, path in self._out_of(root) if self.assignable(Descriptor(made), wanted)
                and all(self.pure(step.invokable) for step in path if self.index.is_project_class(step.invokable.owner))]
        return found

    def _is_enum(self, desc: Descriptor) -> bool:
        cls = self.index.lookup(internal_name(desc)) if desc.startswith("L") else None
        return cls is not None and cls.is_enum

    def _out_of(self, root: Descriptor) -> list[tuple[str, Recipe]]:
        """(type taken, path) for every getter of `root`'s class and its project superclasses, then
        through each getter that returns another project object, every getter of that object's."""
        found = self._paths.get(root)
        if found is None:
            direct = self._direct(root)
            found = self._paths[root] = direct + [
                (made, placed(path, getter)) for through, getter in direct if len(getter) == 1 and through != root
                for made, path in self._direct(Descriptor(through))]
        return found

    def _direct(self, root: Descriptor) -> list[tuple[str, Recipe]]:
        """(type taken, path) for every getter of `root`'s class and its project superclasses."""
        found = self._direct_paths.get(root)
        if found is not None:
            return found
        found = []
        name = internal_name(root) if root.startswith("L") else None
        seen: set[tuple[str, str]] = set()
        while name is not None and self.index.is_project_class(name):
            cls = self.index.lookup(name)
            if cls is None:
                break
            for getter in class_invokables(self.index, cls, InternalName(self.package), self.options):
                key = (getter.name, getter.desc)
                if getter.kind != InvokableKind.CALL or getter.params or getter.reflective or key in seen \
                        or not getter.returns.startswith("L"):
                    continue
                seen.add(key)
                method = cls.method(getter.name, getter.desc)
                assert method is not None
                returned = self.index.return_type(cls.name, method)
                first = Step(getter, (Source(SourceKind.REF, ROOT),), helper=True)
                if self.index.is_project_class(internal_name(getter.returns)):
                    found.append((getter.returns, (first,)))
                    continue
                element = _element_type(self.index, returned)
                if element:
                    found.extend((element, (first, *steps)) for steps in elements(self.index, returned, Descriptor(element), 0))
            name = cls.super_name
        self._direct_paths[root] = found
        return found

    def holders(self, wanted: Descriptor) -> list[tuple[str, Recipe]]:
        """(root type, path) for every project class with a path to a `wanted` value."""
        found = self._holders.get(wanted)
        if found is None:
            found = self._holders[wanted] = [(object_desc(name), path) for name in self.index.project_classes()
                                             for path in self.paths(object_desc(name), wanted)]
        return found


def placed(path: Recipe, root: Recipe) -> Recipe:
    """A path taking its value out of what the recipe `root` made, as one recipe."""
    start = len(root)
    made = value_of(root)
    return root + tuple(Step(step.invokable, tuple(
        Source(SourceKind.REF, made if s.index == ROOT else s.index + start) if s.kind == SourceKind.REF else s
        for s in step.sources), helper=True) for step in path)
