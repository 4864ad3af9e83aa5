"""The user's classpath, checked before any JVM starts.

Bad entries, unknown classes and class files newer than the local JVM are found here from the
files themselves, so each gets a precise one-line error instead of a Java stack trace.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path

from jtc.errors import BadClasspathError, ClassFileTooNewError, UnknownClassError

JAVA_VERSIONS = {major: major - 44 for major in range(49, 80)}  # class file major -> Java release


@dataclass(frozen=True)
class Classpath:
    entries: tuple[Path, ...]

    @staticmethod
    def parse(text_entries: tuple[str, ...] | list[str]) -> Classpath:
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
        return Classpath(tuple(entries))

    def as_strings(self) -> tuple[str, ...]:
        return tuple(str(e) for e in self.entries)

    def class_bytes(self, binary_name: str) -> bytes | None:
        """The first class file for `binary_name` ('com.example.Foo$Inner') on the classpath."""
        relative = binary_name.replace(".", "/") + ".class"
        for entry in self.entries:
            if entry.is_dir():
                candidate = entry / relative
                if candidate.is_file():
                    return candidate.read_bytes()
            else:
                with zipfile.ZipFile(entry) as jar:
                    try:
                        return jar.read(relative)
                    except KeyError:
                        continue
        return None


def class_major_version(data: bytes) -> int:
    if len(data) < 8 or data[:4] != b"\xca\xfe\xba\xbe":
        raise UnknownClassError("not a class file (bad magic number)")
    return int.from_bytes(data[6:8], "big")


def check_loadable(classpath: Classpath, binary_name: str, max_major: int) -> bytes:
    """The class file of `binary_name`, after checking that it exists and this JVM can load it."""
    data = classpath.class_bytes(binary_name)
    if data is None:
        raise UnknownClassError(f"class {binary_name} is not on the classpath")
    major = class_major_version(data)
    if major > max_major:
        raise ClassFileTooNewError(
            f"{binary_name} is compiled for Java {JAVA_VERSIONS.get(major, major - 44)} (class file {major}); "
            f"this JVM runs Java {max_major - 44} and older")
    return data
