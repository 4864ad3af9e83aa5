"""Class-level attributes an old JaCoCo cannot read, and copies of class files without them.

JaCoCo reads class files with the ASM it was built against and refuses any class-level attribute
that ASM API level does not know: Debian's JaCoCo 0.8.6 reads through the ASM8 API, so the
`PermittedSubclasses` attribute of a sealed class or interface (Java 17) stops its analysis with
"PermittedSubclasses requires ASM9", and its agent leaves such a class uninstrumented. Coverage
does not depend on that attribute (it only restricts which classes may extend the sealed type; the
JVM checks it when a subclass is loaded), so jtc measures coverage on copies without it: the tests
run against the stripped bytes, and the same bytes are analysed, because JaCoCo matches execution
data to class files by a checksum of their bytes.

Record (ASM8), NestHost and NestMembers (ASM7) are read by JaCoCo 0.8.6 and are kept.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

from jtc.errors import CoverageError

MAGIC = 0xCAFEBABE

# Attributes a JaCoCo reading through the ASM8 API cannot take; JaCoCo 0.8.7 moved to ASM9.
ASM9_ATTRIBUTES = frozenset({"PermittedSubclasses"})
FIRST_ASM9_JACOCO = (0, 8, 7)

# Bytes after the tag of each constant pool entry kind (CONSTANT_Utf8 has a length of its own).
_ENTRY_SIZE = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2, 17: 4, 18: 4,
               19: 2, 20: 2}
_TWO_SLOTS = (5, 6)  # long and double take two constant pool indices


def unreadable_attributes(jacoco_version: tuple[int, ...]) -> frozenset[str]:
    """The class attributes a JaCoCo of this version cannot read."""
    return ASM9_ATTRIBUTES if jacoco_version < FIRST_ASM9_JACOCO else frozenset()


class ClassFormatError(CoverageError):
    """Bytes that are not a class file jtc can read."""


@dataclass(frozen=True)
class Stripped:
    data: bytes
    removed: tuple[str, ...]  # names of the class attributes taken out, in file order


def _utf8_entries(data: bytes) -> tuple[dict[int, str], int]:
    """The CONSTANT_Utf8 entries by index, and where the constant pool ends."""
    count = struct.unpack_from(">H", data, 8)[0]
    names: dict[int, str] = {}
    pos, index = 10, 1
    while index < count:
        tag = data[pos]
        if tag == 1:
            length = struct.unpack_from(">H", data, pos + 1)[0]
            names[index] = data[pos + 3:pos + 3 + length].decode("utf-8", errors="replace")
            pos += 3 + length
        elif tag in _ENTRY_SIZE:
            pos += 1 + _ENTRY_SIZE[tag]
        else:
            raise ClassFormatError(f"unknown constant pool tag {tag} at byte {pos}")
        index += 2 if tag in _TWO_SLOTS else 1
    return names, pos


def _skip_attributes(data: bytes, pos: int) -> int:
    count = struct.unpack_from(">H", data, pos)[0]
    pos += 2
    for _ in range(count):
        pos += 6 + struct.unpack_from(">I", data, pos + 2)[0]
    return pos


def _skip_members(data: bytes, pos: int) -> int:
    """Past the fields (or methods) table: access, name, descriptor, attributes per member."""
    count = struct.unpack_from(">H", data, pos)[0]
    pos += 2
    for _ in range(count):
        pos = _skip_attributes(data, pos + 6)
    return pos


def strip_class_attributes(data: bytes, names: frozenset[str] = ASM9_ATTRIBUTES) -> Stripped:
    """The class file without the class-level attributes called `names` (everything else, the
    constant pool included, byte for byte as it was)."""
    try:
        if struct.unpack_from(">I", data, 0)[0] != MAGIC:
            raise ClassFormatError("not a class file (bad magic number)")
        utf8, pos = _utf8_entries(data)
        interfaces = struct.unpack_from(">H", data, pos + 6)[0]
        pos = _skip_members(data, _skip_members(data, pos + 8 + 2 * interfaces))
        count = struct.unpack_from(">H", data, pos)[0]
        kept: list[bytes] = []
        removed: list[str] = []
        cursor = pos + 2
        for _ in range(count):
            end = cursor + 6 + struct.unpack_from(">I", data, cursor + 2)[0]
            name = utf8.get(struct.unpack_from(">H", data, cursor)[0], "")
            if name in names:
                removed.append(name)
            else:
                kept.append(data[cursor:end])
            cursor = end
    except (struct.error, IndexError) as error:
        raise ClassFormatError(f"truncated class file: {error}") from None
    if cursor != len(data):
        raise ClassFormatError(f"{len(data) - cursor} bytes after the class attributes")
    if not removed:
        return Stripped(data, ())
    return Stripped(data[:pos] + struct.pack(">H", len(kept)) + b"".join(kept), tuple(removed))


def strip_directory(root: Path, names: frozenset[str] = ASM9_ATTRIBUTES) -> dict[str, tuple[str, ...]]:
    """Strip every class file under `root` in place; returns {binary class name: attributes removed}
    for the files that changed."""
    changed: dict[str, tuple[str, ...]] = {}
    for path in sorted(root.rglob("*.class")):
        result = strip_class_attributes(path.read_bytes(), names)
        if result.removed:
            path.write_bytes(result.data)
            changed[path.relative_to(root).with_suffix("").as_posix().replace("/", ".")] = result.removed
    return changed
