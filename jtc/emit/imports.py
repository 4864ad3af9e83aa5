"""How the test class spells each type it mentions, and the imports that spelling needs.

People import what they use and write simple names; a name that two packages share, or that would
shadow a java.lang class the test relies on, is written fully qualified instead of imported.
"""

from __future__ import annotations

from collections.abc import Iterable

from jtc.model.types import (
    Descriptor, InternalName, PRIMITIVE_NAMES, binary_name, innermost_element, internal_name, package_of)

# java.lang classes the emitted code names itself (literal constants, Throwable, String arrays);
# importing another class with one of these simple names would change what they mean.
LANG_NAMES_USED = frozenset({"Integer", "Long", "Short", "Byte", "Float", "Double", "String", "Object", "Throwable"})


def top_level(internal: InternalName) -> InternalName:
    """'com/x/Outer$Inner' -> 'com/x/Outer'."""
    package, _, tail = internal.rpartition("/")
    head = tail.split("$", 1)[0] or tail
    return InternalName(f"{package}/{head}" if package else head)


def _simple(internal: InternalName) -> str:
    return internal.rpartition("/")[2]


class TypeNames:
    def __init__(self, package: str, test_class: str, classes: Iterable[InternalName]) -> None:
        """`package` is the test's package (dotted), `classes` every internal name it mentions."""
        self._package = package
        tops = sorted({top_level(name) for name in classes})
        sharing: dict[str, int] = {}
        for top in tops:
            sharing[_simple(top)] = sharing.get(_simple(top), 0) + 1
        # Names visible without an import take precedence: same-package classes, then java.lang.
        same_package = {_simple(t) for t in tops if package_of(t) == package}
        implicit = same_package | {_simple(t) for t in tops if package_of(t) == "java.lang"}
        implicit |= LANG_NAMES_USED | {test_class}
        self._simple_tops: set[InternalName] = set()
        self._imports: list[str] = []
        for top in tops:
            simple, top_package = _simple(top), package_of(top)
            if top_package == package:
                self._simple_tops.add(top)
            elif top_package == "java.lang":
                if simple not in same_package:
                    self._simple_tops.add(top)
            elif sharing[simple] == 1 and simple not in implicit:
                self._simple_tops.add(top)
                self._imports.append(binary_name(top))
        self._imports.sort()

    @property
    def imports(self) -> list[str]:
        """Import declarations' names (dotted), sorted."""
        return list(self._imports)

    def spell_class(self, internal: InternalName) -> str:
        """'com/x/Outer$Inner' -> 'Outer.Inner' when Outer is imported or local, else qualified."""
        top = top_level(internal)
        nested = internal[len(top):].replace("$", ".")
        head = _simple(top) if top in self._simple_tops else binary_name(top)
        return head + nested

    def spell(self, desc: Descriptor) -> str:
        """Source spelling of a type descriptor: 'I' -> 'int', '[Lcom/x/Node;' -> 'Node[]'."""
        element = innermost_element(desc)
        dims = len(desc) - len(element)
        base = PRIMITIVE_NAMES[element] if element in PRIMITIVE_NAMES else self.spell_class(internal_name(element))
        return base + "[]" * dims

    def import_of(self, internal: InternalName) -> str | None:
        """The import declaration that makes `internal` nameable, if it needs one."""
        dotted = binary_name(top_level(internal))
        return dotted if dotted in self._imports else None
