"""The one reader of class files: declarations only (access, supertypes, fields, methods, generic
signatures, parameter names, nesting), never the bytecode.

jtc reads class files without loading them wherever it needs the shape of a class: to find the
subtypes and producers of a type anywhere on the classpath, to decide how a test may spell a class,
and to refuse class files the JVM cannot load. Running a class's static initialiser for any of that
would be slow and could have side effects, so everything here works from the bytes alone.
"""

from __future__ import annotations

import functools

import struct
from dataclasses import dataclass

from jtc.model.types import Descriptor, InternalName, is_wide, object_desc, parse_method_descriptor

ACC_PUBLIC = 0x0001
ACC_PRIVATE = 0x0002
ACC_PROTECTED = 0x0004
ACC_STATIC = 0x0008
ACC_FINAL = 0x0010
ACC_BRIDGE = 0x0040
ACC_VARARGS = 0x0080
ACC_NATIVE = 0x0100
ACC_INTERFACE = 0x0200
ACC_ABSTRACT = 0x0400
ACC_SYNTHETIC = 0x1000
ACC_ENUM = 0x4000

MAGIC = b"\xca\xfe\xba\xbe"
# Constant pool entry sizes after the tag byte, for the tags whose content is skipped.
_FIXED_SIZES = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2, 17: 4, 18: 4,
                19: 2, 20: 2}
_UTF8, _CLASS, _LONG, _DOUBLE = 1, 7, 5, 6


class ClassFormatProblem(ValueError):
    """The bytes are not a class file this reader understands."""


class MemberFlags:
    """What a field's or method's access flags say (for the declarations here and the agent's
    class tables alike)."""

    access: int

    @property
    def is_public(self) -> bool:
        return bool(self.access & ACC_PUBLIC)

    @property
    def is_private(self) -> bool:
        return bool(self.access & ACC_PRIVATE)

    @property
    def is_static(self) -> bool:
        return bool(self.access & ACC_STATIC)

    @property
    def is_abstract(self) -> bool:
        return bool(self.access & ACC_ABSTRACT)

    @property
    def is_synthetic(self) -> bool:
        return bool(self.access & (ACC_SYNTHETIC | ACC_BRIDGE))


@dataclass(frozen=True)
class MethodDecl(MemberFlags):
    name: str
    desc: str
    access: int
    signature: str | None = None  # the generic signature, when the compiler wrote one
    exceptions: tuple[InternalName, ...] = ()  # the throws clause
    param_names: tuple[str, ...] | None = None  # MethodParameters, else the LocalVariableTable

    @property
    def has_code(self) -> bool:
        return not self.access & (ACC_ABSTRACT | ACC_NATIVE)


@dataclass(frozen=True)
class FieldDecl(MemberFlags):
    name: str
    desc: Descriptor
    access: int
    signature: str | None = None


@dataclass(frozen=True)
class InnerClassEntry:
    """One row of the InnerClasses attribute. `outer` is None for local and anonymous classes,
    `simple_name` is None for anonymous ones."""

    inner: InternalName
    outer: InternalName | None
    simple_name: str | None
    access: int


@dataclass(frozen=True)
class ClassFile:
    name: InternalName
    major: int
    access: int
    super_name: InternalName | None
    interfaces: tuple[InternalName, ...]
    fields: tuple[FieldDecl, ...]
    methods: tuple[MethodDecl, ...]
    inner_classes: tuple[InnerClassEntry, ...]
    signature: str | None = None
    sealed: bool = False  # a PermittedSubclasses attribute (Java 17): no other class may extend it

    @property
    def nesting(self) -> InnerClassEntry | None:
        """How this class is nested in another, or None for a top-level class."""
        for entry in self.inner_classes:
            if entry.inner == self.name:
                return entry
        return None

    @property
    def effective_access(self) -> int:
        """Access as the Java language sees it: a nested class takes its own from InnerClasses."""
        nesting = self.nesting
        return nesting.access if nesting is not None else self.access

    @property
    def is_interface(self) -> bool:
        return bool(self.access & ACC_INTERFACE)

    @property
    def is_abstract(self) -> bool:
        return bool(self.access & ACC_ABSTRACT)

    @property
    def is_enum(self) -> bool:
        return bool(self.access & ACC_ENUM)

    @property
    def is_concrete(self) -> bool:
        return not self.access & (ACC_INTERFACE | ACC_ABSTRACT)

    def declares_implicitly(self, method: MethodDecl) -> bool:
        """An enum's `values()` and `valueOf(String)`: javac writes them (a source cannot declare
        them), so tests of them would check javac and `Enum.valueOf`, not the project's code."""
        if not self.is_enum or not method.is_static:
            return False
        itself = object_desc(self.name)
        return (method.name, method.desc) in (("values", f"()[{itself}"), ("valueOf", f"(Ljava/lang/String;){itself}"))

    def method(self, name: str, desc: str) -> MethodDecl | None:
        return self._methods.get((name, desc))

    @functools.cached_property
    def _methods(self) -> dict[tuple[str, str], MethodDecl]:
        """By name and descriptor (the analysis asks a class about its methods a million times)."""
        return {(method.name, method.desc): method for method in reversed(self.methods)}


class _Reader:
    __slots__ = ("data", "pos")

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


class _Pool:
    """UTF8 strings by index, and for each Class entry the index of its name."""

    def __init__(self, reader: _Reader) -> None:
        self.strings: dict[int, str] = {}
        self.classes: dict[int, int] = {}
        count = reader.u2()
        index = 1
        while index < count:
            tag = reader.u1()
            if tag == _UTF8:
                length = reader.u2()
                raw = reader.data[reader.pos:reader.pos + length]
                reader.skip(length)
                self.strings[index] = _modified_utf8(raw)
            elif tag == _CLASS:
                self.classes[index] = reader.u2()
            elif tag in _FIXED_SIZES:
                reader.skip(_FIXED_SIZES[tag])
            else:
                raise ClassFormatProblem(f"bad constant pool tag {tag} at entry {index}")
            index += 2 if tag in (_LONG, _DOUBLE) else 1

    def class_name(self, index: int) -> InternalName | None:
        return InternalName(self.strings[self.classes[index]]) if index else None

    def utf8(self, index: int) -> str | None:
        return self.strings.get(index) if index else None


def _modified_utf8(raw: bytes) -> str:
    """The JVM's modified UTF-8: NUL is written as C0 80, supplementary characters as two
    surrogates (which "surrogatepass" keeps as they are)."""
    return raw.replace(b"\xc0\x80", b"\x00").decode("utf-8", "surrogatepass")


def major_version(data: bytes) -> int:
    if len(data) < 8 or data[:4] != MAGIC:
        raise ClassFormatProblem("not a class file (bad magic number)")
    return int.from_bytes(data[6:8], "big")


def parse_class_file(data: bytes) -> ClassFile:
    major = major_version(data)
    reader = _Reader(data)
    reader.skip(8)
    try:
        pool = _Pool(reader)
        access = reader.u2()
        name = pool.class_name(reader.u2())
        super_name = pool.class_name(reader.u2())
        interfaces = tuple(pool.class_name(reader.u2()) or InternalName("") for _ in range(reader.u2()))
        fields = tuple(_field(reader, pool) for _ in range(reader.u2()))
        methods = tuple(_method(reader, pool) for _ in range(reader.u2()))
        inner_classes: list[InnerClassEntry] = []
        signature = None
        sealed = False
        for _ in range(reader.u2()):
            attribute, length = pool.strings[reader.u2()], reader.u4()
            end = reader.pos + length
            sealed = sealed or attribute == "PermittedSubclasses"
            if attribute == "InnerClasses":
                for _ in range(reader.u2()):
                    inner, outer, simple, flags = reader.u2(), reader.u2(), reader.u2(), reader.u2()
                    inner_classes.append(InnerClassEntry(pool.class_name(inner) or InternalName(""),
                                                         pool.class_name(outer), pool.utf8(simple), flags))
            elif attribute == "Signature":
                signature = pool.utf8(reader.u2())
            reader.pos = end
    except (struct.error, KeyError, IndexError) as error:
        raise ClassFormatProblem(f"truncated or malformed class file ({error})") from None
    if name is None:
        raise ClassFormatProblem("class file without a name")
    return ClassFile(name, major, access, super_name, interfaces, fields, methods, tuple(inner_classes), signature,
                     sealed)


def _field(reader: _Reader, pool: _Pool) -> FieldDecl:
    access, name, desc = reader.u2(), pool.strings[reader.u2()], pool.strings[reader.u2()]
    signature = None
    for _ in range(reader.u2()):
        attribute, length = pool.strings[reader.u2()], reader.u4()
        end = reader.pos + length
        if attribute == "Signature":
            signature = pool.utf8(reader.u2())
        reader.pos = end
    return FieldDecl(name, Descriptor(desc), access, signature)


def _method(reader: _Reader, pool: _Pool) -> MethodDecl:
    access, name, desc = reader.u2(), pool.strings[reader.u2()], pool.strings[reader.u2()]
    signature: str | None = None
    exceptions: tuple[InternalName, ...] = ()
    declared: tuple[str, ...] | None = None  # MethodParameters
    local_names: dict[int, str] = {}  # LocalVariableTable at offset 0: slot -> name
    for _ in range(reader.u2()):
        attribute, length = pool.strings[reader.u2()], reader.u4()
        end = reader.pos + length
        if attribute == "Signature":
            signature = pool.utf8(reader.u2())
        elif attribute == "Exceptions":
            exceptions = tuple(pool.class_name(reader.u2()) or InternalName("") for _ in range(reader.u2()))
        elif attribute == "MethodParameters":
            names = []
            for _ in range(reader.u1()):
                names.append(pool.utf8(reader.u2()) or "")
                reader.skip(2)  # the parameter's access flags
            declared = tuple(names) if all(names) else None
        elif attribute == "Code":
            local_names = _code_local_names(reader, pool)
        reader.pos = end
    return MethodDecl(name, desc, access, signature, exceptions,
                      declared if declared is not None else _parameter_names(access, desc, local_names))


def _code_local_names(reader: _Reader, pool: _Pool) -> dict[int, str]:
    """Names of the locals live from the method's first instruction (the parameters), by slot."""
    reader.skip(4)  # max_stack, max_locals
    reader.skip(reader.u4())  # the bytecode
    reader.skip(8 * reader.u2())  # the exception table
    names: dict[int, str] = {}
    for _ in range(reader.u2()):
        attribute, length = pool.strings[reader.u2()], reader.u4()
        end = reader.pos + length
        if attribute == "LocalVariableTable":
            for _ in range(reader.u2()):
                start, _length, name_index, _desc, slot = (reader.u2() for _ in range(5))
                if start == 0:
                    names.setdefault(slot, pool.strings[name_index])
        reader.pos = end
    return names


def _parameter_names(access: int, desc: str, by_slot: dict[int, str]) -> tuple[str, ...] | None:
    if not by_slot:
        return None
    slot = 0 if access & ACC_STATIC else 1
    names = []
    for param in parse_method_descriptor(desc)[0]:
        name = by_slot.get(slot)
        if name is None:
            return None
        names.append(name)
        slot += 2 if is_wide(param) else 1
    return tuple(names)
