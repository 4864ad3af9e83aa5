"""Whose words a thrown exception's message is, on real runs (tests/fixtures/jdktext): the class's own
messages are asserted; what the JVM and the JDK wrote is not, even when the class rethrows it or makes
it the cause of its own exception."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.model.program import Construct, Invoke, Literal, Program, StatementStatus, VarRef
from jtc.model.testcases import Throws
from jtc.oracle.origins import message_is_the_codes
from jtc.oracle.selection import thrown
from tests.conftest import FIXTURES, Engine, compile_java, start_engine

CELLS, RELAY = "jt/Cells", "jt/Relay"


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory):
    started = start_engine([compile_java(FIXTURES / "jdktext", tmp_path_factory.mktemp("jdktext"))])
    for name in (CELLS, RELAY):
        started.load(name.replace("/", "."))
    yield started
    started.worker.close()


def _threw(engine: Engine, owner: str, name: str, desc: str, *args: Literal) -> tuple[Throws, bool]:
    """`new Owner().name(args)`: what it threw as the test states it, and whether it was the code's."""
    program: Program = (Construct(owner, "()V", ()), Invoke(owner, name, desc, VarRef(0, f"L{owner};"), args))
    execution = engine.executor.execute(program, None, {})
    assert execution.result.status[1] == StatementStatus.THREW, execution.result
    return thrown(execution, 1), message_is_the_codes(execution, 1)


def test_the_classes_own_messages_are_asserted(engine: Engine) -> None:
    """Built from the input on a `new` that spans two lines (the frame is the constructor call's
    line), and made by a factory method of the class."""
    assert _threw(engine, CELLS, "width", "(I)I", Literal("I", 0)) == (
        Throws("java.lang.IllegalArgumentException", "columns must be positive, not 0"), True)
    assert _threw(engine, CELLS, "width", "(I)I", Literal("I", 81)) == (
        Throws("java.lang.IllegalStateException", "at most 80 columns, not 81"), True)


def test_a_jdk_exception_the_class_rethrows_is_asserted_without_its_message(engine: Engine) -> None:
    """`charAt` past the end: the JDK's message, which Java 20 rewrote."""
    assert _threw(engine, CELLS, "at", "(I)C", Literal("I", 3)) == (
        Throws("java.lang.StringIndexOutOfBoundsException", None), False)


def test_an_exception_made_with_only_a_cause_is_asserted_without_its_message(engine: Engine) -> None:
    """`new IllegalArgumentException(e)`: its message is the cause's toString, the JDK's words."""
    assert _threw(engine, CELLS, "from", "(I)Ljava/lang/String;", Literal("I", -2)) == (
        Throws("java.lang.IllegalArgumentException", None), False)


def test_a_null_pointer_the_finally_block_rethrows_is_asserted_without_its_message(engine: Engine) -> None:
    """The JVM's helpful message depends on the JDK and on `-g`; the handler javac writes for the
    `finally` block rethrows it with an `athrow` of the class's own code."""
    execution = engine.executor.execute((Construct(RELAY, "()V", ()),
                                         Invoke(RELAY, "fire", "()V", VarRef(0, f"L{RELAY};"), ())), None, {})
    assert execution.result.messages[1] == 'Cannot invoke "jt.Relay$Listener.changed()" because "this.listener" is null'
    assert thrown(execution, 1) == Throws("java.lang.NullPointerException", None)
