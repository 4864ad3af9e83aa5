"""A seeded loop rendered as the loop a person writes (emit/loops.py)."""

from __future__ import annotations

from pathlib import Path

from emit_running import compile_and_run, method_source
from jtc.emit.render import render_suite
from jtc.model.classindex import ClassIndex
from jtc.model.loops import Move, SeededLoop
from jtc.model.program import Construct, Invoke, Literal, VarRef
from jtc.model.testcases import Returns
from jtc.model.testcases import TestCase as Case
from jtc.model.testcases import TestSuite as Suite

STACK = "fx/IntStack"
STACK_REF = VarRef(0, f"L{STACK};")


def test_a_seeded_loop_is_written_as_the_loop_that_makes_its_calls(fx_index: ClassIndex, fx_classes: Path,
                                                                   tmp_path: Path) -> None:
    push = Invoke(STACK, "push", "(I)V", STACK_REF, (Literal("I", 0),))
    pop = Invoke(STACK, "pop", "()I", STACK_REF, ())
    loop = SeededLoop(start=1, seed=1, steps=2000, bound=10, moves=(Move(push, (0,)), Move(pop, ())), weights=(2, 1))
    size = sum(1 if statement.name == "push" else -1 for statement in loop.unrolled())  # never popped empty
    case = Case((Construct(STACK, "()V", ()), *loop.unrolled(), Invoke(STACK, "size", "()I", STACK_REF, ())),
                Returns(Literal("I", size)), loop=loop)
    rendered = render_suite(Suite(STACK, (case,)), fx_index)
    assert [test.name for test in rendered.tests] == ["randomPushAndPopBelow10"]
    assert "import java.util.Random;" in rendered.source
    assert method_source(rendered, "randomPushAndPopBelow10").splitlines()[2:-1] == [
        "        IntStack intStack = new IntStack();",
        "        Random random = new Random(1);",
        "        for (int step = 0; step < 2000; step++) {",
        "            int move = random.nextInt(3);",
        "            if (move < 2) {",
        "                intStack.push(random.nextInt(10));",
        "            } else {",
        "                intStack.pop();",
        "            }",
        "        }",
        f"        assertEquals({size}, intStack.size());",
    ]
    run = compile_and_run([rendered], fx_classes, tmp_path)
    assert run.completed and [result.passed for result in run.results.values()] == [True]
