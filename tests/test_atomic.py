"""Files written whole or not at all."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from jtc.atomic import write_atomically


def test_the_file_is_written_with_its_folders_and_nothing_beside_it(tmp_path: Path) -> None:
    target = tmp_path / "com" / "example" / "FooTest.java"
    write_atomically(target, "class FooTest { /* é */ }\n")
    assert target.read_text(encoding="utf-8") == "class FooTest { /* é */ }\n"
    assert [path.name for path in target.parent.iterdir()] == ["FooTest.java"]


def test_the_file_s_mode_follows_the_umask(tmp_path: Path) -> None:
    previous = os.umask(0o027)
    try:
        write_atomically(tmp_path / "a.json", "{}")
    finally:
        os.umask(previous)
    assert (tmp_path / "a.json").stat().st_mode & 0o777 == 0o640


def test_an_interrupted_write_leaves_the_previous_file_and_no_temporary_one(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "FooTest.java"
    target.write_text("previous\n")

    def interrupted(source: object, destination: object) -> None:
        raise KeyboardInterrupt()

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, "new\n")
    assert target.read_text() == "previous\n"
    assert [path.name for path in tmp_path.iterdir()] == ["FooTest.java"]


def test_a_finished_write_replaces_the_previous_file(tmp_path: Path) -> None:
    target = tmp_path / "FooTest.java"
    target.write_text("previous\n")
    write_atomically(target, "new\n")
    assert target.read_text() == "new\n" and len(list(tmp_path.iterdir())) == 1
