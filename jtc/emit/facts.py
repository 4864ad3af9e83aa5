"""Answers about classes that decide how a test spells its code: can it name a class, does a call
need casts to pick the intended overload, is a nested class an inner class.

Class files come from the user's classpath and, for JDK classes, from the JDK's jmods. When a class
cannot be found the answer is the cautious one (do not name it; cast), so an unknown class costs
readability, never a test that fails to compile.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from jtc.emit.classfile import ACC_PRIVATE, ACC_PUBLIC, ACC_STATIC, ACC_SYNTHETIC, ClassFile, parse_class_file
from jtc.model.types import package_of, parse_method_descriptor

# Packages a JDK module exports to everyone; JDK classes elsewhere (sun.*, jdk.internal.*) are not
# accessible to a test even when public.
_EXPORTED_JDK_PACKAGE = re.compile(r"^javax?/")
# Hidden classes (lambdas) and generated proxies have names that change from run to run.
_UNSTABLE_NAME = re.compile(r"/0x|\$\$")


def has_stable_name(internal: str) -> bool:
    """False for lambdas, hidden classes and proxies: a test can neither write nor compare their names."""
    return not _UNSTABLE_NAME.search(internal)


class ClassFacts:
    """Class files looked up by internal name, parsed once. `jdk_home` supplies the JDK's classes
    through its jmods; a JDK shipped without jmods leaves JDK classes unknown (cautious answers)."""

    def __init__(self, classpath: Sequence[Path], jdk_home: Path | None = None) -> None:
        self._classpath = tuple(classpath)
        self._jmods = sorted((jdk_home / "jmods").glob("*.jmod")) if jdk_home else []
        self._archives: dict[Path, zipfile.ZipFile] = {}
        self._cache: dict[str, ClassFile | None] = {}

    def close(self) -> None:
        for archive in self._archives.values():
            archive.close()
        self._archives.clear()

    def __enter__(self) -> ClassFacts:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _archive(self, path: Path) -> zipfile.ZipFile:
        if path not in self._archives:
            self._archives[path] = zipfile.ZipFile(path)
        return self._archives[path]

    def _bytes(self, internal: str) -> tuple[bytes, bool] | None:
        """The class file and whether it is the JDK's."""
        relative = internal + ".class"
        for entry in self._classpath:
            if entry.is_dir():
                candidate = entry / relative
                if candidate.is_file():
                    return candidate.read_bytes(), False
            elif entry.is_file():
                try:
                    return self._archive(entry).read(relative), False
                except KeyError:
                    continue
        for jmod in self._jmods:
            try:
                return self._archive(jmod).read("classes/" + relative), True
            except KeyError:
                continue
        return None

    def lookup(self, internal: str) -> ClassFile | None:
        if internal not in self._cache:
            found = self._bytes(internal)
            parsed = None
            if found is not None:
                parsed = parse_class_file(found[0])
                if found[1] and not _EXPORTED_JDK_PACKAGE.match(internal):
                    parsed = None
            self._cache[internal] = parsed
        return self._cache[internal]

    def nameable_from(self, internal: str, package: str) -> bool | None:
        """True when source code in `package` can refer to the class by name (it is accessible and
        neither local, anonymous nor hidden); None when the class file is not found."""
        if not has_stable_name(internal):
            return False
        info = self.lookup(internal)
        if info is None:
            return None
        nesting = info.nesting
        same_package = package_of(internal) == package
        if nesting is None:
            return bool(info.access & ACC_PUBLIC) or same_package
        if nesting.outer is None or nesting.simple_name is None or nesting.access & ACC_PRIVATE:
            return False
        if not (nesting.access & ACC_PUBLIC or same_package):
            return False
        return self.nameable_from(nesting.outer, package)

    def is_inner(self, internal: str) -> bool:
        """A non-static member class: its constructors take the enclosing instance first."""
        info = self.lookup(internal)
        nesting = info.nesting if info else None
        return nesting is not None and nesting.outer is not None and not nesting.access & ACC_STATIC

    def _supertypes(self, internal: str) -> Iterator[ClassFile | None]:
        """The class and all its superclasses and superinterfaces; None for each one not found."""
        seen: set[str] = set()
        pending = [internal]
        while pending:
            name = pending.pop()
            if name in seen:
                continue
            seen.add(name)
            info = self.lookup(name)
            yield info
            if info is not None:
                pending.extend(info.interfaces)
                if info.super_name:
                    pending.append(info.super_name)

    def is_subtype(self, sub: str, sup: str) -> bool | None:
        """Whether class `sub` is `sup` or extends/implements it; None when that cannot be told."""
        if sup == "java/lang/Object" or sub == sup:
            return True
        unknown = False
        for info in self._supertypes(sub):
            if info is None:
                unknown = True
            elif info.name == sup:
                return True
        return None if unknown else False

    def rival_params(self, owner: str, name: str, desc: str) -> list[tuple[str, ...]] | None:
        """Parameter lists of the other non-private, non-synthetic methods (or constructors) of `owner` with this
        name and arity, which overload resolution weighs against the one we call; None when part
        of the hierarchy is unknown."""
        arity = len(parse_method_descriptor(desc)[0])
        found: dict[str, tuple[str, ...]] = {}
        classes = [self.lookup(owner)] if name == "<init>" else list(self._supertypes(owner))
        for info in classes:
            if info is None:
                return None
            for method in info.methods:
                # Bridges are synthetic, and javac does not weigh synthetic methods.
                if method.name != name or method.desc == desc or method.access & (ACC_PRIVATE | ACC_SYNTHETIC):
                    continue
                params = parse_method_descriptor(method.desc)[0]
                if len(params) == arity:
                    found.setdefault(method.desc, params)
        return [found[key] for key in sorted(found)]
