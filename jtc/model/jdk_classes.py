"""The classes of the JDK a test may use, as the release its tests are compiled for declares them:
from the JDK's run-time image (lib/modules, model/runtime_image.py), or for an older release from
lib/ct.sym (model/release_symbols.py), in the packages the JDK exports to everyone (sun.* and
jdk.internal.* are not accessible to a test even where public)."""

from __future__ import annotations

import re
from pathlib import Path

from jtc.errors import ToolchainError
from jtc.model.release_symbols import ReleaseSymbols, open_release_symbols
from jtc.model.runtime_image import RuntimeImage, RuntimeImageProblem
from jtc.model.types import InternalName

_EXPORTED_JDK_PACKAGE = re.compile(r"^javax?/")


class JdkClasses:
    """One JDK's exported classes, by name, as `release` declares them (None: the JDK's own)."""

    def __init__(self, jdk_home: Path) -> None:
        self._home = jdk_home
        self._image = _open_runtime_image(jdk_home)
        self._symbols: ReleaseSymbols | None = None  # opened on the first older release asked for
        self.release: int | None = None

    def use_release(self, release: int | None) -> bool:
        """Answer as `release` declares the classes from now on; whether that changes anything."""
        if release == self.release:
            return False
        self.release = release
        if release is not None and self._symbols is None:
            self._symbols = open_release_symbols(self._home)
        return True

    def class_bytes(self, internal: InternalName) -> bytes | None:
        if not _EXPORTED_JDK_PACKAGE.match(internal):
            return None
        if self.release is not None and self._symbols is not None and self._symbols.covers(self.release):
            return self._symbols.class_bytes(internal, self.release)
        try:
            return self._image.class_bytes(internal)
        except RuntimeImageProblem:
            return None

    def close(self) -> None:
        self._image.close()
        if self._symbols is not None:
            self._symbols.close()
            self._symbols = None


def _open_runtime_image(jdk_home: Path) -> RuntimeImage:
    """The JDK's run-time image, checked by reading java.lang.Object: a JDK whose classes cannot be
    read (a jlink image compressed with string sharing) is refused at once, not class by class."""
    try:
        image = RuntimeImage(jdk_home / "lib" / "modules")
    except OSError as error:
        raise ToolchainError(f"cannot read the JDK's classes in {jdk_home}: {error.strerror or error}") from None
    except RuntimeImageProblem as problem:
        raise ToolchainError(f"cannot read the JDK's classes: {problem}") from None
    try:
        if image.class_bytes("java/lang/Object") is None:
            raise RuntimeImageProblem(f"{image.path} holds no java.lang.Object")
    except RuntimeImageProblem as problem:
        image.close()
        raise ToolchainError(f"cannot read the JDK's classes: {problem}") from None
    return image
