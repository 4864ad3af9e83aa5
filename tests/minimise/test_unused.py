"""Statements nothing uses that change nothing go from the written test."""

from __future__ import annotations

from jtc.analysis.influence import NOTHING, Effects, FieldRef
from jtc.minimise.unused import changes_nothing, without_unused
from jtc.model.program import Construct, Invoke, Literal, VarRef
from jtc.model.testcases import (Completes, Console, Observation, Returns, TestCase, TestSuite, Throws, Written)

DESK, MEMBER = "kp/LoanDesk", "kp/Member"
NEW_DESK = Construct(DESK, "()V", ())
NEW_MEMBER = Construct(MEMBER, "(Ljava/lang/String;)V", (Literal("Ljava/lang/String;", "a"),))
DESK_REF, MEMBER_REF = VarRef(0, f"L{DESK};"), VarRef(1, f"L{MEMBER};")
LOANS_OF = Invoke(DESK, "loansOf", f"(L{MEMBER};)Ljava/util/List;", DESK_REF, (MEMBER_REF,))
GIVE_BACK = Invoke(DESK, "giveBack", "(Ljava/lang/String;)I", DESK_REF, (Literal("Ljava/lang/String;", "A"),))
COUNT = Observation(0, DESK, "count", "()I", Returns(Literal("I", 0)))


def _pure(statement) -> bool:
    return statement.name in ("loansOf", "<init>")


def _cut(*cases: TestCase) -> tuple[TestCase, ...]:
    return without_unused(TestSuite(DESK, cases), _pure).tests


def test_a_query_nothing_uses_goes_with_the_object_made_for_it() -> None:
    [case] = _cut(TestCase((NEW_DESK, NEW_MEMBER, LOANS_OF, GIVE_BACK), Returns(Literal("I", 0)),
                           raised=((3, Throws("java/lang/IllegalStateException", "A is not out")),),
                           observations=(COUNT,)))
    assert case.program == (NEW_DESK, GIVE_BACK)
    assert case.raised == ((1, Throws("java/lang/IllegalStateException", "A is not out")),)
    assert case.observations == (COUNT,)


def test_what_the_test_asserts_or_passes_on_stays() -> None:
    asserted = TestCase((NEW_DESK, NEW_MEMBER, LOANS_OF, GIVE_BACK), Completes(),
                        values=((2, Returns(Literal("Ljava/lang/String;", "[]"))),))
    assert _cut(asserted) == (asserted,)
    observed = TestCase((NEW_DESK, NEW_MEMBER, LOANS_OF, GIVE_BACK), Completes(),
                        observations=(Observation(1, MEMBER, "getDebt", "()I", Returns(Literal("I", 0))),))
    [case] = _cut(observed)
    assert case.program == (NEW_DESK, NEW_MEMBER, GIVE_BACK)  # the query goes, the member observed stays
    printed = TestCase((NEW_DESK, NEW_MEMBER, LOANS_OF, GIVE_BACK), Completes(), written=(Written(Console.OUT, "x", 1),))
    [case] = _cut(printed)
    assert case.program == (NEW_DESK, NEW_MEMBER, LOANS_OF, GIVE_BACK)  # the member may have printed
    state_changing = TestCase((NEW_DESK, GIVE_BACK, GIVE_BACK), Completes())
    assert _cut(state_changing) == (state_changing,)


def test_only_calls_that_set_nothing_and_constructors_given_no_object_change_nothing() -> None:
    sets_debt = Effects(frozenset({FieldRef(MEMBER, "debt", "I", False)}), frozenset(), frozenset(), frozenset(),
                        frozenset(), True)
    counts = Effects(frozenset({FieldRef(MEMBER, "made", "I", True)}), frozenset(), frozenset(), frozenset(),
                     frozenset(), True)
    effects = {"loansOf": NOTHING, "giveBack": sets_debt}
    project = lambda name: name.startswith("kp/")  # noqa: E731
    assert changes_nothing(LOANS_OF, lambda owner, name, desc: effects[name], project)
    assert not changes_nothing(GIVE_BACK, lambda owner, name, desc: effects[name], project)
    assert changes_nothing(NEW_MEMBER, lambda *member: sets_debt, project)  # its own object's fields
    assert not changes_nothing(NEW_MEMBER, lambda *member: counts, project)  # a static counter
    filling = Invoke(DESK, "fill", "(Ljava/util/List;)V", DESK_REF, (VarRef(1, "Ljava/util/List;"),))
    assert not changes_nothing(filling, lambda *member: NOTHING, project)  # the JDK's list may change
    size = Invoke("java/util/List", "size", "()I", VarRef(1, "Ljava/util/List;"), ())
    assert not changes_nothing(size, lambda *member: NOTHING, project)
