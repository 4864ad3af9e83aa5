"""The JDK's API as an older Java release declares it (`lib/ct.sym`, what `javac --release N` reads).

Tests are compiled with `--release` of the classes under test (java/javac.py), while the JDK that runs
jtc is newer: JDK 25 has `new Properties(int)`, Java 8 has not. A value made with a member the release
lacks gives a test that does not compile, and a validation round to find that out. So the class index
looks JDK classes up here for such a release.

ct.sym is a zip of stripped class files (`.sig`) under folders named by the releases that share them,
one character a release (`8`, `9`, then `A` for 10 … `P` for 25): `BCDEFGHI/java.base/java/util/
Properties.sig` is Properties as releases 11 to 18 have it. A release no folder names is not covered
(the JDK's own, in the JDKs before 25): the run-time image holds its API.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from jtc.model.types import InternalName

_RELEASE_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def release_character(release: int) -> str:
    """The character by which ct.sym's folder names name a release."""
    return _RELEASE_CHARACTERS[release] if 0 <= release < len(_RELEASE_CHARACTERS) else "?"


class ReleaseSymbols:
    """The class files of ct.sym, by class and release."""

    def __init__(self, path: Path) -> None:
        self._archive = zipfile.ZipFile(path)
        self._entries: dict[str, list[tuple[str, str]]] = {}  # internal name -> (releases, entry name)
        for entry in self._archive.namelist():
            if not entry.endswith(".sig"):
                continue
            releases, _, rest = entry.partition("/")
            parts = rest.removesuffix(".sig").split("/")
            if "." in parts[0]:  # the module's folder (java.base); packages have no dot in their first part
                parts = parts[1:]
            self._entries.setdefault("/".join(parts), []).append((releases, entry))
        self.covered = frozenset(char for names in self._entries.values() for releases, _ in names for char in releases)

    def covers(self, release: int) -> bool:
        return release_character(release) in self.covered

    def class_bytes(self, internal: InternalName, release: int) -> bytes | None:
        """The class file of `internal` as `release` (covered) declares it; None: not in that release."""
        character = release_character(release)
        for releases, entry in self._entries.get(internal, ()):
            if character in releases:
                return self._archive.read(entry)
        return None

    def close(self) -> None:
        self._archive.close()


def open_release_symbols(jdk_home: Path) -> ReleaseSymbols | None:
    """The JDK's ct.sym, None when it has none (a JRE, a jlink image) or it cannot be read."""
    path = jdk_home / "lib" / "ct.sym"
    try:
        return ReleaseSymbols(path) if path.is_file() else None
    except (OSError, zipfile.BadZipFile):
        return None
