"""Tests of one shape fold into a parameterized test that compiles and passes; a case whose check
fails on its own is written apart, never a red suite; --no-fold writes every test on its own."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from emit_running import compile_and_run
from jtc.emit.folding import ARG, EXPECTATION, MESSAGE, WRITTEN, Fold, Slot, folds
from jtc.emit.render import RenderedClass, render_suite
from jtc.emit.validate import ValidationSettings, validate_suite
from jtc.model.classindex import ClassIndex
from jtc.model.program import ArrayLiteral, Invoke, Literal, Null, Value
from jtc.model.types import STRING_DESC
from jtc.model.testcases import Completes, Console, Expectation, Returns, Throws, Written
from jtc.model.testcases import TestCase as Case
from jtc.model.testcases import TestSuite as Suite

CALC = "fx/Calc"


def calc(name: str, desc: str, *args: Value, expect: Expectation) -> Case:
    return Case((Invoke(CALC, name, desc, None, tuple(args)),), expect)


def I(value: int) -> Literal:  # noqa: E743 - reads like the Java type
    return Literal("I", value)


def S(text: str) -> Literal:
    return Literal(STRING_DESC, text)


GCDS = [calc("gcd", "(II)I", I(12), I(a), expect=Returns(I(g))) for a, g in ((18, 6), (8, 4), (5, 1))]
ECHOES = [calc("echo", "(Ljava/lang/String;)Ljava/lang/String;", value, expect=Returns(value))
          for value in (S("a, b"), Null(STRING_DESC), S(""))]
QUOTED = calc("echo", "(Ljava/lang/String;)Ljava/lang/String;", S("it's"), expect=Returns(S("it's")))
RANGES = [calc("range", "(I)[I", I(n), expect=Returns(ArrayLiteral("[I", tuple(range(n))))) for n in (0, 1, 3)]
DIVIDES = [calc("divide", "(II)I", I(n), I(0), expect=Throws("java.lang.ArithmeticException")) for n in (1, 2, 3)]


def test_tests_of_one_shape_fold_on_the_slots_that_differ() -> None:
    cases = [*GCDS, calc("isEven", "(I)Z", I(4), expect=Returns(Literal("Z", True))), *DIVIDES]
    assert folds(cases) == [Fold((0, 1, 2), (Slot(ARG, 0, 1), Slot(EXPECTATION))), Fold((4, 5, 6), (Slot(ARG, 0, 0),))]
    assert folds(cases[:2]) == []  # two tests read better apart
    # -0.0 and 0.0 are two values; a message is a slot like any literal.
    halves = [calc("half", "(F)F", Literal("F", value), expect=Returns(Literal("F", 0.0))) for value in (0.0, -0.0, 0.0)]
    assert folds(halves) == [Fold((0, 1, 2), (Slot(ARG, 0, 0),))]
    messages = [calc("parse", "(Ljava/lang/String;)I", S(text), expect=Throws("java.io.IOException", text))
                for text in ("a", "b", "c")]
    assert folds(messages)[0].varying == (Slot(ARG, 0, 0), Slot(MESSAGE))


def test_printed_text_is_a_slot_and_whether_it_is_asserted_part_of_the_shape(fx_index: ClassIndex) -> None:
    def shout(text: str, printed: str | None) -> Case:
        return Case((Invoke("fx/Printer", "shout", "(Ljava/lang/String;)I", None, (S(text),)),), Returns(I(len(text))),
                    written=(Written(Console.OUT, printed),))
    cases = [shout("a", "a\n"), shout("bb", "bb\n"), shout("c", "c\n"), shout("d", None)]
    assert folds(cases) == [Fold((0, 1, 2), (Slot(ARG, 0, 0), Slot(EXPECTATION), Slot(WRITTEN, 0)))]
    source = render_suite(Suite("fx/Printer", tuple(cases)), fx_index).source
    assert "void shoutReturnsExpected(String text, int expected, String expectedOutput) {" in source
    assert "        assertEquals(expectedOutput, output.toString());" in source.splitlines()
    assert folds([dataclasses.replace(case, expectation=Completes()) for case in cases[:3]]) == [
        Fold((0, 1, 2), (Slot(ARG, 0, 0), Slot(WRITTEN, 0)))]


def _method(rendered: RenderedClass, name: str) -> str:
    test = next(t for t in rendered.tests if t.name == name)
    return "\n".join(rendered.source.splitlines()[test.first_line - 1:test.last_line])


@pytest.fixture
def folded(fx_index: ClassIndex) -> RenderedClass:
    return render_suite(Suite(CALC, (*GCDS, *ECHOES, QUOTED, *RANGES, *DIVIDES)), fx_index)


def test_a_folded_test_reads_as_a_table(folded: RenderedClass) -> None:
    assert _method(folded, "gcdReturnsExpected") == """\
    @ParameterizedTest(name = "gcd(12, {0}) returns {1}")
    @CsvSource({
            "18, 6",
            "8, 4",
            "5, 1",
    })
    void gcdReturnsExpected(int b, int expected) {
        assertEquals(expected, Calc.gcd(12, b));
    }"""
    # A quote in a text needs a MethodSource (the other texts would have been quoted CSV fields).
    echo = _method(folded, "echoReturnsExpected")
    assert '            Arguments.of("it\'s", "it\'s"));' in echo and "            Arguments.of(null, null)," in echo
    assert "void echoReturnsExpected(String s, String expected) {" in echo
    ranges = _method(folded, "rangeReturnsExpected")
    assert "Arguments.of(3, new int[] {0, 1, 2})" in ranges and "assertArrayEquals(expected, Calc.range(n));" in ranges
    assert _method(folded, "divideThrowsArithmeticException").splitlines()[:2] == [
        '    @ParameterizedTest(name = "divide({0}, 0) throws ArithmeticException")', "    @CsvSource({"]
    assert [(t.name, t.cases, t.parameter_types) for t in folded.tests] == [
        ("gcdReturnsExpected", (0, 1, 2), "int, int"), ("divideThrowsArithmeticException", (10, 11, 12), "int"),
        ("echoReturnsExpected", (3, 4, 5, 6), "java.lang.String, java.lang.String"),
        ("rangeReturnsExpected", (7, 8, 9), "int, int[]")]
    assert folded.tests[0].case_name(1) == "gcdReturnsExpected[2]"


def _cases_passed(rendered: RenderedClass, fx_classes: Path, tmp_path: Path) -> int:
    """Compile and run the rendered class; how many cases ran, each of which passed."""
    run = compile_and_run([rendered], fx_classes, tmp_path)
    assert run.completed and all(result.passed for result in run.results.values())
    return len(run.results)


def test_folded_tests_compile_and_every_case_passes(folded: RenderedClass, fx_classes: Path, tmp_path: Path) -> None:
    assert _cases_passed(folded, fx_classes, tmp_path) == 13


def test_without_folding_every_test_stands_alone(fx_index: ClassIndex) -> None:
    rendered = render_suite(Suite(CALC, (*GCDS, *DIVIDES)), fx_index, fold=False)
    # Inputs join a name only where the outcome alone does not tell the tests apart.
    assert [t.name for t in rendered.tests] == ["gcdReturns6", "gcdReturns4", "gcdReturns1",
                                                "divideOf1ThrowsArithmeticException",
                                                "divideOf2ThrowsArithmeticException",
                                                "divideOf3ThrowsArithmeticException"]
    assert "Parameterized" not in rendered.source and "params" not in rendered.source


def test_two_tests_of_one_shape_fold_where_only_a_number_would_tell_them_apart(fx_index: ClassIndex) -> None:
    """Fewer than three tests of one shape stay apart, unless their names would be numbered: echoing
    two texts without words folds; gcd of 18 and of 8, named by their results, does not."""
    texts = [calc("echo", "(Ljava/lang/String;)Ljava/lang/String;", S(text), expect=Returns(S(text))) for text in ("!?", "#")]
    rendered = render_suite(Suite(CALC, (*texts, *GCDS[:2])), fx_index)
    assert [(t.name, t.cases) for t in rendered.tests] == [
        ("gcdReturns6", (2,)), ("gcdReturns4", (3,)), ("echoReturnsString", (0, 1))]


@pytest.mark.slow
def test_a_case_whose_check_fails_is_written_apart(fx_classes: Path, tmp_path: Path) -> None:
    wrong = calc("gcd", "(II)I", I(12), I(9), expect=Returns(I(4)))  # gcd(12, 9) is 3
    report = validate_suite(Suite(CALC, (*GCDS, wrong)), [fx_classes], tmp_path / "out",
                            ValidationSettings(test_timeout_s=5.0))
    assert [(d.name, d.reason) for d in report.masked] == [
        ("gcdReturnsExpected[4]", "fails: AssertionFailedError: expected: <4> but was: <3>")]
    assert report.dropped == [] and report.rounds == 2
    assert report.kept == ["gcdReturnsExpected[1]", "gcdReturnsExpected[2]", "gcdReturnsExpected[3]", "gcdCompletes"]
    assert report.written is not None
    source = report.written.read_text()
    assert '"18, 6",' in source and '"9, ' not in source and "assertDoesNotThrow(() -> Calc.gcd(12, 9));" in source


def test_a_null_alone_in_its_row_comes_from_a_method_source(fx_index: ClassIndex, fx_classes: Path,
                                                            tmp_path: Path) -> None:
    describes = [calc("describe", "(Ljava/lang/String;)Ljava/lang/String;", value, expect=Returns(S("string")))
                 for value in (S("a"), Null(STRING_DESC), S("b"))]
    rendered = render_suite(Suite(CALC, tuple(describes)), fx_index)
    method = _method(rendered, "describeReturnsString")
    assert '@MethodSource("describeReturnsStringCases")' in method and "Arguments.of((Object) null)," in method
    assert _cases_passed(rendered, fx_classes, tmp_path) == 3


@pytest.mark.slow
def test_a_parameterized_test_that_fails_as_a_whole_is_written_apart(fx_classes: Path, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import jtc.emit.methods as methods

    rounds = []
    real = methods.source_value

    def failing_once(value, alone):  # the first rendering's @MethodSource throws before any case runs
        rounds.append(value)
        return "1 / 0" if len(rounds) == 1 else real(value, alone)

    monkeypatch.setattr(methods, "source_value", failing_once)
    report = validate_suite(Suite(CALC, (*ECHOES, QUOTED)), [fx_classes], tmp_path / "out",
                            ValidationSettings(test_timeout_s=5.0))
    assert report.rounds == 2 and report.dropped == [] and report.masked == []
    assert report.kept == ["echoReturnsAB", "echoReturnsNull", "echoReturnsEmptyString", "echoReturnsItS"]


def test_a_parameter_name_met_again_is_told_by_its_call(fx_index: ClassIndex) -> None:
    twice = [Case((Invoke(CALC, "gcd", "(II)I", None, (I(12), I(a))), Invoke(CALC, "gcd", "(II)I", None, (I(12), I(b)))),
                  Returns(I(g))) for a, b, g in ((1, 18, 6), (2, 8, 4), (3, 5, 1))]
    rendered = render_suite(Suite(CALC, tuple(twice)), fx_index)
    assert "    void gcdReturnsExpected(int b, int gcdB, int expected) {" in rendered.source
    assert '@ParameterizedTest(name = "gcd(12, {1}) returns {2} after gcd(12, {0})")' in rendered.source


def test_tests_of_one_shape_that_differ_in_too_many_slots_fold_in_groups_that_agree_on_one() -> None:
    """`Calc.scale(base, a, b, c, d)` returning its base, for bases 2 and 3: six slots differ in
    all, so no one table; the tests of each base differ in four, so two tables."""
    def scaled(base: int, a: int) -> Case:
        return calc("scale", "(IIIII)I", I(base), I(a), I(a + 1), I(a + 2), I(a + 3), expect=Returns(I(base)))

    cases = [scaled(base, a) for base in (2, 3) for a in (1, 2, 3)]
    assert folds(cases) == [Fold((0, 1, 2), (Slot(ARG, 0, 1), Slot(ARG, 0, 2), Slot(ARG, 0, 3), Slot(ARG, 0, 4))),
                            Fold((3, 4, 5), (Slot(ARG, 0, 1), Slot(ARG, 0, 2), Slot(ARG, 0, 3), Slot(ARG, 0, 4)))]
