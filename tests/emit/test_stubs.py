"""A stub rendered as a person writes one: an anonymous class for an abstract class, a lambda for a
functional interface (emit/stubs.py)."""

from __future__ import annotations

from pathlib import Path

from emit_running import compile_and_run, method_source
from jtc.emit.render import render_suite
from jtc.model.classindex import ClassIndex
from jtc.model.program import Answer, Invoke, Literal, Stub, VarRef
from jtc.model.testcases import Returns
from jtc.model.testcases import TestCase as Case
from jtc.model.testcases import TestSuite as Suite
from jtc.model.types import STRING_DESC

TARIFF, RULE = "fx/Tariff", "fx/Tariff$Rule"


def test_an_abstract_class_is_stubbed_by_an_anonymous_class_and_an_interface_by_a_lambda(
        fx_index: ClassIndex, fx_classes: Path, tmp_path: Path) -> None:
    """The anonymous class overrides each abstract method with the access it declares (`protected`
    stays protected) and returns the answer the search chose; parameters are named as the class file
    names them (an abstract method's names only with -parameters: here arg0)."""
    tariff = Stub(TARIFF, "(I)V", (Answer("rate", "(I)I"), Answer("label", "()Ljava/lang/String;")),
                  (Literal("I", 10), Literal("I", 5), Literal(STRING_DESC, "flat")))
    described = Case((tariff, Invoke(TARIFF, "describe", "(I)Ljava/lang/String;", VarRef(0, f"L{TARIFF};"),
                                     (Literal("I", 3),))), Returns(Literal(STRING_DESC, "flat:15")))
    rule = Stub(RULE, "", (Answer("allows", "(I)Z"),), (Literal("Z", True),))
    checked = Case((rule, Invoke(TARIFF, "check", f"(L{RULE};I)Z", None, (VarRef(0, f"L{RULE};"), Literal("I", 4)))),
                   Returns(Literal("Z", True)))
    rendered = render_suite(Suite(TARIFF, (described, checked)), fx_index)
    assert method_source(rendered, "describeReturnsFlat15").splitlines()[2:-1] == [
        "        Tariff tariff = new Tariff(10) {",
        "            @Override",
        "            public int rate(int arg0) {",
        "                return 5;",
        "            }",
        "",
        "            @Override",
        "            protected String label() {",
        '                return "flat";',
        "            }",
        "        };",
        '        assertEquals("flat:15", tariff.describe(3));',
    ]
    assert "        Tariff.Rule rule = (arg0) -> true;" in method_source(rendered, "checkReturnsTrue").splitlines()
    run = compile_and_run([rendered], fx_classes, tmp_path)
    assert run.completed and [result.passed for result in run.results.values()] == [True, True]
