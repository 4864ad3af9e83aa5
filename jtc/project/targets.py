"""Which classes a `jtc generate` run covers: the ones named, every class of the given packages
(subpackages included), or every class of the classpath's first entry (`--all`).

Nested classes are never targets of their own: they are tested with the class that declares them,
as JaCoCo counts them with it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from jtc.config import LineTarget
from jtc.errors import UnknownClassError, UsageError
from jtc.model.classindex import ClassIndex
from jtc.model.types import BinaryName, InternalName, binary_name, internal_from_binary


@dataclass(frozen=True)
class Target:
    name: BinaryName  # com.example.Foo
    named: bool  # given on the command line (its refusal is an error) rather than found in a package


def _top_level(internal: InternalName) -> bool:
    simple = internal.rpartition("/")[2]
    return "$" not in simple and simple not in ("package-info", "module-info")


def resolve_targets(index: ClassIndex, classes: list[str], packages: list[str], every_class: bool) -> list[Target]:
    """The run's classes, named ones first in the order given, then the found ones sorted."""
    if not (classes or packages or every_class):
        raise UsageError("name the classes to test, or give --package or --all")
    targets = [Target(BinaryName(name), True) for name in dict.fromkeys(classes)]  # as the command line names them
    found: set[InternalName] = set()
    if every_class:
        found.update(n for n in index.classes_of_entry(index.entries[0]) if _top_level(n))
        if not found:
            raise UnknownClassError(f"the classpath's first entry {index.entries[0]} holds no classes")
    for package in packages:
        prefix = internal_from_binary(BinaryName(package.strip("."))) + "/"
        members = {n for n in index.project_classes() if n.startswith(prefix) and _top_level(n)}
        if not members:
            raise UnknownClassError(f"no classes of package {package} (or its subpackages) on the classpath")
        found.update(members)
    named = {t.name for t in targets}
    targets += [Target(binary_name(n), False) for n in sorted(found) if binary_name(n) not in named]
    return targets


def aimed_target(index: ClassIndex, target: LineTarget) -> LineTarget:
    """`--target` with its class filled in: the class named, or the top-level class of the project
    that the source file (`Foo.java`, `com/example/Foo.java`) is named after. Whether the file is
    that class's source, and the line one of its lines with code, is checked once its table is read
    (exploration/aim.py)."""
    if target.class_name is not None:
        internal = internal_from_binary(BinaryName(target.class_name))
        if not index.is_project_class(internal):
            raise UsageError(f"--target: no class {target.class_name} on the classpath")
        if not _top_level(internal):
            raise UsageError(f"--target: {target.class_name} is a nested class; name the class that declares it "
                             f"(nested classes are tested with it)")
        return target
    assert target.source is not None
    path = target.source.removesuffix(".java").strip("/")
    found = [name for name in index.project_classes() if _top_level(name) and (name == path or name.endswith("/" + path))]
    if not found:
        raise UsageError(f"--target: no class of the classpath is named after {target.source}")
    if len(found) > 1:
        raise UsageError(f"--target: {target.source} may be the source of {', '.join(map(binary_name, found))}; "
                         f"give its folders (com/example/{path.rpartition('/')[2]}.java) or the class")
    return dataclasses.replace(target, class_name=binary_name(found[0]))
