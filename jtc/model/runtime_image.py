"""The JDK's run-time image (`lib/modules`, the "jimage" format), read for the class files of the JDK.

Every JDK since 9 has this file; not every JDK has `jmods/` (JEP 493 lets a JDK leave them out, as
Temurin 25 does), so the class index reads JDK classes from here. The format is the one
jdk.internal.jimage reads (this is our own reader of it): a header of seven 32-bit words in the
platform's byte order (magic 0xCAFEDADA, version 1.0, flags, resource count, table length, sizes of
the locations and strings tables); a perfect-hash redirect table and a table of offsets, both
`table length` words long; the locations (each a run of attributes: module, parent, base and
extension as offsets into the strings table, then the resource's offset and its compressed and
uncompressed sizes); the strings (NUL-terminated, modified UTF-8); then the resources.

A resource may be compressed by jlink (`--compress`): headers (magic 0xCAFEFAFA) stacked in front of
its bytes, each naming its decompressor. "zip" (zlib) is read here. "compact-cp" (string sharing,
`jlink --compress=1` or `=string-sharing`, which rewrites the constant pool against the image's
strings) is not: such a resource is reported as a RuntimeImageProblem naming it. JDKs as they are
installed (Temurin, OpenJDK builds, distribution packages) compress nothing.
"""

from __future__ import annotations

import mmap
import struct
import zlib
from pathlib import Path

IMAGE_MAGIC = 0xCAFEDADA
COMPRESSED_MAGIC = 0xCAFEFAFA
_HEADER_WORDS = 7
_COMPRESSED_HEADER_SIZE = 29  # magic, compressed size, uncompressed size, name offset, unused, is-terminal
_HASH_MULTIPLIER = 0x01000193
# Attribute kinds of a location.
_MODULE, _PARENT, _BASE, _EXTENSION, _OFFSET, _COMPRESSED, _UNCOMPRESSED = range(1, 8)


class RuntimeImageProblem(ValueError):
    """The file is no run-time image this reader understands, or a resource of it cannot be read."""


def image_hash(name: bytes, seed: int = _HASH_MULTIPLIER) -> int:
    """The image's hash of a name (its modified UTF-8 bytes): FNV-like, 32-bit, made positive."""
    for byte in name:
        seed = ((seed * _HASH_MULTIPLIER) ^ byte) & 0xFFFFFFFF
    return seed & 0x7FFFFFFF


class RuntimeImage:
    """One `lib/modules` file, mapped into memory; resources are looked up by their full name
    (`/java.base/java/lang/Object.class`), classes by internal name."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with open(path, "rb") as file:
            try:
                self._map = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
            except ValueError:  # an empty file cannot be mapped
                raise RuntimeImageProblem(f"{path} is not a run-time image (empty)") from None
        try:
            self._read_index()
        except (RuntimeImageProblem, struct.error) as problem:
            self._map.close()
            raise RuntimeImageProblem(f"{path} is not a run-time image jtc can read: {problem}") from None
        self._modules: dict[str, str | None] = {}  # package (dotted) -> the module holding its classes

    def _read_index(self) -> None:
        for order in ("<", ">"):
            if struct.unpack_from(order + "I", self._map, 0)[0] == IMAGE_MAGIC:
                self._order = order
                break
        else:
            raise RuntimeImageProblem("bad magic number")
        _, version, _, _, table_length, locations_size, strings_size = struct.unpack_from(
            f"{self._order}{_HEADER_WORDS}I", self._map, 0)
        if version != 1 << 16:
            raise RuntimeImageProblem(f"version {version >> 16}.{version & 0xFFFF} (1.0 is read)")
        self._table_length = table_length
        self._redirect = _HEADER_WORDS * 4
        self._offsets = self._redirect + 4 * table_length
        self._locations = self._offsets + 4 * table_length
        self._strings = self._locations + locations_size
        self._resources = self._strings + strings_size
        if self._resources > len(self._map):
            raise RuntimeImageProblem("cut short")

    def close(self) -> None:
        self._map.close()

    def __enter__(self) -> RuntimeImage:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- lookup --------------------------------------------------------------------------------

    def class_bytes(self, internal: str) -> bytes | None:
        """The class file of a JDK class ('java/util/List'), from the module that holds its package."""
        package, _, _ = internal.rpartition("/")
        module = self.module_of(package.replace("/", "."))
        return self.resource(f"/{module}/{internal}.class") if module else None

    def module_of(self, package: str) -> str | None:
        """The module whose classes are in `package` ('java.util' -> 'java.base'), from the image's
        /packages/<package> entry: pairs of (is-empty, module name) words."""
        if package not in self._modules:
            entry = self.resource(f"/packages/{package}")
            found = None
            if entry:
                words = struct.unpack(f"{self._order}{len(entry) // 4}I", entry)
                found = next((self._string(name) for empty, name in zip(words[::2], words[1::2]) if not empty), None)
            self._modules[package] = found
        return self._modules[package]

    def resource(self, name: str) -> bytes | None:
        """A resource by its full name, decompressed; None when the image has no such resource."""
        attributes = self._location(name)
        if attributes is None:
            return None
        start = self._resources + attributes[_OFFSET]
        compressed, size = attributes[_COMPRESSED], attributes[_UNCOMPRESSED]
        if not compressed:
            return self._map[start:start + size]
        return self._decompress(name, self._map[start:start + compressed])

    def _location(self, name: str) -> list[int] | None:
        """The attributes of the location named `name` (perfect hashing, then the name checked)."""
        encoded = name.encode("utf-8")
        slot = self._word(self._redirect, image_hash(encoded) % self._table_length, signed=True)
        if slot < 0:
            index = -slot - 1
        elif slot > 0:
            index = image_hash(encoded, slot) % self._table_length
        else:
            return None
        attributes = self._attributes(self._locations + self._word(self._offsets, index))
        return attributes if self._full_name(attributes) == name else None

    def _word(self, table: int, index: int, signed: bool = False) -> int:
        return struct.unpack_from(self._order + ("i" if signed else "I"), self._map, table + 4 * index)[0]

    def _attributes(self, position: int) -> list[int]:
        """A location's attributes: each a byte (kind << 3 | length - 1), then `length` bytes, big-endian."""
        attributes = [0] * 8
        while (head := self._map[position]) > 0x7:
            kind, length = head >> 3, (head & 0x7) + 1
            if kind >= 8:
                raise RuntimeImageProblem(f"{self.path}: bad location attribute kind {kind}")
            attributes[kind] = int.from_bytes(self._map[position + 1:position + 1 + length], "big")
            position += 1 + length
        return attributes

    def _full_name(self, attributes: list[int]) -> str:
        """/module/parent/base.extension, the parts that are there."""
        module, parent, base, extension = (self._string(attributes[kind]) if attributes[kind] else ""
                                           for kind in (_MODULE, _PARENT, _BASE, _EXTENSION))
        return (f"/{module}/" if module else "/") + (f"{parent}/" if parent else "") + base + \
            (f".{extension}" if extension else "")

    def _string(self, offset: int) -> str:
        start = self._strings + offset
        return self._map[start:self._map.find(b"\0", start)].decode("utf-8", errors="replace")

    def _decompress(self, name: str, data: bytes) -> bytes:
        """Undo jlink's compressions, outermost first, as long as a compressed header leads."""
        while len(data) >= _COMPRESSED_HEADER_SIZE and \
                struct.unpack_from(self._order + "I", data)[0] == COMPRESSED_MAGIC:
            _, _, size, decompressor = struct.unpack_from(self._order + "IQQI", data)
            method = self._string(decompressor)
            if method != "zip":
                raise RuntimeImageProblem(f"{self.path}: {name} is compressed with {method!r}, which jtc does not "
                                          f"read (it reads resources stored whole or with 'zip'; jlink "
                                          f"--compress=1 makes 'compact-cp')")
            data = zlib.decompress(data[_COMPRESSED_HEADER_SIZE:])
            if len(data) != size:
                raise RuntimeImageProblem(f"{self.path}: {name} decompresses to {len(data)} bytes, not {size}")
        return data

    def names(self) -> list[str]:
        """Every resource's full name (for checks against other readers of the image)."""
        found = []
        for index in range(self._table_length):
            offset = self._word(self._offsets, index)
            if offset:
                found.append(self._full_name(self._attributes(self._locations + offset)))
        return found
