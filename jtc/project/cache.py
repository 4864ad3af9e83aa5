"""The incremental cache: a class whose class files, jtc and settings are unchanged since the last
run, and whose written test file is still as jtc wrote it, is skipped.

The key hashes the class file and its nested classes' files, jtc's version and sources (so a
developer's change to jtc counts as a new version), the settings, and the Java release of the JDK
the run uses (not its folder: the same release found elsewhere behaves the same). It does not cover
the classes the class under test uses: a changed dependency needs `--force`.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from pathlib import Path

import jtc
from jtc.atomic import write_atomically
from jtc.config import Settings
from jtc.java.bundle import bundle
from jtc.java.toolchain import toolchain
from jtc.model.classindex import ClassIndex
from jtc.model.types import BinaryName, internal_from_binary
from jtc.project.results import UNREADABLE, ClassResult, Status

CACHEABLE = (Status.WRITTEN, Status.NO_TESTS, Status.SKIPPED)


@functools.cache
def jtc_fingerprint() -> str:
    """jtc's version and a digest of the files that make its behaviour (Python, templates, and the
    Java parts by the fingerprint of the sources they were built from)."""
    digest = hashlib.sha256(jtc.__version__.encode())
    package = Path(jtc.__file__).resolve().parent
    digest.update(bundle().fingerprint.encode())
    files = sorted([*package.rglob("*.py"), *package.rglob("*.j2")])
    for path in files:
        digest.update(str(path.relative_to(package.parent)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class GenerationCache:
    def __init__(self, folder: Path, settings: Settings, index: ClassIndex) -> None:
        self.folder = folder
        self.index = index
        jdk = settings.jdk or toolchain()
        self.settings_key = f"{dataclasses.replace(settings, jdk=None)!r}\nJava {jdk.release}"

    def key(self, name: BinaryName) -> str:
        internal = internal_from_binary(name)
        digest = hashlib.sha256(f"{jtc_fingerprint()}\n{self.settings_key}".encode())
        for member in (internal, *self.index.nested(internal)):
            digest.update(member.encode())
            digest.update(self.index.class_bytes(member) or b"")
        return digest.hexdigest()

    def _entry(self, name: str) -> Path:
        return self.folder / f"{name}.json"

    def lookup(self, name: BinaryName) -> ClassResult | None:
        """The last run's result, when nothing it depended on changed; its status says UNCHANGED."""
        entry = self._entry(name)
        if not entry.is_file():
            return None
        try:
            data = json.loads(entry.read_text())
            if data["key"] != self.key(name):
                return None
            written = data["test_file_sha256"]
            if written is not None and not (Path(data["result"]["test_file"]).is_file()
                                            and _file_digest(Path(data["result"]["test_file"])) == written):
                return None
            result = ClassResult.from_json(data["result"])
        except (OSError, ValueError, KeyError, TypeError):
            return None  # an unreadable entry is a miss, never an error
        if result.status != Status.SKIPPED:  # a skip keeps its reason
            result.lines = [f"{name}: unchanged since the last run, not generated again (--force regenerates)"]
            result.status = Status.UNCHANGED
        return result

    def store(self, name: BinaryName, result: ClassResult) -> None:
        """Keeps the result, unless the next run could turn out otherwise with the same class files:
        an error, or a class file the next run's JVM may read."""
        if result.status not in CACHEABLE or result.error_code in UNREADABLE:
            return
        test_file = Path(result.test_file) if result.test_file else None
        data = {"key": self.key(name), "result": result.to_json(),
                "test_file_sha256": _file_digest(test_file) if test_file else None}
        write_atomically(self._entry(name), json.dumps(data, indent=1) + "\n")
