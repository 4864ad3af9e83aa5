"""The incremental cache: a hit needs the same class files, jtc, settings, and the test file as written."""

from __future__ import annotations

from pathlib import Path

from jtc.config import Settings
from jtc.java.jdks import Jdk
from jtc.java.toolchain import Toolchain
from jtc.model.classindex import ClassIndex
from jtc.project.cache import GenerationCache
from jtc.project.results import ClassResult, Status


def _setup(tmp_path: Path) -> tuple[Path, Path, ClassResult]:
    classes = tmp_path / "classes" / "com" / "x"
    classes.mkdir(parents=True)
    (classes / "Foo.class").write_bytes(b"\xca\xfe\xba\xbe one")
    (classes / "Foo$Inner.class").write_bytes(b"\xca\xfe\xba\xbe inner")
    test = tmp_path / "out" / "FooTest.java"
    test.parent.mkdir()
    test.write_text("class FooTest {}")
    result = ClassResult("com.x.Foo", Status.WRITTEN, ["com.x.Foo: 1 test written"], tests=1, test_file=str(test))
    return tmp_path / "classes", test, result


def test_unchanged_class_is_a_hit_and_says_so(tmp_path: Path):
    classes, _, result = _setup(tmp_path)
    settings = Settings(classpath=(str(classes),))
    with ClassIndex([classes]) as index:
        GenerationCache(tmp_path / "cache", settings, index).store("com.x.Foo", result)
        hit = GenerationCache(tmp_path / "cache", settings, index).lookup("com.x.Foo")
    assert hit is not None and hit.status == Status.UNCHANGED and hit.tests == 1
    assert "unchanged since the last run" in hit.lines[0]


def test_changes_that_make_a_miss(tmp_path: Path):
    classes, test, result = _setup(tmp_path)
    settings = Settings(classpath=(str(classes),))
    with ClassIndex([classes]) as index:
        cache = GenerationCache(tmp_path / "cache", settings, index)
        cache.store("com.x.Foo", result)
        assert GenerationCache(tmp_path / "cache", Settings(classpath=(str(classes),), seed=1), index) \
            .lookup("com.x.Foo") is None  # other settings
        test.write_text("class FooTest { /* edited */ }")
        assert cache.lookup("com.x.Foo") is None  # the test file is not as written
        cache.store("com.x.Foo", result)
        (classes / "com" / "x" / "Foo$Inner.class").write_bytes(b"\xca\xfe\xba\xbe changed")
    with ClassIndex([classes]) as index:  # a fresh index reads the changed nested class
        assert GenerationCache(tmp_path / "cache", settings, index).lookup("com.x.Foo") is None


def test_failures_are_never_cached(tmp_path: Path):
    classes, _, _ = _setup(tmp_path)
    settings = Settings(classpath=(str(classes),))
    with ClassIndex([classes]) as index:
        cache = GenerationCache(tmp_path / "cache", settings, index)
        cache.store("com.x.Foo", ClassResult("com.x.Foo", Status.FAILED, ["internal error"]))
        assert cache.lookup("com.x.Foo") is None


def test_the_jdks_release_is_part_of_the_key_not_its_folder(tmp_path: Path):
    classes, _, result = _setup(tmp_path)

    def cache(folder: str, release: int) -> GenerationCache:
        jdk = Toolchain.of(Jdk(tmp_path / folder, release), "the newest JDK found")
        return GenerationCache(tmp_path / "cache", Settings(classpath=(str(classes),), jdk=jdk), index)

    with ClassIndex([classes]) as index:
        cache("jdk-17", 17).store("com.x.Foo", result)
        assert cache("elsewhere/jdk-17", 17).lookup("com.x.Foo") is not None
        assert cache("jdk-21", 21).lookup("com.x.Foo") is None
