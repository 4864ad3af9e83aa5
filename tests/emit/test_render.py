"""Rendering suites into JUnit 5 classes that parse, compile and pass against the fixture classes: names,
statements, spans. What a test states is in test_assertion_rendering.py, console capture and statics in
test_isolation.py, seeded loops in test_loop_rendering.py, stubs in test_stubs.py."""

from __future__ import annotations

from pathlib import Path

import javalang
import pytest

from emit_running import compile_and_run, method_source
from jtc.model.classindex import ClassIndex
from jtc.emit.render import RenderedClass, render_suite
from jtc.model.program import (ArrayLiteral, Construct, FieldLoad, Invoke, Literal, NewArray, NewCollection, Null,
                               Value, VarRef)
from jtc.model.types import STRING_DESC
from jtc.model.testcases import Completes, Expectation, Returns, ReturnsObject, Throws
from jtc.model.testcases import TestCase as Case
from jtc.model.testcases import TestSuite as Suite
from jtc.java.toolchain import toolchain

CALC, STACK = "fx/Calc", "fx/IntStack"
OBJECT = "Ljava/lang/Object;"


def calc(name: str, desc: str, *args: Value, expect: Expectation, checked: bool = False) -> Case:
    return Case((Invoke(CALC, name, desc, None, tuple(args)),), expect, throws_checked=checked)


def on_new_stack(*calls: tuple[str, str, tuple[Value, ...]], expect: Expectation) -> Case:
    ref = VarRef(0, f"L{STACK};")
    return Case((Construct(STACK, "()V", ()), *(Invoke(STACK, n, d, ref, a) for n, d, a in calls)), expect)


def I(value: int) -> Literal:  # noqa: E743 - reads like the Java type
    return Literal("I", value)


CALC_SUITE = Suite(CALC, (
    calc("gcd", "(II)I", I(12), I(18), expect=Returns(I(6))),
    calc("gcd", "(II)I", I(-1), I(0), expect=Returns(I(-1))),
    calc("divide", "(II)I", I(1), I(0), expect=Throws("java.lang.ArithmeticException")),
    calc("isEven", "(I)Z", I(4), expect=Returns(Literal("Z", True))),
    calc("negate", "(J)J", Literal("J", -(2**63)), expect=Returns(Literal("J", -(2**63)))),
    calc("half", "(F)F", Literal("F", -0.0), expect=Returns(Literal("F", -0.0))),
    calc("inverse", "(D)D", Literal("D", 0.0), expect=Returns(Literal("D", float("inf")))),
    calc("inverse", "(D)D", Literal("D", float("nan")), expect=Returns(Literal("D", float("nan")))),
    calc("low", "(I)B", I(-1), expect=Returns(Literal("B", -1))),
    calc("narrow", "(I)S", I(40000), expect=Returns(Literal("S", -25536))),
    calc("first", "(Ljava/lang/String;)C", Literal(STRING_DESC, "\n"), expect=Returns(Literal("C", 10))),
    calc("echo", "(Ljava/lang/String;)Ljava/lang/String;", Literal(STRING_DESC, 'tab\t"q" \ud800\U0001F600'),
         expect=Returns(Literal(STRING_DESC, 'tab\t"q" \ud800\U0001F600'))),
    calc("echo", "(Ljava/lang/String;)Ljava/lang/String;", Null(STRING_DESC), expect=Returns(Null(STRING_DESC))),
    calc("describe", "(Ljava/lang/String;)Ljava/lang/String;", Null(STRING_DESC), expect=Returns(Literal(STRING_DESC, "string"))),
    calc("describe", "(Ljava/lang/Object;)Ljava/lang/String;", Null(OBJECT), expect=Returns(Literal(STRING_DESC, "object"))),
    calc("describe", "(Ljava/lang/Object;)Ljava/lang/String;", I(-1), expect=Returns(Literal(STRING_DESC, "object"))),
    calc("range", "(I)[I", I(3), expect=Returns(ArrayLiteral("[I", (0, 1, 2)))),
    calc("split", "(Ljava/lang/String;)[Ljava/lang/String;", Literal(STRING_DESC, "a,b"),
         expect=Returns(ArrayLiteral("[Ljava/lang/String;", ("a", "b")))),
    calc("pair", "()[Ljava/lang/Object;", expect=Returns(ArrayLiteral("[Ljava/lang/String;", ("a", "b")))),
    calc("holder", "()Ljava/lang/Object;", expect=Returns(ArrayLiteral("[I", (1,)))),
    calc("count", "(Ljava/util/Collection;)I", Null("Ljava/util/Collection;"), expect=Returns(I(-1))),
    calc("box", "(I)Lfx/util/Box;", I(5), expect=ReturnsObject("fx.util.Box")),
    calc("list", "()Ljava/util/List;", expect=ReturnsObject("java.util.ArrayList")),
    calc("secret", "()Ljava/lang/Object;", expect=ReturnsObject("fx.Calc$Secret")),
    calc("anonymous", "()Ljava/lang/Object;", expect=ReturnsObject("fx.Calc$1")),
    calc("parse", "(Ljava/lang/String;)I", Literal(STRING_DESC, ""), expect=Throws("java.io.IOException", "empty input"),
         checked=True),
    calc("parse", "(Ljava/lang/String;)I", Literal(STRING_DESC, "abc"), expect=Returns(I(3)), checked=True),
    calc("boxed", "(I)Ljava/lang/Integer;", I(5), expect=Returns(I(5))),
    calc("object", "(I)Ljava/lang/Object;", I(5), expect=Returns(I(5))),
    Case((Invoke(CALC, "checked", "(I)I", None, (I(-1),), reflective=True),),
         Throws("java.lang.IllegalArgumentException", "negative")),
))

STACK_REF = VarRef(0, f"L{STACK};")
STACK_SUITE = Suite(STACK, (
    on_new_stack(("push", "(I)V", (I(3),)), ("pop", "()I", ()), expect=Returns(I(3))),
    on_new_stack(("pop", "()I", ()), expect=Throws("java.lang.IllegalStateException", "empty")),
    on_new_stack(("isEmpty", "()Z", ()), expect=Returns(Literal("Z", True))),
    on_new_stack(("clear", "()V", ()), expect=Completes()),
    Case((Construct(STACK, "(I)V", (I(-1),)),), Throws("java.lang.IllegalArgumentException", "negative capacity")),
    Case((Construct(STACK, "()V", ()), Construct(STACK, "()V", ()), Construct(STACK, "()V", ()),
          Invoke(STACK, "push", "(I)V", STACK_REF, (I(1),)),
          Invoke(STACK, "push", "(I)V", VarRef(1, f"L{STACK};"), (I(2),)),
          Invoke(STACK, "size", "()I", VarRef(1, f"L{STACK};"), ())), Returns(I(1))),
    Case((Construct(STACK, "()V", ()), Invoke(STACK, "push", "(I)V", STACK_REF, (I(7),)),
          Construct(f"{STACK}$View", f"(L{STACK};)V", (STACK_REF,)),
          Invoke(f"{STACK}$View", "top", "()I", VarRef(2, f"L{STACK}$View;"), ())), Returns(I(7))),
    Case((Construct(f"{STACK}$Node", "()V", ()),), ReturnsObject("fx.IntStack$Node")),
    on_new_stack(("isEmpty", "()Z", ()), expect=Returns(Literal("Z", True))),
    Case((Construct(STACK, "()V", ()), Invoke(STACK, "pop", "()I", STACK_REF, ()),
          Invoke(STACK, "push", "(I)V", STACK_REF, (I(4),)), Invoke(STACK, "pop", "()I", STACK_REF, ())),
         Returns(I(4)), raised=((1, Throws("java.lang.IllegalStateException", "empty")),)),
))


@pytest.fixture
def rendered(fx_index: ClassIndex) -> tuple[RenderedClass, RenderedClass]:
    return render_suite(CALC_SUITE, fx_index), render_suite(STACK_SUITE, fx_index)


def test_test_names_say_what_happened(rendered: tuple[RenderedClass, RenderedClass]) -> None:
    calc_class, stack_class = rendered
    assert [t.name for t in calc_class.tests] == [
        "gcdReturns6", "gcdReturnsMinus1", "divideThrowsArithmeticException", "isEvenReturnsTrue",
        "negateReturnsMinValue", "halfReturnsMinusZero", "inverseReturnsPositiveInfinity", "inverseReturnsNaN",
        "lowReturnsMinus1", "narrowReturnsMinus25536", "firstReturnsChar", "echoReturnsString", "echoReturnsNull",
        "rangeReturnsArray", "splitReturnsArray", "pairReturnsArray", "holderReturnsArray",  # as Calc declares them
        "describeReturnsString", "describeOfNullReturnsObject", "describeOfMinus1ReturnsObject", "countReturnsMinus1",
        "boxReturnsBox",
        "listReturnsList", "secretReturnsSecret", "anonymousReturnsObject", "parseThrowsIOException",
        "parseReturns3", "boxedReturns5", "objectReturns5", "checkedThrowsIllegalArgumentException",
    ]
    # Grouped by member, in the order IntStack declares them; members of nested classes after.
    assert [t.name for t in stack_class.tests] == [
        "constructorThrowsIllegalArgumentException", "popReturns3", "popThrowsIllegalStateException", "popReturns4",
        "isEmptyReturnsTrue", "isEmptyReturnsTrue2", "sizeReturns1", "clearCompletes", "topReturns7",
        "newNodeCompletes",
    ]
    assert [t.cases for t in stack_class.tests] == [(4,), (0,), (1,), (9,), (2,), (8,), (5,), (3,), (6,), (7,)]
    assert (calc_class.binary_name, str(calc_class.relative_path)) == ("fx.CalcTest", "fx/CalcTest.java")


def test_statements_and_assertions_read_like_hand_written_code(rendered: tuple[RenderedClass, RenderedClass]) -> None:
    calc_class, stack_class = rendered
    assert method_source(stack_class, "popReturns3") == """\
    @Test
    void popReturns3() {
        IntStack intStack = new IntStack();
        intStack.push(3);
        assertEquals(3, intStack.pop());
    }"""
    assert method_source(stack_class, "popThrowsIllegalStateException").splitlines()[3:5] == [
        "        IllegalStateException exception = assertThrows(IllegalStateException.class, () -> intStack.pop());",
        '        assertEquals("empty", exception.getMessage());']
    assert method_source(stack_class, "sizeReturns1").splitlines()[2:] == [
        "        IntStack intStack = new IntStack();",
        "        IntStack intStack2 = new IntStack();",
        "        new IntStack();",  # a result nothing uses gets no name
        "        intStack.push(1);",
        "        intStack2.push(2);",
        "        assertEquals(1, intStack2.size());",
        "    }"]
    assert "IntStack.View view = intStack.new View();" in method_source(stack_class, "topReturns7")
    assert "assertDoesNotThrow(() -> new IntStack.Node());" in method_source(stack_class, "newNodeCompletes")
    assert "assertDoesNotThrow(() -> intStack.clear());" in method_source(stack_class, "clearCompletes")
    assert method_source(stack_class, "popReturns4").splitlines()[2:] == [  # an earlier throw is asserted, then on
        "        IntStack intStack = new IntStack();",
        "        IllegalStateException exception2 = assertThrows(IllegalStateException.class, () -> intStack.pop());",
        '        assertEquals("empty", exception2.getMessage());',
        "        intStack.push(4);",
        "        assertEquals(4, intStack.pop());",
        "    }"]
    # The body of assertThrows' lambda must be a statement expression: no cast around a reflective call.
    assert ("assertThrows(IllegalArgumentException.class, () -> invokeDeclared(Class.forName(\"fx.Calc\"), null, "
            "\"checked\", new Class<?>[] {int.class}, -1));") in method_source(calc_class, "checkedThrowsIllegalArgumentException")

    expected_lines = {  # the call under test asserted as it is made
        "divideThrowsArithmeticException": "assertThrows(ArithmeticException.class, () -> Calc.divide(1, 0));",
        "negateReturnsMinValue": "assertEquals(Long.MIN_VALUE, Calc.negate(Long.MIN_VALUE));",
        "halfReturnsMinusZero": "assertEquals(-0.0f, Calc.half(-0.0f));",
        "inverseReturnsNaN": "assertEquals(Double.NaN, Calc.inverse(Double.NaN));",
        "lowReturnsMinus1": "assertEquals((byte) -1, Calc.low(-1));",
        "firstReturnsChar": "assertEquals('\\n', Calc.first(\"\\n\"));",
        "echoReturnsString": 'assertEquals("tab\\t\\"q\\" \\ud800\\ud83d\\ude00", Calc.echo("tab\\t\\"q\\" \\ud800\\ud83d\\ude00"));',
        "echoReturnsNull": "assertNull(Calc.echo(null));",
        "describeReturnsString": "assertEquals(\"string\", Calc.describe((String) null));",
        "describeOfNullReturnsObject": "assertEquals(\"object\", Calc.describe((Object) null));",
        # A negative literal cast to a box: `(Object) -1` would be a subtraction.
        "describeOfMinus1ReturnsObject": "assertEquals(\"object\", Calc.describe((Object) (-1)));",
        "rangeReturnsArray": "assertArrayEquals(new int[] {0, 1, 2}, Calc.range(3));",
        "pairReturnsArray": 'assertArrayEquals(new String[] {"a", "b"}, Calc.pair());',
        "holderReturnsArray": "assertArrayEquals(new int[] {1}, (int[]) Calc.holder());",
        "boxReturnsBox": "assertNotNull(Calc.box(5));",
        "listReturnsList": "assertInstanceOf(ArrayList.class, Calc.list());",
        "secretReturnsSecret": 'assertEquals("fx.Calc$Secret", Calc.secret().getClass().getName());',
        "anonymousReturnsObject": 'assertEquals("fx.Calc$1", Calc.anonymous().getClass().getName());',
        "isEvenReturnsTrue": "assertTrue(Calc.isEven(4));",
        "boxedReturns5": "assertEquals(5, Calc.boxed(5));",
    }
    for name, line in expected_lines.items():
        assert f"        {line}" in method_source(calc_class, name).splitlines(), name
    imports = [line for line in calc_class.source.splitlines() if line.startswith("import ")]
    # No Collection: Calc.count(null) never spells it; no Box or List: no local is declared of them.
    assert imports == ["import static org.junit.jupiter.api.Assertions.*;", "import java.io.IOException;",
                       "import java.util.ArrayList;", "import org.junit.jupiter.api.Test;"]
    throwing = [line for line in calc_class.source.splitlines() if line.startswith("    void ") and "throws Exception" in line]
    assert throwing == ["    void parseThrowsIOException() throws Exception {",
                        "    void parseReturns3() throws Exception {",
                        "    void checkedThrowsIllegalArgumentException() throws Exception {"]


def test_spans_cover_exactly_each_testmethod_source(rendered: tuple[RenderedClass, RenderedClass]) -> None:
    for rendered_class in rendered:
        lines = rendered_class.source.splitlines()
        for test in rendered_class.tests:
            assert lines[test.first_line - 1] == "    @Test"
            assert lines[test.first_line].startswith(f"    void {test.name}(")
            assert lines[test.last_line - 1] == "    }"
            assert rendered_class.cases_at_line(test.first_line + 1) == set(test.cases)
        assert rendered_class.cases_at_line(1) is None
    calc_class = rendered[0]
    list_import = calc_class.source.splitlines().index("import java.util.ArrayList;") + 1
    assert calc_class.cases_at_line(list_import) == set(next(t.cases for t in calc_class.tests
                                                             if t.name == "listReturnsList"))


def test_output_is_byte_identical_for_identical_input(fx_classes: Path) -> None:
    with ClassIndex([fx_classes], toolchain().java_home) as first, \
            ClassIndex([fx_classes], toolchain().java_home) as second:
        assert render_suite(CALC_SUITE, first).source == render_suite(CALC_SUITE, second).source
        assert render_suite(STACK_SUITE, first).source == render_suite(STACK_SUITE, first).source
    assert render_suite(CALC_SUITE, first).source.startswith("// Generated by jtc from fx.Calc.\npackage fx;\n")


def test_rendered_classes_parse_compile_and_pass(rendered: tuple[RenderedClass, RenderedClass], fx_classes: Path,
                                                 tmp_path: Path) -> None:
    for rendered_class in rendered:
        javalang.parse.parse(rendered_class.source)
    run = compile_and_run(list(rendered), fx_classes, tmp_path)
    assert run.completed
    expected = {t.name for r in rendered for t in r.tests}
    assert {name.partition('#')[2]: result.passed for name, result in run.results.items()} == {name: True for name in expected}


INTEGER_VALUE_OF = Invoke("java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;", None, (I(5),))
DESCRIBE_INTEGER = "(Ljava/lang/Integer;)Ljava/lang/String;"


def test_values_made_only_to_be_passed_are_written_where_they_are_used(fx_index: ClassIndex) -> None:
    once = Case((INTEGER_VALUE_OF, Invoke(CALC, "describe", DESCRIBE_INTEGER, None, (VarRef(0, "Ljava/lang/Integer;"),))),
                Returns(Literal(STRING_DESC, "integer")))
    # Used twice, the box keeps its local, named after the parameter it is passed for (Calc.describe(Integer i)).
    twice = Case((INTEGER_VALUE_OF, Invoke(CALC, "describe", DESCRIBE_INTEGER, None, (VarRef(0, "Ljava/lang/Integer;"),)),
                  Invoke(CALC, "describe", DESCRIBE_INTEGER, None, (VarRef(0, "Ljava/lang/Integer;"),))),
                 Returns(Literal(STRING_DESC, "integer")))
    # A call whose value is asserted and used nowhere else is asserted as it is made.
    pushed = Case((Construct(STACK, "()V", ()), Invoke(STACK, "isEmpty", "()Z", STACK_REF, ()),
                   Invoke(STACK, "push", "(I)V", STACK_REF, (I(3),)), Invoke(STACK, "size", "()I", STACK_REF, ())),
                  Returns(I(1)), values=((1, Returns(Literal("Z", True))),))
    # A list (or array) used once is written where it is passed, with the locals it holds.
    listed = Case((Construct(STACK, "()V", ()),
                   NewCollection("java/util/ArrayList", "Ljava/util/Collection;", (OBJECT,), (STACK_REF,)),
                   Invoke(CALC, "count", "(Ljava/util/Collection;)I", None, (VarRef(1, "Ljava/util/Collection;"),))),
                  Returns(I(1)))
    calc_class = render_suite(Suite(CALC, (once, twice, listed)), fx_index)
    assert method_source(calc_class, "countReturns1").splitlines()[2:4] == [
        "        IntStack intStack = new IntStack();", "        assertEquals(1, Calc.count(new ArrayList<>(List.of(intStack))));"]
    stack_class = render_suite(Suite(STACK, (pushed,)), fx_index)
    lines = calc_class.source.splitlines()
    assert '        assertEquals("integer", Calc.describe(Integer.valueOf(5)));' in lines
    assert lines[lines.index("        Integer i = Integer.valueOf(5);") + 1] == "        Calc.describe(i);"
    assert method_source(stack_class, "sizeReturns1").splitlines()[2:6] == [
        "        IntStack intStack = new IntStack();", "        assertTrue(intStack.isEmpty());",
        "        intStack.push(3);", "        assertEquals(1, intStack.size());"]
    assert stack_class.check_at_line(stack_class.tests[0].first_line + 3) == (frozenset({0}), ("value", 1))


def test_a_likely_bug_is_reproduced_disabled_compiles_and_is_skipped(fx_index: ClassIndex, fx_classes: Path,
                                                                    tmp_path: Path) -> None:
    """The crash's call is left to throw (a failure once the test is enabled), under @Disabled."""
    crash = Case((Invoke(CALC, "divide", "(II)I", None, (I(1), I(0))),), Throws("java.lang.ArithmeticException"),
                 likely_bug="likely bug: ArithmeticException at fx.Calc.divide(II)I:9")
    rendered = render_suite(Suite(CALC, (calc("gcd", "(II)I", I(12), I(18), expect=Returns(I(6))), crash)), fx_index)
    assert "import org.junit.jupiter.api.Disabled;" in rendered.source
    assert ("    @Test\n    @Disabled(\"likely bug: ArithmeticException at fx.Calc.divide(II)I:9\")\n"
            "    void divideThrowsArithmeticException() {\n        Calc.divide(1, 0);\n    }\n") in rendered.source
    disabled = rendered.tests[1]
    # A test's span starts at its first annotation.
    assert rendered.source.splitlines()[disabled.first_line - 1:disabled.first_line + 1][0] == "    @Test"
    assert rendered.source.splitlines()[disabled.first_line].startswith("    @Disabled(")
    run = compile_and_run([rendered], fx_classes, tmp_path)
    results = {name.partition('#')[2]: result for name, result in run.results.items()}
    assert results["gcdReturns6"].passed and results["divideThrowsArithmeticException"].skipped


def test_a_local_keeps_the_type_arguments_its_method_declares_unless_a_call_takes_it_raw(fx_index: ClassIndex,
                                                                                        fx_classes: Path,
                                                                                        tmp_path: Path) -> None:
    """`List<Integer> list = Calc.list()`, as a person writes it; passed to `count(Collection<?>)`,
    whose declared type differs, the local stays raw so the call compiles as it did."""
    listed = VarRef(0, "Ljava/util/List;")
    size = Case((Invoke(CALC, "list", "()Ljava/util/List;", None, ()),
                 Invoke("java/util/List", "size", "()I", listed, ())), Returns(I(0)))
    counted = Case((Invoke(CALC, "list", "()Ljava/util/List;", None, ()),
                    Invoke("java/util/List", "size", "()I", listed, ()),
                    Invoke(CALC, "count", "(Ljava/util/Collection;)I", None, (listed,))), Returns(I(0)))
    rendered = render_suite(Suite(CALC, (size, counted)), fx_index)
    lines = [line.strip() for line in rendered.source.splitlines()]
    assert "List<Integer> list = Calc.list();" in lines
    assert "List items = Calc.list();" in lines  # named after count(Collection<?> items)
    run = compile_and_run([rendered], fx_classes, tmp_path)
    assert run.completed and [result.passed for result in run.results.values()] == [True, True]


def test_an_element_taken_out_of_a_list_and_called_on_is_cast_in_parentheses(fx_index: ClassIndex, fx_classes: Path,
                                                                             tmp_path: Path) -> None:
    """`list.get(0)` used once is written where it is used; as a receiver its cast back to the
    element type needs parentheses of its own, or the cast would apply to the call's result."""
    listed = VarRef(1, "Ljava/util/List;")
    case = Case((Construct(STACK, "()V", ()),
                 NewCollection("java/util/ArrayList", "Ljava/util/List;", (f"L{STACK};",), (STACK_REF,)),
                 Invoke("java/util/List", "get", "(I)Ljava/lang/Object;", listed, (I(0),), False, f"L{STACK};"),
                 Invoke(STACK, "size", "()I", VarRef(2, f"L{STACK};"), ())), Returns(I(0)))
    rendered = render_suite(Suite(STACK, (case,)), fx_index)
    assert "assertEquals(0, ((IntStack) new ArrayList<>(List.of(intStack)).get(0)).size());" in [
        line.strip() for line in rendered.source.splitlines()]
    run = compile_and_run([rendered], fx_classes, tmp_path)
    assert run.completed and [result.passed for result in run.results.values()] == [True]


def test_an_array_or_a_field_nothing_uses_is_not_written(fx_index: ClassIndex, fx_classes: Path, tmp_path: Path) -> None:
    """`new String[] {"a"};` or `stack.field;` is no statement in Java: a value made from literals or
    read from a field that nothing in the test uses (a cut left it behind) is left out, and the test
    compiles and passes."""
    array = NewArray("[Ljava/lang/String;", (Literal(STRING_DESC, "a"),))
    size = FieldLoad(STACK, "size", "I", VarRef(0, f"L{STACK};"))
    case = Case((Construct(STACK, "()V", ()), array, size, Invoke(STACK, "isEmpty", "()Z", VarRef(0, f"L{STACK};"), ())),
                Returns(Literal("Z", True)))
    rendered = render_suite(Suite(STACK, (case,)), fx_index)
    assert 'new String[] {"a"}' not in rendered.source and ".size;" not in rendered.source
    run = compile_and_run([rendered], fx_classes, tmp_path)
    assert run.completed and [result.passed for result in run.results.values()] == [True]
