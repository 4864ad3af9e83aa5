"""Targets of a run: named classes, packages (with subpackages), a whole classpath entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.config import LineTarget
from jtc.errors import UnknownClassError, UsageError
from jtc.model.classindex import ClassIndex
from jtc.project.targets import Target, aimed_target, resolve_targets


def _classes(root: Path, *names: str) -> Path:
    for name in names:
        path = root / f"{name}.class"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"\xca\xfe\xba\xbe")
    return root


def test_packages_are_recursive_and_nested_classes_go_with_their_class(tmp_path: Path):
    first = _classes(tmp_path / "a", "com/x/Foo", "com/x/Foo$Inner", "com/x/sub/Bar", "com/x/package-info", "com/y/Baz")
    with ClassIndex([first]) as index:
        targets = resolve_targets(index, ["com.y.Baz"], ["com.x"], False)
    assert targets == [Target("com.y.Baz", True), Target("com.x.Foo", False), Target("com.x.sub.Bar", False)]


def test_all_means_the_first_entry_only(tmp_path: Path):
    first = _classes(tmp_path / "a", "com/x/Foo", "com/x/Foo$1")
    library = _classes(tmp_path / "lib", "org/lib/Helper")
    with ClassIndex([first, library]) as index:
        assert resolve_targets(index, [], [], True) == [Target("com.x.Foo", False)]


def test_bad_targets_say_what_is_wrong(tmp_path: Path):
    empty = tmp_path / "empty"
    empty.mkdir()
    with ClassIndex([_classes(tmp_path / "a", "com/x/Foo")]) as index:
        with pytest.raises(UnknownClassError, match="no classes of package com.nothere"):
            resolve_targets(index, [], ["com.nothere"], False)
        with pytest.raises(UsageError, match="--package or --all"):
            resolve_targets(index, [], [], False)
    with ClassIndex([empty]) as index, pytest.raises(UnknownClassError, match="holds no classes"):
        resolve_targets(index, [], [], True)


def test_a_target_line_names_its_class_or_a_file_a_class_is_named_after(tmp_path: Path):
    first = _classes(tmp_path / "a", "com/x/Foo", "com/x/Foo$Inner", "com/y/Foo", "com/y/Bar")
    with ClassIndex([first]) as index:
        assert aimed_target(index, LineTarget(3, source="Bar.java")).class_name == "com.y.Bar"
        assert aimed_target(index, LineTarget(3, source="com/x/Foo.java")).class_name == "com.x.Foo"
        assert aimed_target(index, LineTarget(3, class_name="com.y.Foo", method="m")).class_name == "com.y.Foo"
        with pytest.raises(UsageError, match="Foo.java may be the source of com.x.Foo, com.y.Foo"):
            aimed_target(index, LineTarget(3, source="Foo.java"))
        with pytest.raises(UsageError, match=r"com.x.Foo\$Inner is a nested class"):
            aimed_target(index, LineTarget(3, class_name="com.x.Foo$Inner"))
        with pytest.raises(UsageError, match="no class com.z.Qux on the classpath"):
            aimed_target(index, LineTarget(3, class_name="com.z.Qux"))
