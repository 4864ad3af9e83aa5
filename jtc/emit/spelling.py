"""How one test spells the types it writes, and which classes it spelled.

The test class's imports are decided once for every class its tests might mention (imports.py);
each test then records the classes it did spell, so that an import is kept only when a test uses it
and a validator that drops a test can tell which imports went with it.
"""

from __future__ import annotations

from collections.abc import Iterator

from jtc.emit.imports import TypeNames
from jtc.model.classindex import ClassIndex, has_stable_name
from jtc.model.signatures import GenericType
from jtc.model.types import Descriptor, InternalName, OBJECT_DESC, class_of, internal_name, is_array


class Spelling:
    """The source spelling of types in one test, from the test's package."""

    def __init__(self, names: TypeNames, index: ClassIndex, package: str) -> None:
        self.names = names
        self.index = index
        self.package = package
        self.spelled: set[InternalName] = set()  # internal names of the classes the test wrote

    def spell(self, desc: Descriptor) -> str:
        named = class_of(desc)
        if named is not None:
            self.spelled.add(named)
        return self.names.spell(desc)

    def spell_class(self, internal: InternalName) -> str:
        self.spelled.add(internal)
        return self.names.spell_class(internal)

    def spell_generic(self, desc: Descriptor, generic: GenericType | None) -> str:
        """`List<Ghost>` where the type arguments are known and nameable, the raw type otherwise (an
        array's element type carries none in source: `byte[]`, never `byte[]<byte>`)."""
        if generic is None or not generic.args or not generic.concrete or generic.desc != desc or is_array(desc) or any(
                not self.nameable(named, declared=True)
                for a in generic.args if a is not None and (named := class_of(a.desc)) is not None):
            return self.spell(desc)
        return f"{self.spell(desc)}<{', '.join(self.spell_generic(a.desc, a) for a in generic.args if a)}>"

    def nameable(self, internal: InternalName, declared: bool) -> bool:
        """Whether the test may write this class's name. A declared type (a parameter or return
        type) is assumed nameable unless known otherwise; a runtime class only when known, or when
        it is a top-level java.* class."""
        if not has_stable_name(internal):
            return False
        known = self.index.nameable_from(internal, self.package)
        if known is not None:
            return known
        return declared or (internal.startswith(("java/", "javax/")) and "$" not in internal)

    def declared_type(self, desc: Descriptor) -> Descriptor:
        """The type of a local holding a value of `desc`; Object when the test cannot name it."""
        named = class_of(desc)
        if named is not None and not self.nameable(named, declared=True):
            return OBJECT_DESC
        return desc


def generic_classes(generic: GenericType | None) -> Iterator[InternalName]:
    """The classes named in the type arguments of `generic`, nested ones too."""
    if generic is None:
        return
    for argument in generic.args:
        if argument is not None:
            named = class_of(argument.desc)
            if named is not None:
                yield named
            yield from generic_classes(argument)
