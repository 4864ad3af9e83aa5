"""Programs with statements dropped or redirected, their references renumbered."""

from __future__ import annotations

from jtc.minimise.rewrite import compose, needed_by, rewrite, users
from jtc.model.program import Construct, Invoke, Literal, Null, VarRef

STACK = "com/example/IntStack"
REF = f"L{STACK};"


def _push(receiver: int, value: int) -> Invoke:
    return Invoke(STACK, "push", "(I)V", VarRef(receiver, REF), (Literal("I", value),))


PROGRAM = (Construct(STACK, "()V", ()), Construct(STACK, "()V", ()), _push(1, 5), _push(0, 3),
           Invoke(STACK, "size", "()I", VarRef(0, REF), ()))


def test_dropping_a_statement_renumbers_the_references_after_it() -> None:
    reduced, positions = rewrite(PROGRAM, users(PROGRAM, 1))
    assert reduced == (PROGRAM[0], _push(0, 3), PROGRAM[4])
    assert positions == {0: 0, 3: 1, 4: 2}


def test_a_statement_whose_result_a_kept_one_uses_cannot_go_alone() -> None:
    assert rewrite(PROGRAM, [1]) is None
    assert users(PROGRAM, 1) == {1, 2} and needed_by(PROGRAM, 4) == {0, 4}


def test_a_redirected_statement_goes_and_its_users_use_the_earlier_one() -> None:
    reduced, positions = rewrite(PROGRAM, redirected={1: 0})
    assert reduced == (PROGRAM[0], _push(0, 5), _push(0, 3), PROGRAM[4])
    assert positions == {0: 0, 1: 0, 2: 1, 3: 2, 4: 3}
    assert compose(positions, {0: 0, 2: 1, 3: 2}) == {0: 0, 1: 0, 3: 1, 4: 2}


def test_an_argument_that_was_a_null_result_is_written_null() -> None:
    get = Invoke(STACK, "get", "(I)Ljava/lang/Object;", VarRef(0, REF), (Literal("I", 4),))
    put = Invoke(STACK, "put", "(ILjava/lang/Object;)V", VarRef(0, REF), (Literal("I", 8), VarRef(1, "Ljava/lang/Object;")))
    reduced, positions = rewrite((PROGRAM[0], get, put), nulled={1})
    assert reduced == (PROGRAM[0], get, Invoke(STACK, "put", "(ILjava/lang/Object;)V", VarRef(0, REF),
                                                (Literal("I", 8), Null("Ljava/lang/Object;"))))
    assert positions == {0: 0, 1: 1, 2: 2}
