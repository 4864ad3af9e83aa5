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
from jtc.model.classfile import ClassFormatProblem, class_attribute_spans
from jtc.model.types import binary_name

# Attributes a JaCoCo reading through the ASM8 API cannot take; JaCoCo 0.8.7 moved to ASM9.
ASM9_ATTRIBUTES = frozenset({"PermittedSubclasses"})
FIRST_ASM9_JACOCO = (0, 8, 7)


def unreadable_attributes(jacoco_version: tuple[int, ...]) -> frozenset[str]:
    """The class attributes a JaCoCo of this version cannot read."""
    return ASM9_ATTRIBUTES if jacoco_version < FIRST_ASM9_JACOCO else frozenset()


class ClassFormatError(CoverageError):
    """Bytes that are not a class file jtc can read."""


@dataclass(frozen=True)
class Stripped:
    data: bytes
    removed: tuple[str, ...]  # names of the class attributes taken out, in file order


def strip_class_attributes(data: bytes, names: frozenset[str] = ASM9_ATTRIBUTES) -> Stripped:
    """The class file without the class-level attributes called `names` (everything else, the
    constant pool included, byte for byte as it was)."""
    try:
        count_at, spans = class_attribute_spans(data)
    except ClassFormatProblem as problem:
        raise ClassFormatError(str(problem)) from None
    kept = [data[span.start:span.end] for span in spans if span.name not in names]
    removed = [span.name for span in spans if span.name in names]
    if not removed:
        return Stripped(data, ())
    return Stripped(data[:count_at] + struct.pack(">H", len(kept)) + b"".join(kept), tuple(removed))


def strip_directory(root: Path, names: frozenset[str] = ASM9_ATTRIBUTES) -> dict[str, tuple[str, ...]]:
    """Strip every class file under `root` in place; returns {binary class name: attributes removed}
    for the files that changed."""
    changed: dict[str, tuple[str, ...]] = {}
    for path in sorted(root.rglob("*.class")):
        result = strip_class_attributes(path.read_bytes(), names)
        if result.removed:
            path.write_bytes(result.data)
            changed[binary_name(path.relative_to(root).with_suffix("").as_posix())] = result.removed
    return changed
