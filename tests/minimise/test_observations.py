"""Observer answers asserted once per state."""

from __future__ import annotations

from jtc.minimise.observations import unrepeated
from jtc.model.program import Construct, Invoke, Literal, VarRef
from jtc.model.testcases import Completes, Observation, Returns, TestCase, TestSuite

STACK = "com/example/IntStack"
NEW = Construct(STACK, "()V", ())
SIZE = Observation(0, STACK, "size", "()I", Returns(Literal("I", 0)))


def _case(name: str, desc: str) -> TestCase:
    return TestCase((NEW, Invoke(STACK, name, desc, VarRef(0, f"L{STACK};"), ())), Completes(), observations=(SIZE,))


def test_an_answer_an_earlier_test_gave_of_the_same_state_goes() -> None:
    suite = TestSuite(STACK, (_case("isEmpty", "()Z"), _case("peek", "()I"), _case("clear", "()V")))
    reads_only = lambda statement: statement.name != "clear"  # noqa: E731
    tests = unrepeated(suite, reads_only).tests
    assert [case.observations for case in tests] == [(SIZE,), (), (SIZE,)]  # clear changes state: its answers stay
