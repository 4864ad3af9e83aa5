"""The dependency jars real projects carry, on the classpath of benchmarks that measure their cost
(B5 and B8): Debian's guava, commons-lang3, commons-collections3 and commons-io."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from jtc.config import Settings
from jtc.model.classindex import ClassIndex
from jtc.model.classpath import dependency_jars
from jtc.model.types import BinaryName

JARS = Path("/usr/share/java")
DEBIAN_DEPENDENCIES = tuple(JARS / name for name in ("guava.jar", "commons-lang3.jar", "commons-collections3.jar",
                                                     "commons-io.jar"))


def missing() -> list[str]:
    return [str(jar) for jar in DEBIAN_DEPENDENCIES if not jar.is_file()]


def with_dependencies(settings: Settings, classes: list[str]) -> Settings:
    """The settings with the classpath's jars that hold no class under test as dependencies, as
    `jtc generate` sets them."""
    with ClassIndex([Path(entry) for entry in settings.classpath]) as index:
        return dataclasses.replace(settings, dependencies=dependency_jars(index, list(map(BinaryName, classes))))
