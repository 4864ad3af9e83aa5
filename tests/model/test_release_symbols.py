"""The JDK's API as an older release declares it (lib/ct.sym): a test compiled with `--release 8`
must not be given `new Properties(3)`, which JDK 10 added."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.java.jdks import installed_jdks
from jtc.model.classindex import ClassIndex
from jtc.model.release_symbols import open_release_symbols, release_character
from jtc.model.types import InternalName

PROPERTIES, SEQUENCED = InternalName("java/util/Properties"), InternalName("java/util/SequencedCollection")
JDKS = [jdk for jdk in installed_jdks() if jdk.release >= 11]


def _constructors(index: ClassIndex) -> set[str]:
    declared = index.lookup(PROPERTIES)
    assert declared is not None
    return {method.desc for method in declared.methods if method.name == "<init>" and method.access & 1}


def test_releases_are_named_as_ct_sym_names_them() -> None:
    assert [release_character(release) for release in (8, 9, 10, 17, 25)] == ["8", "9", "A", "H", "P"]


@pytest.mark.parametrize("jdk", JDKS, ids=lambda jdk: f"jdk{jdk.release}")
def test_jdk_classes_are_looked_up_as_the_tests_release_declares_them(jdk, tmp_path: Path) -> None:
    sequenced = jdk.release >= 21  # SequencedCollection came with Java 21
    with ClassIndex([tmp_path], jdk.java_home) as index:
        assert "(I)V" in _constructors(index)  # the JDK's own API
        assert (index.lookup(SEQUENCED) is not None) == sequenced
        index.use_release(8)
        assert _constructors(index) == {"()V", "(Ljava/util/Properties;)V"}
        assert index.lookup(SEQUENCED) is None  # no test for Java 8 may name it
        index.use_release(11)
        assert "(I)V" in _constructors(index) and index.lookup(SEQUENCED) is None
        index.use_release(None)
        assert (index.lookup(SEQUENCED) is not None) == sequenced


def test_a_jdk_without_ct_sym_has_none(tmp_path: Path) -> None:
    assert open_release_symbols(tmp_path) is None
