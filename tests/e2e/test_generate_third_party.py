"""What code written elsewhere needs: inputs that equal keys the code stored in a JDK map, objects
made only by factories that declare a supertype, and a real dependency jar on the classpath that
costs the class nothing it does not use."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from jtc.config import AccessOptions, Settings
from jtc.model.classindex import ClassIndex
from jtc.model.classpath import dependency_jars
from jtc.pipeline.context import RunContext
from jtc.pipeline.generate import generate, generate_class
from jtc.pipeline.report import ClassReport

from junit_run import assert_written_tests_pass, generate_unfolded

pytestmark = pytest.mark.slow
GUAVA = Path("/usr/share/java/guava.jar")


@pytest.fixture(scope="module")
def parser(lookups_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> ClassReport:
    return generate_unfolded(lookups_classes, tmp_path_factory.mktemp("generated"), "lk.Parser", 300)


def test_an_argument_that_names_a_registered_option_is_found(parser: ClassReport) -> None:
    """`options.get(name)` looks the name up in a HashMap the options put it in: the search asks for
    an argument `-x` where `x` is the name registered, then for a value after it, and so on."""
    assert parser.branch == (10, 10) and parser.line == (17, 17)
    assert parser.search.divergences == {}
    source = Path(parser.test_file).read_text()  # type: ignore[arg-type]
    assert 'assertEquals("no value for ' in source


def test_words_the_code_compares_with_become_inputs(lookups_classes: Path, tmp_path: Path) -> None:
    """`Map.of("verbose", 2, "quiet", 0).get(mode)` decides inside the JDK on keys library code put
    there: the Strings the runs saw the code use are tried as the input (dynamic seeding).
    `equalsIgnoreCase("debug")` is a condition the solver meets with a casing of its own ("Debug").
    Every branch is reached."""
    report = generate_unfolded(lookups_classes, tmp_path, "lk.Modes", 100)
    assert report.branch == (4, 4)
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert re.search(r'Modes\.level\("(?i:debug)"\)', source), source
    assert 'Modes.level("verbose")' in source or 'Modes.level("quiet")' in source


def test_an_immutable_argument_is_configured_by_the_transformation_that_changes_its_consumer(
        lookups_classes: Path, tmp_path: Path) -> None:
    """An `Entry` reads values by the column names of its sheet, and `Sheet.parse(line, layout)`
    names columns only for a layout made `withHeader(…)`: of the layout's `with…` methods, that is
    the one whose run covers more of parse, and the sheets made with it are offered first."""
    report = generate_unfolded(lookups_classes, tmp_path, "lk.Entry", 150)
    assert report.branch == (8, 8)
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert ".withHeader(new String[] {" in source
    assert_written_tests_pass([report], lookups_classes, tmp_path)


def test_the_parser_tests_compile_and_pass(parser: ClassReport, lookups_classes: Path, tmp_path: Path) -> None:
    assert_written_tests_pass([parser], lookups_classes, tmp_path)


@pytest.mark.parametrize("name, branches, made", [
    ("bh.SinglePlayerGame", (4, 4), "(SinglePlayerGame) SinglePlayerGame.start()"),  # its own factory, typed Game
    ("bh.RingCursor", (6, 6), "(RingCursor) ring.cursor("),  # through the project's Cursor interface
])
def test_a_class_made_only_by_a_factory_that_declares_a_supertype_is_tested(
        behind_classes: Path, tmp_path: Path, name: str, branches: tuple[int, int], made: str) -> None:
    """The runtime class of what a factory returns counts: the factory allocates the class, its
    result is cast in the test. Public members only, so that no constructor is a way in."""
    settings = Settings(classpath=(str(behind_classes),), output_dir=tmp_path, max_executions=200, time_budget=60.0,
                        seed=0, fold=False, select_assertions=False, access=AccessOptions(include_non_public=False))
    [(_, report)] = list(generate(settings, [name]))
    assert isinstance(report, ClassReport), report
    assert report.branch == branches and report.dropped == []
    assert made in Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert_written_tests_pass([report], behind_classes, tmp_path / "run")


def test_a_package_private_class_is_tested_by_default(behind_classes: Path, tmp_path: Path) -> None:
    """Tests live in their class's package: a package-private class and its package-private members
    are tested without asking; `--public-only` leaves it out with its reason."""
    settings = Settings(classpath=(str(behind_classes),), output_dir=tmp_path, max_executions=100, time_budget=60.0,
                        seed=0, select_assertions=False)
    [(_, report)] = list(generate(settings, ["bh.Tally"]))
    assert isinstance(report, ClassReport), report
    assert report.branch == (4, 4) and report.dropped == []
    assert_written_tests_pass([report], behind_classes, tmp_path / "run")
    public_only = dataclasses.replace(settings, access=AccessOptions(include_non_public=False))
    [(_, refused)] = list(generate(public_only, ["bh.Tally"]))
    assert "the class is not public" in str(refused)


@pytest.mark.skipif(not GUAVA.is_file(), reason="Debian's libguava-java is not installed")
def test_a_dependency_jar_is_library_code(lookups_classes: Path, tmp_path: Path) -> None:
    """Guava beside the project: it is no class of the project (not listed, not analysed, not
    instrumented: the JVM reports no class table of it), and the class's tests are the same as
    without it."""
    with ClassIndex([lookups_classes, GUAVA]) as index:
        dependencies = dependency_jars(index, ["lk.Parser"])
    assert dependencies == (str(GUAVA),)
    settings = Settings(classpath=(str(lookups_classes), str(GUAVA)), dependencies=dependencies,
                        output_dir=tmp_path / "with", max_executions=300, time_budget=60.0, seed=0, fold=False,
                        measure_coverage=False, select_assertions=False)
    with RunContext.open(settings) as context:
        report = generate_class(context, "lk.Parser")
        assert not any(name.startswith("com/") for name in context.index.project_classes())
        assert context.repository.names() and not any(name.startswith("com/google/") for name in context.repository.names())
    alone = dataclasses.replace(settings, classpath=(str(lookups_classes),), dependencies=(), output_dir=tmp_path / "alone")
    [(_, without)] = list(generate(alone, ["lk.Parser"]))
    assert isinstance(without, ClassReport)
    assert Path(report.test_file).read_text() == Path(without.test_file).read_text()  # type: ignore[arg-type]
    assert report.seconds["setup"] < 5.0  # a generous bound; benchmark B8 measures it


def test_a_way_in_is_configured_for_what_each_member_reads(lookups_classes: Path, tmp_path: Path) -> None:
    """A `Report` keeps the layout it was made with: `cell(text)` trims only for a layout made
    `withTrim()`, `header()` writes only for one made `withHeader(…)`. Screened before the search,
    each member's sequences take the layout configured for it as plainly as the plain one, so twelve
    executions reach both (without the screening, 2 of the 8 branches; the eighth needs two names)."""
    report = generate_unfolded(lookups_classes, tmp_path, "lk.Report", 12)
    assert report.branch[0] >= 7
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert ".withTrim()" in source and ".withHeader(new String[] {" in source
    assert_written_tests_pass([report], lookups_classes, tmp_path)


def test_a_class_is_tested_with_the_presets_its_authors_set_up(lookups_classes: Path, tmp_path: Path) -> None:
    """`Style.render` boxes a text only for a style with a border and padding, which no single
    `with…` of `Style.PLAIN` gives and `Style.BOXED`, the sixth of its presets, has; `aligned` aligns
    right or centred only for a style made `withAlign(RIGHT)` or `withAlign(CENTRE)`. Screened
    before the search (each preset, and the transformation with each constant of the enum it
    takes), twelve executions reach every branch (without the screening, 4 of the 7)."""
    style = generate_unfolded(lookups_classes, tmp_path, "lk.Style", 12)
    source = Path(style.test_file).read_text()  # type: ignore[arg-type]
    assert "Style.BOXED" in source and "withAlign(Style.Align.RIGHT)" in source and "Style.Align.CENTRE" in source
    assert style.branch == (7, 7)
    assert_written_tests_pass([style], lookups_classes, tmp_path)
