"""Statements nothing uses go from the written test when it does without them."""

from __future__ import annotations

from jtc.minimise.unused import states_all, without_unused
from jtc.model.program import Construct, Invoke, Literal, VarRef
from jtc.model.testcases import (Completes, Console, Observation, Returns, TestCase, TestSuite, Throws, Written)

DESK, MEMBER = "kp/LoanDesk", "kp/Member"
NEW_DESK = Construct(DESK, "()V", ())
NEW_MEMBER = Construct(MEMBER, "(Ljava/lang/String;)V", (Literal("Ljava/lang/String;", "a"),))
DESK_REF, MEMBER_REF = VarRef(0, f"L{DESK};"), VarRef(1, f"L{MEMBER};")
LOANS_OF = Invoke(DESK, "loansOf", f"(L{MEMBER};)Ljava/util/List;", DESK_REF, (MEMBER_REF,))
GIVE_BACK = Invoke(DESK, "giveBack", "(Ljava/lang/String;)I", DESK_REF, (Literal("Ljava/lang/String;", "A"),))
COUNT = Observation(0, DESK, "count", "()I", Returns(Literal("I", 0)))
NOT_OUT = Throws("java/lang/IllegalStateException", "A is not out")


def _cut(case: TestCase, keeps=lambda case, reduced, positions: True) -> TestCase:
    [cut] = without_unused(TestSuite(DESK, (case,)), keeps).tests
    return cut


def test_a_query_nothing_uses_goes_with_the_object_made_for_it() -> None:
    case = _cut(TestCase((NEW_DESK, NEW_MEMBER, LOANS_OF, GIVE_BACK), NOT_OUT, raised=((3, NOT_OUT),),
                         observations=(COUNT,)))
    assert case.program == (NEW_DESK, GIVE_BACK)
    assert case.raised == ((1, NOT_OUT),) and case.observations == (COUNT,)


def test_a_cut_the_test_does_not_keep_is_undone() -> None:
    tried = []

    def keeps(case: TestCase, reduced: TestCase, positions: dict[int, int]) -> bool:
        tried.append(len(reduced.program))
        return reduced.program == (NEW_DESK, NEW_MEMBER, GIVE_BACK)  # the member's constructor counts

    case = _cut(TestCase((NEW_DESK, NEW_MEMBER, LOANS_OF, GIVE_BACK), Completes()), keeps)
    assert case.program == (NEW_DESK, NEW_MEMBER, GIVE_BACK)
    assert tried == [3, 2]  # the query (kept), then the member it left unused


def test_what_the_test_asserts_or_passes_on_stays() -> None:
    asserted = TestCase((NEW_DESK, NEW_MEMBER, LOANS_OF, GIVE_BACK), Completes(),
                        values=((2, Returns(Literal("Ljava/lang/String;", "[]"))),))
    assert _cut(asserted) == asserted
    observed = TestCase((NEW_DESK, NEW_MEMBER, LOANS_OF, GIVE_BACK), Completes(),
                        observations=(Observation(1, MEMBER, "getDebt", "()I", Returns(Literal("I", 0))),))
    assert _cut(observed).program == (NEW_DESK, NEW_MEMBER, GIVE_BACK)  # the query goes, the member observed stays
    printed = TestCase((NEW_DESK, NEW_MEMBER, LOANS_OF, GIVE_BACK), Completes(), written=(Written(Console.OUT, "x", 1),))
    assert _cut(printed) == printed  # the member may have printed
    advance = Invoke(DESK, "advance", "(I)V", DESK_REF, (Literal("I", 0),))
    void = TestCase((NEW_DESK, advance, GIVE_BACK), Completes())
    assert _cut(void) == void  # that it completes is what it shows
    bug = TestCase((NEW_DESK, NEW_MEMBER, LOANS_OF, GIVE_BACK), Completes(), likely_bug="likely bug")
    assert _cut(bug) == bug


def test_a_cut_keeps_the_assertions_its_probe_still_reads() -> None:
    cut = TestCase((NEW_DESK, GIVE_BACK), NOT_OUT, observations=(COUNT,))
    assert states_all(cut, TestCase(cut.program, NOT_OUT, observations=(COUNT, COUNT)))
    assert not states_all(cut, TestCase(cut.program, NOT_OUT))
    assert not states_all(cut, TestCase(cut.program, Throws(NOT_OUT.exception, "other"), observations=(COUNT,)))
    weak = TestCase((NEW_DESK, GIVE_BACK), Throws(NOT_OUT.exception))
    assert states_all(weak, TestCase(cut.program, NOT_OUT))  # a message given up asserts none
