"""The user's classpath, checked before any JVM starts.

Bad entries, unknown classes and class files newer than the JDK are found here from the files
themselves, so each gets a precise one-line error instead of a Java stack trace; the newest class file
among the classes under test tells which JDK a command needs (jtc.java.toolchain chooses it).
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from jtc.errors import BadClasspathError, ClassFileTooNewError, UnknownClassError, UnreadableClassError
from jtc.model.classfile import ClassFormatProblem, major_version, parse_class_file
from jtc.model.classindex import ClassIndex
from jtc.model.types import BinaryName, internal_from_binary

JAVA_VERSIONS = {major: major - 44 for major in range(49, 80)}  # class file major -> Java release


@dataclass(frozen=True)
class ClassNeed:
    """The newest class file among the classes under test: the JDK must load it."""

    class_name: str  # binary name
    major: int  # its class file's major version

    @property
    def release(self) -> int:
        return self.major - 44


class LoadingLimit(Protocol):
    """What refuses a newer class file (a JDK: jtc.java.toolchain.Toolchain)."""

    @property
    def max_class_major(self) -> int: ...

    @property
    def limit(self) -> str: ...


@dataclass(frozen=True)
class Classpath:
    entries: tuple[Path, ...]
    dependencies: tuple[Path, ...] = ()  # the entries that are dependency jars (see ClassIndex)

    @staticmethod
    def parse(text_entries: tuple[str, ...] | list[str], dependencies: tuple[str, ...] = ()) -> Classpath:
        """Entries separated by ':' (or given one by one); each must be a directory or a jar."""
        entries: list[Path] = []
        for text in text_entries:
            for part in text.split(":"):
                if not part:
                    continue
                path = Path(part).expanduser().resolve()
                if path.is_dir():
                    entries.append(path)
                elif path.is_file():
                    if not zipfile.is_zipfile(path):
                        raise BadClasspathError(f"classpath entry {part} is not a directory or a jar")
                    entries.append(path)
                else:
                    raise BadClasspathError(f"classpath entry {part} does not exist")
        if not entries:
            raise BadClasspathError("the classpath is empty")
        jars = {Path(part).expanduser().resolve() for part in dependencies}
        return Classpath(tuple(entries), tuple(entry for entry in entries if entry in jars))

    @property
    def project(self) -> tuple[Path, ...]:
        """The entries of the project's own classes: every one but the dependencies."""
        return tuple(entry for entry in self.entries if entry not in self.dependencies)


def dependency_jars(index: ClassIndex, classes_under_test: list[BinaryName]) -> tuple[str, ...]:
    """The classpath's jars that hold none of the classes under test (binary names): the project's
    dependencies. A jar that holds one is the project itself (a library tested from its jar)."""
    holding = {index.entry_of(internal_from_binary(binary_name)) for binary_name in classes_under_test}
    return tuple(str(entry) for entry in index.entries if entry.is_file() and entry not in holding)


def check_loadable(index: ClassIndex, binary_name: BinaryName, jdk: LoadingLimit) -> None:
    """Check that `binary_name` is on the classpath and that the JDK can load its class file: one of
    a release it runs, whole, and of the class it is named after."""
    internal = internal_from_binary(binary_name)
    data = index.class_bytes(internal)
    if data is None:
        raise UnknownClassError(f"class {binary_name} is not on the classpath")
    try:
        major = major_version(data)
        if major <= jdk.max_class_major:
            declared = parse_class_file(data).name
            if declared != internal:
                raise ClassFormatProblem(f"it holds class {declared.replace('/', '.')}")
    except ClassFormatProblem as problem:
        raise UnreadableClassError(f"{binary_name}: cannot read its class file: {problem}") from None
    if major > jdk.max_class_major:
        raise ClassFileTooNewError(
            f"{binary_name} is compiled for Java {JAVA_VERSIONS.get(major, major - 44)} (class file {major}); "
            f"{jdk.limit}")


def newest_class_file(index: ClassIndex, classes: Iterable[BinaryName]) -> ClassNeed | None:
    """The newest class file among `classes` (binary names) that are on the classpath and are class
    files; None when there is none. A class's nested classes come from the same compilation."""
    newest: ClassNeed | None = None
    for name in classes:
        data = index.class_bytes(internal_from_binary(name))
        try:
            major = major_version(data) if data is not None else None
        except ClassFormatProblem:
            major = None
        if major is not None and (newest is None or major > newest.major):
            newest = ClassNeed(name, major)
    return newest
