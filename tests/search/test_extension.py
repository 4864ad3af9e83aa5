"""Longer runs of chosen tests: the call under test made again, the object drained."""

from __future__ import annotations

from jtc.model.program import Construct, Invoke, Literal, VarRef
from jtc.search.extension import longer

STACK = "LStack;"
NEW = Construct("Stack", "()V", ())
PUSH = Invoke("Stack", "push", "(I)V", VarRef(0, STACK), (Literal("I", 4),))
POP = Invoke("Stack", "pop", "()I", VarRef(-1, STACK), ())
POLL_OTHER = Invoke("Queue", "poll", "()I", VarRef(-1, "LQueue;"), ())


def test_the_call_is_made_again_and_the_object_drained_once_and_twice() -> None:
    program = (NEW, PUSH, PUSH)
    popped = Invoke("Stack", "pop", "()I", VarRef(0, STACK), ())
    assert longer(program, 1, [POP, POLL_OTHER]) == [  # from the call under test on; another type's drain left out
        (NEW, PUSH, PUSH), (NEW, PUSH, PUSH, PUSH), (NEW, PUSH, popped), (NEW, PUSH, popped, popped)]


def test_a_constructor_is_drained_not_made_again_and_a_static_call_is_left_alone() -> None:
    popped = Invoke("Stack", "pop", "()I", VarRef(0, STACK), ())
    assert longer((NEW,), 0, [POP]) == [(NEW, popped), (NEW, popped, popped)]
    static = Invoke("Stack", "of", "(I)LStack;", None, (Literal("I", 1),))
    assert longer((static,), 0, [POP]) == []


def test_a_call_with_one_argument_is_made_with_every_value_of_its_type_the_test_uses_then_another() -> None:
    put = Invoke("Map", "put", "(II)V", VarRef(0, "LMap;"), (Literal("I", 7), Literal("I", 3)))
    remove = Invoke("Map", "remove", "(I)Z", VarRef(-1, "LMap;"), ())
    program = (Construct("Map", "()V", ()), put)
    removed = [Invoke("Map", "remove", "(I)Z", VarRef(0, "LMap;"), (Literal("I", key),)) for key in (7, 3, 8)]
    assert longer(program, 1, [remove])[2:] == [(*program, *removed[:1]), (*program, *removed[:2]), (*program, *removed)]
