"""One index of the classpath's class files: where each class is, what it declares, how classes
relate (supertypes, concrete subtypes, nesting), and what a test may write about them.

Every stage asks it instead of reading class files itself: the search to find subtypes and
producers anywhere on the classpath, the emitter to decide how a test spells a class and whether a
call needs casts, the command to refuse class files the JVM cannot load. Files are parsed once,
declarations only, without loading anything. JDK classes are looked up behind the classpath, as the
release the tests are compiled for declares them (`use_release`; model/jdk_classes.py).
"""

from __future__ import annotations

import os
import re
import zipfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from jtc.model.classfile import (ACC_PRIVATE, ACC_PUBLIC, ACC_STATIC, ACC_SYNTHETIC, ClassFile, ClassFormatProblem,
                                 MethodDecl, parse_class_file)
from jtc.model.jdk_classes import JdkClasses
from jtc.model.signatures import GenericType, class_type_bounds, parse_method_signature, plain
from jtc.model.types import Descriptor, InternalName, package_of, parse_method_descriptor

# Hidden classes (lambdas) and generated proxies have names that change from run to run.
_UNSTABLE_NAME = re.compile(r"/0x|\$\$")
_ANONYMOUS = re.compile(r"\$\d")
_RUNTIME_EXCEPTION, _ERROR = InternalName("java/lang/RuntimeException"), InternalName("java/lang/Error")


def has_stable_name(internal: InternalName) -> bool:
    """False for lambdas, hidden classes and proxies: a test can neither write nor compare their names."""
    return not _UNSTABLE_NAME.search(internal)


def is_anonymous(internal: InternalName) -> bool:
    """Anonymous and local classes (`Outer$1`, `Outer$1Local`) cannot be named or made by a test."""
    return bool(_ANONYMOUS.search(internal))


class ClassIndex:
    """The user classpath (directories and jars, first entry wins) and, behind it, the JDK.

    The project's classes are those of every entry but the `dependencies` (jars the project uses):
    they are listed, analysed, instrumented and tested. A dependency's classes are library code, like
    the JDK's: found by name when something refers to them, never listed, so that a large jar costs
    nothing until one of its classes is needed."""

    def __init__(self, entries: Sequence[Path], jdk_home: Path | None = None, dependencies: Sequence[Path] = ()) -> None:
        self.entries = tuple(entries)
        self.dependencies = frozenset(dependencies)
        self._jdk = JdkClasses(jdk_home) if jdk_home else None
        self._not_on_classpath: set[str] = set()  # cached lookups the JDK answered (or nothing did)
        self._archives: dict[Path, zipfile.ZipFile] = {}
        self._member_names: dict[Path, frozenset[str]] = {}
        self._cache: dict[str, ClassFile | None] = {}
        self._project_names: tuple[InternalName, ...] = ()
        self._project: frozenset[str] | None = None
        self._children: dict[InternalName, list[InternalName]] | None = None
        self._subtypes: dict[InternalName, tuple[InternalName, ...]] = {}

    # ---- files ---------------------------------------------------------------------------------

    def close(self) -> None:
        for archive in self._archives.values():
            archive.close()
        self._archives.clear()
        if self._jdk is not None:
            self._jdk.close()
            self._jdk = None

    def __enter__(self) -> ClassIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _archive(self, path: Path) -> zipfile.ZipFile:
        if path not in self._archives:
            self._archives[path] = zipfile.ZipFile(path)
        return self._archives[path]

    def class_bytes(self, internal: InternalName) -> bytes | None:
        """The class file of `internal` ('com/x/Foo$Inner') on the user classpath, first entry first."""
        relative = internal + ".class"
        for entry in self.entries:
            if entry.is_dir():
                candidate = entry / relative
                if candidate.is_file():
                    return candidate.read_bytes()
            elif entry.is_file():
                try:
                    return self._archive(entry).read(relative)
                except KeyError:
                    continue
        return None

    def use_release(self, release: int | None) -> None:
        """Look JDK classes up as Java `release` declares them (the `--release` a class's tests are
        compiled with), so that no test calls a member its release lacks; None: as the JDK has them."""
        if self._jdk is None or not self._jdk.use_release(release):
            return
        for internal in self._not_on_classpath:
            self._cache.pop(internal, None)
        self._not_on_classpath.clear()

    def lookup(self, internal: InternalName) -> ClassFile | None:
        """The declarations of a class of the user classpath or an exported JDK package; None when
        there is no such class (or its file cannot be read)."""
        if internal not in self._cache:
            data = self.class_bytes(internal)
            if data is None:
                self._not_on_classpath.add(internal)
                data = self._jdk.class_bytes(internal) if self._jdk is not None else None
            parsed = None
            if data is not None:
                try:
                    parsed = parse_class_file(data)
                except ClassFormatProblem:
                    parsed = None
            self._cache[internal] = parsed
        return self._cache[internal]

    def is_project_class(self, internal: InternalName) -> bool:
        return internal in self._project_set()

    def project_classes(self) -> tuple[InternalName, ...]:
        """Every class of the project's classpath entries, by internal name, sorted."""
        self._project_set()
        return self._project_names

    def _project_set(self) -> frozenset[str]:
        if self._project is None:
            found: set[InternalName] = set()
            for entry in self.entries:
                if entry not in self.dependencies:
                    found.update(_class_names(entry, self._archive))
            self._project_names = tuple(sorted(found))
            self._project = frozenset(found)
        return self._project

    def entry_of(self, internal: InternalName) -> Path | None:
        """The classpath entry the class is loaded from (the first that holds it)."""
        relative = internal + ".class"
        for entry in self.entries:
            if entry.is_dir() and (entry / relative).is_file():
                return entry
            if entry.is_file() and relative in self._members(entry):
                return entry
        return None

    def _members(self, jar: Path) -> frozenset[str]:
        if jar not in self._member_names:
            self._member_names[jar] = frozenset(self._archive(jar).namelist())
        return self._member_names[jar]

    def classes_of_entry(self, entry: Path) -> tuple[InternalName, ...]:
        """The classes of one classpath entry, by internal name, sorted."""
        return tuple(sorted(_class_names(entry, self._archive)))

    # ---- hierarchy -----------------------------------------------------------------------------

    def _child_map(self) -> dict[InternalName, list[InternalName]]:
        if self._children is None:
            children: dict[InternalName, list[InternalName]] = {}
            for name in self.project_classes():
                info = self.lookup(name)
                if info is None:
                    continue
                for parent in (info.super_name, *info.interfaces):
                    if parent:
                        children.setdefault(parent, []).append(name)
            self._children = children
        return self._children

    def subtypes(self, name: InternalName) -> tuple[InternalName, ...]:
        """Concrete, named project classes that are `name` or extend or implement it, directly or not
        (`name` may be a JDK or dependency type: the project classes implementing `java/util/Iterator`)."""
        cached = self._subtypes.get(name)
        if cached is not None:
            return cached
        found: set[InternalName] = set()
        pending, seen = [name], set()
        children = self._child_map()
        while pending:
            current = pending.pop()
            if current in seen:
                continue
            seen.add(current)
            info = self.lookup(current) if self.is_project_class(current) else None
            if info is not None and info.is_concrete and not is_anonymous(current):
                found.add(current)
            pending.extend(children.get(current, ()))
        self._subtypes[name] = tuple(sorted(found))
        return self._subtypes[name]

    def nested(self, name: InternalName) -> tuple[InternalName, ...]:
        """Named classes declared inside `name` (at any depth): tested with it, as JaCoCo counts them with it."""
        prefix = name + "$"
        return tuple(n for n in self.project_classes() if n.startswith(prefix) and not is_anonymous(n))

    def supertypes(self, internal: InternalName) -> Iterator[tuple[InternalName, ClassFile | None]]:
        """The class and all its superclasses and superinterfaces, each with its file (None if not found)."""
        seen: set[InternalName] = set()
        pending = [internal]
        while pending:
            name = pending.pop()
            if name in seen:
                continue
            seen.add(name)
            info = self.lookup(name)
            yield name, info
            if info is not None:
                pending.extend(info.interfaces)
                if info.super_name:
                    pending.append(info.super_name)

    def is_subtype(self, sub: InternalName, sup: InternalName) -> bool | None:
        """Whether class `sub` is `sup` or extends/implements it; None when that cannot be told."""
        if sup == "java/lang/Object" or sub == sup:
            return True
        unknown = False
        for name, info in self.supertypes(sub):
            if name == sup:
                return True
            if info is None:
                unknown = True
        return None if unknown else False

    # ---- members -------------------------------------------------------------------------------

    def parameter_types(self, owner: InternalName, method: MethodDecl) -> tuple[GenericType, ...]:
        """The method's parameter types with their type arguments where the signature gives them,
        aligned with the descriptor (compilers leave synthetic parameters out of signatures)."""
        params = parse_method_descriptor(method.desc)[0]
        plain_types = tuple(plain(p) for p in params)
        if not method.signature:
            return plain_types
        try:
            generic = parse_method_signature(method.signature, self._class_bounds(owner)).params
        except (AssertionError, IndexError, ValueError):
            return plain_types
        if len(generic) > len(params):
            return plain_types
        merged = plain_types[:len(params) - len(generic)] + generic
        return tuple(g if g.desc == p else plain(p) for g, p in zip(merged, params))

    def return_type(self, owner: InternalName, method: MethodDecl) -> GenericType:
        returns = parse_method_descriptor(method.desc)[1]
        if not method.signature:
            return plain(returns)
        try:
            generic = parse_method_signature(method.signature, self._class_bounds(owner)).returns
        except (AssertionError, IndexError, ValueError):
            return plain(returns)
        return generic if generic.desc == returns else plain(returns)

    def _class_bounds(self, owner: InternalName) -> dict[str, GenericType]:
        """Type parameter bounds of `owner` and the classes it is nested in (inner classes see them)."""
        bounds: dict[str, GenericType] = {}
        name: InternalName | None = owner
        chain = []
        while name is not None:
            info = self.lookup(name)
            if info is None:
                break
            chain.append(info)
            nesting = info.nesting
            name = nesting.outer if nesting is not None and not nesting.access & ACC_STATIC else None
        for info in reversed(chain):
            bounds.update(class_type_bounds(info.signature))
        return bounds

    def declares_checked(self, owner: InternalName, name: str, desc: str) -> bool:
        """Whether the member's throws clause (as `owner` or a superclass declares it) names an
        exception that is not a RuntimeException or an Error: a test calling it outside a lambda
        must declare `throws Exception`."""
        for _, info in self.supertypes(owner):
            method = info.method(name, desc) if info is not None else None
            if method is not None:
                return any(not (self.is_subtype(e, _RUNTIME_EXCEPTION) or self.is_subtype(e, _ERROR))
                           for e in method.exceptions)
        return False

    # ---- what a test may write -----------------------------------------------------------------

    def nameable_from(self, internal: InternalName, package: str) -> bool | None:
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

    def is_inner(self, internal: InternalName) -> bool:
        """A non-static member class: its constructors take the enclosing instance first."""
        info = self.lookup(internal)
        nesting = info.nesting if info else None
        return nesting is not None and nesting.outer is not None and not nesting.access & ACC_STATIC

    def rival_params(self, owner: InternalName, name: str, desc: str) -> list[tuple[Descriptor, ...]] | None:
        """Parameter lists of the other non-private, non-synthetic methods (or constructors) of `owner` with this
        name and arity, which overload resolution weighs against the one we call; None when part
        of the hierarchy is unknown."""
        arity = len(parse_method_descriptor(desc)[0])
        found: dict[str, tuple[Descriptor, ...]] = {}
        classes = [self.lookup(owner)] if name == "<init>" else [info for _, info in self.supertypes(owner)]
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


def _class_names(entry: Path, archive: Callable[[Path], zipfile.ZipFile]) -> Iterator[InternalName]:
    """Internal names of the class files in a classpath entry (module-info and multi-release
    versions left out)."""
    if entry.is_dir():
        for folder, _, files in os.walk(entry):
            for file in files:
                if file.endswith(".class") and file != "module-info.class":
                    yield InternalName((Path(folder) / file).relative_to(entry).as_posix()[:-len(".class")])
    elif entry.is_file() and zipfile.is_zipfile(entry):
        for member in archive(entry).namelist():
            if member.endswith(".class") and not member.startswith("META-INF/") and \
                    not member.endswith("module-info.class"):
                yield InternalName(member[:-len(".class")])
