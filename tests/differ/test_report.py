"""`jtc diff`'s grouping of failures by member, each change (call, what was stated, what happened)
shown by its shortest test, and the report's lines; a JUnit report's name of a parameterized case
matched with its record."""

from __future__ import annotations

from jtc.differ.replay import Difference, _case_name
from jtc.differ.report import by_member, difference_lines, shortest_tests
from jtc.emit.behaviour import TestBehaviour


def _difference(test: str, statements: int, member: str, now: str) -> Difference:
    record = TestBehaviour(test, test, member, "isFree(0)", ("0",), "returns true", statements, (-1, 2))
    return Difference("dv.Till", "dv.TillTest", record, member, "isFree(0)", "returns true", now)


def test_failures_group_by_member_and_change_each_shown_by_its_shortest_test() -> None:
    changed = "expected: <true> but was: <false>"
    differences = [_difference("long", 4, "dv.Till.isFree(int)", changed),
                   _difference("short", 2, "dv.Till.isFree(int)", changed),
                   _difference("other", 3, "dv.Till.isFree(int)", "NoSuchMethodError: isFree"),
                   _difference("total", 2, "dv.Till.getTotal()", changed)]
    changes = by_member(differences)
    assert list(changes) == ["dv.Till.isFree(int)", "dv.Till.getTotal()"]
    assert [(c.shortest.test.test, len(c.tests)) for c in changes["dv.Till.isFree(int)"]] == [("short", 2), ("other", 1)]
    assert [d.test.test for d in shortest_tests(changes)] == ["short", "other", "total"]
    lines = difference_lines(changes, {("dv.TillTest", "short"): "out/dv/TillTest.java"})
    assert lines[0] == "dv.Till.isFree(int): 2 differences"
    assert lines[2] == "    shown by dv.TillTest.short (2 statements, 1 more test fails the same way) in out/dv/TillTest.java"
    assert lines[-1] == "3 differences in 2 members"
    assert difference_lines({}, {}) == ["no differences"]


def test_a_case_of_a_parameterized_test_is_found_under_its_recorded_name() -> None:
    assert _case_name("dv.TillTest#gcdReturnsExpected(int, int)[2]") == "gcdReturnsExpected[2]"
    assert _case_name("dv.TillTest#isFreeOfZeroReturnsTrue") == "isFreeOfZeroReturnsTrue"
