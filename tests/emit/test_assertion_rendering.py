"""What a rendered test states: values, objects, the fields of a returned object (emit/assertions.py)."""

from __future__ import annotations

from pathlib import Path

from emit_running import compile_and_run
from jtc.emit.behaviour import behaviour_of
from jtc.emit.render import render_suite
from jtc.java.toolchain import toolchain
from jtc.model.classindex import ClassIndex
from jtc.model.program import Construct, Invoke, Literal, VarRef
from jtc.model.testcases import Observation, Returns, ReturnsConstant, ReturnsObject, ReturnsText
from jtc.model.testcases import TestCase as Case
from jtc.model.testcases import TestSuite as Suite
from jtc.model.types import STRING_DESC

CALC, STACK = "fx/Calc", "fx/IntStack"


def test_an_empty_jdk_collection_is_stated_by_is_empty_and_a_hidden_jdk_class_not_at_all(fx_index: ClassIndex) -> None:
    """A person writes `assertTrue(list.isEmpty())`, not `assertEquals("[]", list.toString())`; a
    collection with elements (a list of one empty String prints `[]` too), or one typed `Object`,
    keeps its text."""
    listed = Invoke(CALC, "list", "()Ljava/util/List;", None, ())
    cases = (Case((listed,), ReturnsText("java.util.ArrayList", "[]", size=0)),
             Case((listed,), ReturnsText("java.util.ArrayList", "[1]", size=1)),
             Case((listed,), ReturnsText("java.util.ArrayList", "[]", size=1)),
             Case((Invoke(CALC, "holder", "()Ljava/lang/Object;", None, ()),), ReturnsText("java.util.HashMap", "{}")),
             Case((listed,), ReturnsObject("java.util.Collections$UnmodifiableRandomAccessList")))
    lines = [line.strip() for line in render_suite(Suite(CALC, cases), fx_index, fold=False).source.splitlines()]
    # A JDK class the test cannot name is the JDK's choice, not the code's: only the object is stated.
    assert "assertNotNull(Calc.list());" in lines
    assert "assertTrue(Calc.list().isEmpty());" in lines
    assert 'assertEquals("[1]", Calc.list().toString());' in lines
    assert 'assertEquals("[]", Calc.list().toString());' in lines
    assert 'assertEquals("{}", Calc.holder().toString());' in lines


def test_a_call_that_returns_its_own_receiver_is_stated_the_same_object(fx_index: ClassIndex) -> None:
    """A builder's setter returns the builder: `assertSame`, not `assertNotNull`; another object of
    the class (a copy) stays stated by its existence."""
    ref = VarRef(0, f"L{STACK};")
    def returning(itself: bool) -> Case:
        return Case((Construct(STACK, "()V", ()), Invoke(STACK, "self", f"()L{STACK};", ref, ())),
                    ReturnsObject("fx.IntStack", itself=itself))
    source = render_suite(Suite(STACK, (returning(True), returning(False))), fx_index).source
    assert "assertSame(intStack, intStack.self());" in source and "assertNotNull(intStack.self());" in source, source


def test_a_field_observation_reads_the_field_of_the_object_it_states(strength_classes: Path, tmp_path: Path) -> None:
    """A Word has no getters: the test states the fields of the one `next` returned, the way a
    developer does (`assertEquals(Word.Kind.LETTER, word.kind)`), and its snapshot record names the field."""
    word_desc = "Lst/Word;"
    case = Case((Construct("st/Scanner", f"({STRING_DESC})V", (Literal(STRING_DESC, "a"),)), Construct("st/Word", "()V", ()),
                 Invoke("st/Scanner", "next", f"({word_desc}){word_desc}", VarRef(0, "Lst/Scanner;"),
                        (VarRef(1, word_desc),))),
                ReturnsObject("st.Word"),
                observations=(
                    Observation(2, "st/Word", "kind", "Lst/Word$Kind;", ReturnsConstant("st.Word$Kind", "LETTER")),
                    Observation(2, "st/Word", "text", "Ljava/lang/StringBuilder;",
                                ReturnsText("java.lang.StringBuilder", "a")),
                    Observation(2, "st/Word", "quoted", "Z", Returns(Literal("Z", False)))))
    suite = Suite("st/Scanner", (case,))
    with ClassIndex([strength_classes], toolchain().java_home) as index:
        rendered = render_suite(suite, index)
    lines = [line.strip() for line in rendered.source.splitlines()]
    assert lines[lines.index("Word result = scanner.next(word);") + 1:][:3] == [
        "assertEquals(Word.Kind.LETTER, result.kind);", 'assertEquals("a", result.text.toString());',
        "assertFalse(result.quoted);"]
    [record] = behaviour_of(rendered, suite)
    assert [(check.member, check.call, check.states) for check in record.checks] == [
        ("st.Word.kind", "kind", "returns Word.Kind.LETTER"), ("st.Word.text", "text", "returns a"),
        ("st.Word.quoted", "quoted", "returns false")]
    run = compile_and_run([rendered], strength_classes, tmp_path)
    assert run.completed and [result.passed for result in run.results.values()] == [True]


