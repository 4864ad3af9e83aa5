"""Fixture classes for the emitter's tests, compiled once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.model.classindex import ClassIndex
from jtc.java.javac import compile_sources
from jtc.java.toolchain import toolchain

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def fx_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("fx-classes")
    assert compile_sources(sorted(FIXTURES.rglob("*.java")), [], out) == []
    return out


@pytest.fixture
def fx_index(fx_classes: Path):
    with ClassIndex([fx_classes], toolchain().java_home) as index:
        yield index
