"""The few facts of a class file the emitter needs: access, supertypes, methods, nesting.

The emitter must decide how a test may name a class (an import, `Outer.Inner`, or only its name as
a string) and whether a `null` argument needs a cast; both follow from these facts. The parser
reads just that, skipping code and every other attribute.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

ACC_PUBLIC = 0x0001
ACC_PRIVATE = 0x0002
ACC_STATIC = 0x0008
ACC_VARARGS = 0x0080
ACC_SYNTHETIC = 0x1000

# Constant pool entry sizes after the tag byte, for the tags we skip over.
_FIXED_SIZES = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2, 17: 4, 18: 4,
                19: 2, 20: 2}
_UTF8, _CLASS, _LONG, _DOUBLE = 1, 7, 5, 6


@dataclass(frozen=True)
class MethodDecl:
    name: str
    desc: str
    access: int


@dataclass(frozen=True)
class InnerClassEntry:
    """One row of the InnerClasses attribute. `outer` is None for local and anonymous classes,
    `simple_name` is None for anonymous ones."""

    inner: str
    outer: str | None
    simple_name: str | None
    access: int


@dataclass(frozen=True)
class ClassFile:
    name: str
    access: int
    super_name: str | None
    interfaces: tuple[str, ...]
    methods: tuple[MethodDecl, ...]
    inner_classes: tuple[InnerClassEntry, ...]

    @property
    def nesting(self) -> InnerClassEntry | None:
        """How this class is nested in another, or None for a top-level class."""
        for entry in self.inner_classes:
            if entry.inner == self.name:
                return entry
        return None


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def u1(self) -> int:
        self.pos += 1
        return self.data[self.pos - 1]

    def u2(self) -> int:
        self.pos += 2
        return struct.unpack_from(">H", self.data, self.pos - 2)[0]

    def u4(self) -> int:
        self.pos += 4
        return struct.unpack_from(">I", self.data, self.pos - 4)[0]

    def skip(self, count: int) -> None:
        self.pos += count


def _read_pool(reader: _Reader) -> tuple[dict[int, str], dict[int, int]]:
    """UTF8 strings by index, and for each Class entry the index of its name."""
    strings: dict[int, str] = {}
    classes: dict[int, int] = {}
    count = reader.u2()
    index = 1
    while index < count:
        tag = reader.u1()
        if tag == _UTF8:
            length = reader.u2()
            raw = reader.data[reader.pos:reader.pos + length]
            reader.skip(length)
            # Modified UTF-8; names never hold the NUL or supplementary forms where it differs.
            strings[index] = raw.decode("utf-8", "surrogatepass")
        elif tag == _CLASS:
            classes[index] = reader.u2()
        elif tag in _FIXED_SIZES:
            reader.skip(_FIXED_SIZES[tag])
        else:
            raise ValueError(f"bad constant pool tag {tag} at entry {index}")
        index += 2 if tag in (_LONG, _DOUBLE) else 1
    return strings, classes


def _skip_attributes(reader: _Reader) -> None:
    for _ in range(reader.u2()):
        reader.skip(2)
        reader.skip(reader.u4())


def parse_class_file(data: bytes) -> ClassFile:
    if data[:4] != b"\xca\xfe\xba\xbe":
        raise ValueError("not a class file (bad magic number)")
    reader = _Reader(data)
    reader.skip(8)
    strings, classes = _read_pool(reader)

    def class_name(index: int) -> str | None:
        return strings[classes[index]] if index else None

    access = reader.u2()
    name = class_name(reader.u2())
    super_name = class_name(reader.u2())
    interfaces = tuple(class_name(reader.u2()) or "" for _ in range(reader.u2()))
    for _ in range(reader.u2()):  # fields
        reader.skip(6)
        _skip_attributes(reader)
    methods = []
    for _ in range(reader.u2()):
        method_access, method_name, method_desc = reader.u2(), strings[reader.u2()], strings[reader.u2()]
        methods.append(MethodDecl(method_name, method_desc, method_access))
        _skip_attributes(reader)
    inner_classes: list[InnerClassEntry] = []
    for _ in range(reader.u2()):
        attribute, length = strings[reader.u2()], reader.u4()
        if attribute != "InnerClasses":
            reader.skip(length)
            continue
        for _ in range(reader.u2()):
            inner, outer, simple, flags = reader.u2(), reader.u2(), reader.u2(), reader.u2()
            inner_classes.append(InnerClassEntry(
                class_name(inner) or "", class_name(outer), strings[simple] if simple else None, flags))
    if name is None:
        raise ValueError("class file without a name")
    return ClassFile(name, access, super_name, interfaces, tuple(methods), tuple(inner_classes))
