"""Which classes a `jtc generate` run covers: the ones named, every class of the given packages
(subpackages included), or every class of the classpath's first entry (`--all`).

Nested classes are never targets of their own: they are tested with the class that declares them,
as JaCoCo counts them with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from jtc.errors import UnknownClassError, UsageError
from jtc.model.classindex import ClassIndex
from jtc.model.types import binary_name, internal_from_binary


@dataclass(frozen=True)
class Target:
    name: str  # binary name, com.example.Foo
    named: bool  # given on the command line (its refusal is an error) rather than found in a package


def _top_level(internal: str) -> bool:
    simple = internal.rpartition("/")[2]
    return "$" not in simple and simple not in ("package-info", "module-info")


def resolve_targets(index: ClassIndex, classes: list[str], packages: list[str], every_class: bool) -> list[Target]:
    """The run's classes, named ones first in the order given, then the found ones sorted."""
    if not (classes or packages or every_class):
        raise UsageError("name the classes to test, or give --package or --all")
    targets = [Target(name, True) for name in dict.fromkeys(classes)]
    found: set[str] = set()
    if every_class:
        found.update(n for n in index.classes_of_entry(index.entries[0]) if _top_level(n))
        if not found:
            raise UnknownClassError(f"the classpath's first entry {index.entries[0]} holds no classes")
    for package in packages:
        prefix = internal_from_binary(package.strip(".")) + "/"
        members = {n for n in index.project_classes() if n.startswith(prefix) and _top_level(n)}
        if not members:
            raise UnknownClassError(f"no classes of package {package} (or its subpackages) on the classpath")
        found.update(members)
    named = {t.name for t in targets}
    targets += [Target(binary_name(n), False) for n in sorted(found) if binary_name(n) not in named]
    return targets
