"""The records `jtc generate --snapshot` keeps of each test: the member and call under test in Java
syntax, the outcome, each assertion on its line relative to the method's declaration (so they survive
a test cut from the file), a case of a parameterized test under the name JUnit reports it by."""

from __future__ import annotations

from jtc.emit.behaviour import TestBehaviour, behaviour_of, declaration_lines
from jtc.emit.render import render_suite
from jtc.model.classindex import ClassIndex
from jtc.model.program import Construct, Invoke, Literal, VarRef
from jtc.model.testcases import Completes, Console, Observation, Returns, Throws, Written
from jtc.model.testcases import TestCase as Case
from jtc.model.testcases import TestSuite as Suite
from jtc.project.suite_check import without_methods

CALC, STACK = "fx/Calc", "fx/IntStack"
REF = VarRef(0, f"L{STACK};")


def I(value: int) -> Literal:  # noqa: E743 - reads like the Java type
    return Literal("I", value)


GCDS = [Case((Invoke(CALC, "gcd", "(II)I", None, (I(12), I(a))),), Returns(I(g))) for a, g in ((18, 6), (8, 4), (5, 1))]
PUSH_POP = Case((Construct(STACK, "()V", ()), Invoke(STACK, "push", "(I)V", REF, (I(3),)),
                 Invoke(STACK, "pop", "()I", REF, ())), Returns(I(3)),
                observations=(Observation(0, STACK, "isEmpty", "()Z", Returns(Literal("Z", True))),))
NEGATIVE = Case((Construct(STACK, "(I)V", (I(-1),)),), Throws("java.lang.IllegalArgumentException", "negative capacity"))


def test_records_say_the_call_its_outcome_and_each_assertion_by_its_line(fx_index: ClassIndex) -> None:
    calc = render_suite(Suite(CALC, tuple(GCDS)), fx_index)
    records = behaviour_of(calc, Suite(CALC, tuple(GCDS)))
    assert [(r.test, r.method) for r in records] == [(f"gcdReturnsExpected[{n}]", "gcdReturnsExpected")
                                                     for n in (1, 2, 3)]
    assert [(r.member, r.call, r.arguments, r.outcome) for r in records] == [
        ("fx.Calc.gcd(int, int)", f"Calc.gcd(12, {a})", ("12", str(a)), f"returns {g}")
        for a, g in ((18, 6), (8, 4), (5, 1))]
    suite = Suite(STACK, (PUSH_POP, NEGATIVE))
    stack = render_suite(suite, fx_index)
    negative, push_pop = behaviour_of(stack, suite)  # in reading order: the constructor first
    assert (negative.member, negative.call, negative.outcome) == (
        "fx.IntStack(int)", "new IntStack(-1)", "throws java.lang.IllegalArgumentException: negative capacity")
    lines = stack.source.splitlines()
    declared = declaration_lines(stack.source)[push_pop.method]
    assert {(c.member, c.call, c.states) for c in push_pop.checks} == {
        ("fx.IntStack.pop()", "pop()", "returns 3"), ("fx.IntStack.isEmpty()", "isEmpty()", "returns true")}
    for check in push_pop.checks:
        assert check.call in lines[declared + check.line - 1]
    # Cut the other test out: the lines relative to the declaration still find the assertions.
    cut = without_methods(stack.source, {negative.method})
    moved = declaration_lines(cut)[push_pop.method]
    assert moved < declared
    assert all(check.call in cut.splitlines()[moved + check.line - 1] for check in push_pop.checks)
    assert TestBehaviour.from_json(push_pop.to_json()) == push_pop


def test_printed_text_is_stated_by_the_call_under_test(fx_index: ClassIndex) -> None:
    printer = "fx/Printer"
    writer = Case((Construct("java/io/StringWriter", "()V", ()),
                   Construct("java/io/PrintWriter", "(Ljava/io/Writer;)V", (VarRef(0, "Ljava/io/StringWriter;"),)),
                   Invoke(printer, "print", "(Ljava/io/PrintWriter;I)V", None, (VarRef(1, "Ljava/io/PrintWriter;"), I(2)))),
                  Completes(), written=(Written(0, "22"),))
    shout = Case((Invoke(printer, "shout", "(Ljava/lang/String;)I", None, (Literal("Ljava/lang/String;", "hi"),)),),
                 Returns(I(2)), written=(Written(Console.OUT, "hi\n"), Written(Console.ERR, "!")))
    suite = Suite(printer, (shout, writer))
    records = behaviour_of(render_suite(suite, fx_index), suite)
    assert {(c.member, c.states) for r in records for c in r.checks} == {
        ("fx.Printer.shout(String)", "returns 2"),
        ("fx.Printer.shout(String)", 'prints to System.out "hi\\n"'),
        ("fx.Printer.shout(String)", 'prints to System.err "!"'),
        ("fx.Printer.print(PrintWriter, int)", 'prints "22"')}
