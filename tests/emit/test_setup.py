"""A set-up every test repeats, written once in a @BeforeEach method (emit/setup.py), and rendered
classes that use one compile and pass."""

from __future__ import annotations

from pathlib import Path

from emit_running import compile_and_run
from jtc.emit.render import render_suite
from jtc.emit.setup import SetUp, shared_set_up
from jtc.model.classindex import ClassIndex
from jtc.model.program import Construct, Invoke, Literal, VarRef
from jtc.model.testcases import Completes, Returns, Throws
from jtc.model.testcases import TestCase as Case
from jtc.model.testcases import TestSuite as Suite

NEW = "IntStack intStack = new IntStack();"


def test_a_declaration_every_test_starts_with() -> None:
    bodies = [[NEW, "intStack.push(3);"], [NEW, "assertTrue(intStack.isEmpty());"], [NEW]]
    assert shared_set_up(bodies, ["", "", ""]) == SetUp("IntStack", "intStack", "new IntStack()")
    assert shared_set_up(bodies[:2], ["", ""]) is None  # two tests read better as they are
    assert shared_set_up([*bodies, ["IntStack intStack = new IntStack(2);"]], [""] * 4) is None
    assert shared_set_up([*bodies, ["assertThrows(X.class, () -> new IntStack(-1));"]], [""] * 4) is None
    assert shared_set_up([*bodies, []], [""] * 4) is None


def test_a_declaration_that_reads_a_parameter_stays() -> None:
    bodies = [["IntStack intStack = new IntStack(number);", "intStack.push(3);"]] * 3
    assert shared_set_up(bodies, ["int number, int expected", "", ""]) is None
    assert shared_set_up(bodies, ["int numbers", "", ""]) == SetUp("IntStack", "intStack", "new IntStack(number)")


STACK = "fx/IntStack"
REF = VarRef(0, f"L{STACK};")


def _on_new_stack(*calls: tuple[str, str, tuple[Literal, ...]], expect) -> Case:
    return Case((Construct(STACK, "()V", ()), *(Invoke(STACK, n, d, REF, a) for n, d, a in calls)), expect)


def test_tests_that_all_start_alike_share_a_set_up_and_pass(fx_index: ClassIndex, fx_classes: Path,
                                                             tmp_path: Path) -> None:
    suite = Suite(STACK, (
        _on_new_stack(("push", "(I)V", (Literal("I", 3),)), ("pop", "()I", ()), expect=Returns(Literal("I", 3))),
        _on_new_stack(("pop", "()I", ()), expect=Throws("java.lang.IllegalStateException", "empty")),
        _on_new_stack(("isEmpty", "()Z", ()), expect=Returns(Literal("Z", True))),
        _on_new_stack(("clear", "()V", ()), expect=Completes()),
    ))
    rendered = render_suite(suite, fx_index)
    source = rendered.source
    assert "import org.junit.jupiter.api.BeforeEach;" in source
    assert """\
class IntStackTest {

    private IntStack intStack;

    @BeforeEach
    void setUp() {
        intStack = new IntStack();
    }

    @Test
    void popReturns3() {
        intStack.push(3);
        assertEquals(3, intStack.pop());
    }
""" in source
    assert source.count("new IntStack()") == 1
    # The checks' lines still point at the assertions.
    lines = source.splitlines()
    for test in rendered.tests:
        for line, _ in test.checks:
            assert "assert" in lines[line - 1]
    run = compile_and_run([rendered], fx_classes, tmp_path)
    assert run.completed
    assert {name.partition("#")[2]: result.passed for name, result in run.results.items()} == {
        test.name: True for test in rendered.tests}
