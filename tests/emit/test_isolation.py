"""A rendered test leaves the JVM as it found it: the console captured around the statements that
print, static fields put back (emit/isolation.py)."""

from __future__ import annotations

from pathlib import Path

from emit_running import compile_and_run, method_source
from jtc.emit.literals import string_hash
from jtc.emit.render import RenderedClass, render_suite
from jtc.model.classindex import ClassIndex
from jtc.model.program import Construct, FieldStore, Invoke, Literal, Null, VarRef
from jtc.model.testcases import Completes, Console, Returns, Throws, Written
from jtc.model.testcases import TestCase as Case
from jtc.model.testcases import TestSuite as Suite
from jtc.model.types import STRING_DESC

PRINTER, STACK, TARIFF = "fx/Printer", "fx/IntStack", "fx/Tariff"


def I(value: int) -> Literal:  # noqa: E743 - reads like the Java type
    return Literal("I", value)


def test_printed_text_is_asserted_and_the_console_captured_around_the_statements_that_print(
        fx_index: ClassIndex, fx_classes: Path, tmp_path: Path) -> None:
    """A writer the test made is a local whose text is asserted after the call; System.out and
    System.err are swapped for buffers from the first statement that printed, put back in a
    `finally`, and their texts asserted after it. A wrong text fails on its own check's line."""
    writer = Case((Construct("java/io/StringWriter", "()V", ()),
                   Construct("java/io/PrintWriter", "(Ljava/io/Writer;)V", (VarRef(0, "Ljava/io/StringWriter;"),)),
                   Invoke(PRINTER, "print", "(Ljava/io/PrintWriter;I)V", None, (VarRef(1, "Ljava/io/PrintWriter;"), I(2)))),
                  Completes(), written=(Written(0, "22"),))
    shout = Invoke(PRINTER, "shout", "(Ljava/lang/String;)I", None, (Literal(STRING_DESC, "hi"),))
    console = Case((Construct(STACK, "()V", ()), shout), Returns(I(2)),
                   written=(Written(Console.OUT, "hi\n", 1), Written(Console.ERR, "!", 1)))
    wrong = Case((shout,), Returns(I(2)), written=(Written(Console.OUT, "ho\n"), Written(Console.ERR, None)))
    rendered = render_suite(Suite(PRINTER, (writer, console, wrong)), fx_index)
    assert method_source(rendered, "printPrints") == """\
    @Test
    void printPrints() {
        StringWriter stringWriter = new StringWriter();
        PrintWriter target = new PrintWriter((Writer) stringWriter);
        assertDoesNotThrow(() -> Printer.print(target, 2));
        assertEquals("22", stringWriter.toString());
    }"""
    assert method_source(rendered, "shoutReturns2") == """\
    @Test
    void shoutReturns2() {
        new IntStack();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        ByteArrayOutputStream errorOutput = new ByteArrayOutputStream();
        PrintStream standardOut = System.out;
        PrintStream standardErr = System.err;
        System.setOut(new PrintStream(output));
        System.setErr(new PrintStream(errorOutput));
        try {
            assertEquals(2, Printer.shout("hi"));
        } finally {
            System.setOut(standardOut);
            System.setErr(standardErr);
        }
        assertEquals("hi\\n", output.toString());
        assertEquals("!", errorOutput.toString());
    }"""
    run = compile_and_run([rendered], fx_classes, tmp_path)
    results = {name.partition("#")[2]: result for name, result in run.results.items()}
    assert results["printPrints"].passed and results["shoutReturns2"].passed
    assert results["shoutReturns2_2"].failed and "expected: <ho" in results["shoutReturns2_2"].first_line
    assert f"PrinterTest.java:{_line_of(rendered, 'assertEquals(' + chr(34) + 'ho')}" in results["shoutReturns2_2"].trace
    assert rendered.check_at_line(_line_of(rendered, 'assertEquals("ho')) == (frozenset({2}), ("written", 0))
    # Nothing reached the console (the failure's message quotes the text it got).
    assert not any(line in ("hi", "!") or line.startswith("!") for line in run.output.splitlines())


def _line_of(rendered: RenderedClass, fragment: str) -> int:
    return next(number for number, line in enumerate(rendered.source.splitlines(), start=1) if fragment in line)


def test_long_printed_text_is_stated_by_its_hash(fx_index: ClassIndex) -> None:
    text = "x" * 1500
    case = Case((Invoke(PRINTER, "shout", "(Ljava/lang/String;)I", None, (Literal(STRING_DESC, "x" * 1499),)),),
                Returns(I(1499)), written=(Written(Console.OUT, text),))
    lines = [line.strip() for line in render_suite(Suite(PRINTER, (case,)), fx_index).source.splitlines()]
    assert f"assertEquals({string_hash(text)}, output.toString().hashCode());  // 1500 chars" in lines


def test_capturing_the_console_is_no_set_up_to_share(fx_index: ClassIndex) -> None:
    """Tests that all capture the console from their first statement start alike, but the buffer
    is the test's own: no `@BeforeEach` field for it."""
    cases = tuple(Case((Invoke(PRINTER, "shout", "(Ljava/lang/String;)I", None, (Literal(STRING_DESC, text),)),),
                       Returns(I(len(text))), written=(Written(Console.OUT, text + "\n"),)) for text in ("a", "bb", "ccc"))
    source = render_suite(Suite(PRINTER, cases), fx_index, fold=False).source
    assert "@BeforeEach" not in source and source.count("ByteArrayOutputStream output = new ByteArrayOutputStream();") == 3




def test_a_static_field_the_test_stores_is_put_back_in_a_finally(fx_index: ClassIndex, fx_classes: Path,
                                                                   tmp_path: Path) -> None:
    """The generator ran each sequence with fresh static state: a test that sets a static field
    saves it first and puts it back however the test ends, so the others pass in any order."""
    stored = Case((FieldStore(TARIFF, "surcharge", "I", None, (I(2),)),
                   Invoke(TARIFF, "check", f"(L{TARIFF}$Rule;I)Z", None, (Null(f"L{TARIFF}$Rule;"), I(1)))),
                  Throws("java.lang.NullPointerException"))
    rendered = render_suite(Suite(TARIFF, (stored,)), fx_index)
    assert method_source(rendered, "checkThrowsNullPointerException").splitlines()[2:-1] == [
        "        int surchargeBefore = Tariff.surcharge;",
        "        try {",
        "            Tariff.surcharge = 2;",
        "            assertThrows(NullPointerException.class, () -> Tariff.check(null, 1));",
        "        } finally {",
        "            Tariff.surcharge = surchargeBefore;",
        "        }",
    ]
    run = compile_and_run([rendered], fx_classes, tmp_path)
    assert run.completed and [result.passed for result in run.results.values()] == [True]
