"""The JDKs the mutation runner is tested on: the suite's own, and the newest installed JDK if it is
Java 24 or later (no security manager, no Thread.stop), so that both ways of running are covered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from jtc.java.jdks import installed_jdks
from jtc.java.toolchain import Toolchain, toolchain, use_jdk

FIRST_WITHOUT_SECURITY_MANAGER = 24


@pytest.fixture(params=["default", "newest"])
def jdk(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The JDK of this test, for jtc in this process (use_jdk) and in the ones it starts (JAVA_HOME)."""
    if request.param == "default":
        chosen = toolchain()
    else:
        newest = max(installed_jdks(), key=lambda jdk: jdk.release, default=None)
        if newest is None or newest.release < FIRST_WITHOUT_SECURITY_MANAGER:
            pytest.skip(f"no JDK {FIRST_WITHOUT_SECURITY_MANAGER} or later found")
        chosen = Toolchain.of(newest, "the newest JDK found")
    monkeypatch.setenv("JAVA_HOME", str(chosen.java_home))
    with use_jdk(chosen):
        yield chosen.java_home
