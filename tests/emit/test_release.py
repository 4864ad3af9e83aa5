"""Tests are written and compiled for the Java release of the classes they test, not for the JDK that
compiles them: tests of Java 8 classes are Java 8 class files, filled by `Arrays.asList` (Java 9 made
`List.of`), and run on any JVM the classes run on."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.emit.render import render_suite
from jtc.emit.validate import ValidationSettings, validate_suite
from jtc.java.javac import OLDEST_TESTS_RELEASE, compile_sources, release_for_tests
from jtc.java.toolchain import toolchain
from jtc.java.bundle import junit_console_jar
from jtc.model.classfile import major_version
from jtc.model.classindex import ClassIndex
from jtc.model.program import Construct, Invoke, NewCollection, VarRef
from jtc.model.testcases import Returns, TestCase, TestSuite
from jtc.model.program import Literal

from tests.emit.conftest import FIXTURES

STACK = "fx/IntStack"
STACK_REF = VarRef(0, f"L{STACK};")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """The emitter's fixture classes compiled for Java 8 and for Java 11."""
    found = {}
    for release in (8, 11):
        out = tmp_path_factory.mktemp(f"fx-{release}")
        assert compile_sources(sorted(FIXTURES.rglob("*.java")), [], out, release=release) == []
        found[release] = out
    return found


def test_the_release_is_the_newest_class_files_within_what_the_jdk_compiles(compiled: dict[int, Path]) -> None:
    with ClassIndex([compiled[8]]) as old, ClassIndex([compiled[11], compiled[8]]) as both:
        assert release_for_tests(old, [STACK]) == 8 == OLDEST_TESTS_RELEASE
        assert release_for_tests(both, [STACK, "fx/Calc"]) == 11
        assert release_for_tests(both, ["fx/Missing"]) == toolchain().release


def _listing_suite() -> TestSuite:
    """`new ArrayList<>(…(intStack)).get(0).size()`: a collection argument filled from a local."""
    listed = VarRef(1, "Ljava/util/List;")
    case = TestCase((Construct(STACK, "()V", ()),
                     NewCollection("java/util/ArrayList", "Ljava/util/List;", (f"L{STACK};",), (STACK_REF,)),
                     Invoke("java/util/List", "get", "(I)Ljava/lang/Object;", listed, (Literal("I", 0),), False,
                            f"L{STACK};"),
                     Invoke(STACK, "size", "()I", VarRef(2, f"L{STACK};"), ())), Returns(Literal("I", 0)))
    return TestSuite(STACK, (case,))


def test_a_collection_is_filled_by_list_of_from_java_9_on(compiled: dict[int, Path]) -> None:
    for release, filled in ((8, "Arrays.asList(intStack)"), (11, "List.of(intStack)")):
        with ClassIndex([compiled[release]]) as index:
            rendered = render_suite(_listing_suite(), index)
        assert rendered.release == release and f"new ArrayList<>({filled})" in rendered.source


@pytest.mark.slow
def test_tests_of_java_8_classes_are_java_8_class_files_that_pass(compiled: dict[int, Path], tmp_path: Path) -> None:
    with ClassIndex([compiled[8]]) as index:
        report = validate_suite(_listing_suite(), [compiled[8]], tmp_path / "out", ValidationSettings(test_timeout_s=5.0),
                                work_dir=tmp_path / "work", index=index)
    assert report.kept and not report.dropped and not report.masked
    assert report.classes_dir is not None
    written = report.classes_dir / "fx" / "IntStackTest.class"
    assert major_version(written.read_bytes()) == 52


def test_properties_are_made_as_a_person_writes_them_and_compile_for_java_8(compiled: dict[int, Path],
                                                                            tmp_path: Path) -> None:
    """`new Properties()` (no diamond: the class is not generic), filled by `setProperty`."""
    text = "Ljava/lang/String;"
    made = NewCollection("java/util/Properties", "Ljava/util/Properties;", (text, text),
                         (Literal(text, "port"), Literal(text, "8080")))
    read = Invoke("java/util/Properties", "getProperty", f"({text}){text}", VarRef(0, "Ljava/util/Properties;"),
                  (Literal(text, "port"),))
    suite = TestSuite(STACK, (TestCase((made, read), Returns(Literal(text, "8080"))),))
    with ClassIndex([compiled[8]]) as index:
        rendered = render_suite(suite, index)
    lines = [line.strip() for line in rendered.source.splitlines()]
    assert "Properties properties = new Properties();" in lines
    assert 'properties.setProperty("port", "8080");' in lines
    source = tmp_path / rendered.relative_path
    source.parent.mkdir(parents=True)
    source.write_text(rendered.source)
    assert compile_sources([source], [compiled[8], junit_console_jar()], tmp_path / "classes", release=8) == []
