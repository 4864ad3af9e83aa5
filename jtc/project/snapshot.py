"""`jtc generate --snapshot FILE.json`: the behaviour a run's tests observed, kept to compare another
version of the classes with (`jtc diff --snapshot`).

Per class: the test class's source as written (after the whole-suite check) and a record per test of
what it states (jtc.emit.behaviour). The source makes the snapshot replayable by itself: `jtc diff`
compiles and runs it against the new classpath, and the records say what each failing test stated.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import jtc
from jtc.atomic import write_atomically
from jtc.emit.behaviour import TestBehaviour, declaration_lines
from jtc.errors import UsageError
from jtc.project.results import ClassResult

FORMAT = 1


@dataclass(frozen=True)
class ClassSnapshot:
    class_name: str  # binary name of the class under test
    test_class: str  # binary name of its test class
    source: str  # the test class's source
    tests: tuple[TestBehaviour, ...]

    @property
    def relative_path(self) -> Path:
        return Path(*self.test_class.split(".")).with_suffix(".java")


def snapshot_of(result: ClassResult) -> ClassSnapshot | None:
    """The class's snapshot, from its test file as it stands (tests dropped after the records were
    made are left out); None without a test file."""
    if result.test_file is None or not Path(result.test_file).is_file():
        return None
    path = Path(result.test_file)
    source = path.read_text(encoding="utf-8")
    package = next((line.removeprefix("package ").rstrip(";").strip() for line in source.splitlines()
                    if line.startswith("package ")), "")
    declared = declaration_lines(source)
    return ClassSnapshot(result.name, f"{package}.{path.stem}" if package else path.stem, source,
                         tuple(test for test in result.behaviour if test.method in declared))


def write_snapshot(path: Path, results: Sequence[ClassResult], classpath: Sequence[str]) -> None:
    """Write the snapshot of every class with tests."""
    classes = [found for found in map(snapshot_of, results) if found is not None]
    data = {"format": FORMAT, "jtc": jtc.__version__, "written": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "classpath": list(classpath),
            "classes": [{"class": c.class_name, "test_class": c.test_class, "source": c.source,
                         "tests": [test.to_json() for test in c.tests]} for c in classes]}
    write_atomically(path, json.dumps(data, indent=1) + "\n")


def read_snapshot(path: Path) -> list[ClassSnapshot]:
    """The classes of a snapshot file; a file that is not one is a usage error."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise UsageError(f"cannot read the snapshot {path}: {error.strerror or error}") from None
    except ValueError as error:
        raise UsageError(f"{path} is not a jtc snapshot: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UsageError(f"{path} is not a jtc snapshot (format {FORMAT}, written by jtc generate --snapshot)")
    try:
        found = [ClassSnapshot(entry["class"], entry["test_class"], entry["source"],
                               tuple(map(TestBehaviour.from_json, entry["tests"]))) for entry in data["classes"]]
    except (KeyError, TypeError, IndexError) as error:
        raise UsageError(f"{path} is not a jtc snapshot: a class entry lacks {error}") from None
    if not all(isinstance(text, str) for c in found for text in (c.class_name, c.test_class, c.source)):
        raise UsageError(f"{path} is not a jtc snapshot: a class's names and source must be strings")
    return found
