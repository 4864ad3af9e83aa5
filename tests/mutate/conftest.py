"""The JDKs the mutation runner is tested on: the default one, and the newest installed JDK if it is
Java 24 or later (no security manager, no Thread.stop), so that both ways of running are covered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from jtc.errors import ToolchainError
from jtc.java.toolchain import Toolchain, toolchain

JVM_FOLDER = Path("/usr/lib/jvm")
FIRST_WITHOUT_SECURITY_MANAGER = 24


def _release(home: Path) -> int:
    try:
        return Toolchain(home / "bin" / "java", home / "bin" / "javac", home).release
    except (ToolchainError, ValueError):  # no release file, or one that names no version
        return 0


def _newest_jdk() -> Path | None:
    homes = [home for home in JVM_FOLDER.glob("*") if (home / "bin" / "javac").is_file() and not home.is_symlink()]
    newest = max(homes, key=_release, default=None)
    return newest if newest is not None and _release(newest) >= FIRST_WITHOUT_SECURITY_MANAGER else None


@pytest.fixture(params=["default", "newest"])
def jdk(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """JAVA_HOME for this test, for jtc in this process and in the ones it starts."""
    if request.param == "default":
        home = toolchain().java_home
    else:
        newest = _newest_jdk()
        if newest is None:
            pytest.skip(f"no JDK {FIRST_WITHOUT_SECURITY_MANAGER} or later under {JVM_FOLDER}")
        home = newest
    monkeypatch.setenv("JAVA_HOME", str(home))
    toolchain.cache_clear()
    yield home
    monkeypatch.undo()
    toolchain.cache_clear()
