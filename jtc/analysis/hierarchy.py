"""The type hierarchy of the user classpath, read from class file headers without loading anything.

Sequence generation needs the concrete subtypes of a parameter type (a `Figure` parameter is tested
with Circles and Squares) and the overriding methods of a virtual call. Reading only the header of
each class file (constant pool, access flags, super class, interfaces) is fast, and it never runs
a static initialiser.
"""

from __future__ import annotations

import os
import re
import struct
import zipfile
from dataclasses import dataclass
from pathlib import Path

ACC_INTERFACE = 0x0200
ACC_ABSTRACT = 0x0400
_ANONYMOUS = re.compile(r"\$\d")
# Constant pool entry sizes after the tag byte, by tag (Utf8 is variable; long and double take two slots).
_SIZES = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2, 17: 4, 18: 4, 19: 2, 20: 2}


@dataclass(frozen=True)
class Header:
    name: str
    access: int
    super_name: str | None
    interfaces: tuple[str, ...]

    @property
    def is_concrete(self) -> bool:
        return not self.access & (ACC_INTERFACE | ACC_ABSTRACT)


def read_header(data: bytes) -> Header | None:
    """The header of a class file, or None if `data` is not one."""
    if len(data) < 10 or data[:4] != b"\xca\xfe\xba\xbe":
        return None
    count = struct.unpack_from(">H", data, 8)[0]
    strings: dict[int, str] = {}
    classes: dict[int, int] = {}
    offset, index = 10, 1
    while index < count:
        tag = data[offset]
        if tag == 1:
            length = struct.unpack_from(">H", data, offset + 1)[0]
            strings[index] = data[offset + 3:offset + 3 + length].decode("utf-8", "replace")
            offset += 3 + length
        else:
            if tag == 7:
                classes[index] = struct.unpack_from(">H", data, offset + 1)[0]
            offset += 1 + _SIZES[tag]
        index += 2 if tag in (5, 6) else 1
    access, this, parent, interface_count = struct.unpack_from(">HHHH", data, offset)
    interfaces = struct.unpack_from(f">{interface_count}H", data, offset + 8)

    def class_name(i: int) -> str:
        return strings[classes[i]]

    return Header(class_name(this), access, class_name(parent) if parent else None,
                  tuple(class_name(i) for i in interfaces))


def _class_files(entry: Path) -> list[bytes]:
    if entry.is_dir():
        found = []
        for folder, _, files in os.walk(entry):
            found.extend((Path(folder) / f).read_bytes() for f in sorted(files) if f.endswith(".class"))
        return found
    if entry.is_file() and zipfile.is_zipfile(entry):
        with zipfile.ZipFile(entry) as jar:
            return [jar.read(n) for n in sorted(jar.namelist())
                    if n.endswith(".class") and not n.startswith("META-INF/")]
    return []


class Hierarchy:
    """Supertypes and concrete subtypes among the classes of the user classpath."""

    def __init__(self, classpath: list[str]) -> None:
        self.headers: dict[str, Header] = {}
        for entry in classpath:
            for data in _class_files(Path(entry)):
                header = read_header(data)
                if header is not None:
                    self.headers.setdefault(header.name, header)
        self._children: dict[str, list[str]] = {}
        for header in self.headers.values():
            for parent in (header.super_name, *header.interfaces):
                if parent:
                    self._children.setdefault(parent, []).append(header.name)

    def nested(self, name: str) -> tuple[str, ...]:
        """Named classes declared inside `name` (at any depth): tested with it, as JaCoCo counts them with it."""
        prefix = name + "$"
        return tuple(sorted(n for n in self.headers if n.startswith(prefix) and not _ANONYMOUS.search(n)))

    def subtypes(self, name: str) -> tuple[str, ...]:
        """Concrete, named classes that are `name` or extend or implement it, directly or not."""
        found: set[str] = set()
        pending = [name]
        seen = set()
        while pending:
            current = pending.pop()
            if current in seen:
                continue
            seen.add(current)
            header = self.headers.get(current)
            if header is not None and header.is_concrete and not _ANONYMOUS.search(current):
                found.add(current)
            pending.extend(self._children.get(current, ()))
        return tuple(sorted(found))
