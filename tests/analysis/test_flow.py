"""Control flow read from instructions: successors, branch distances to goals, reach within a set."""

from __future__ import annotations

from jtc.analysis.flow import UNREACHABLE, branch_distances, reach, successors
from jtc.model.classtable import Handler, MethodInfo
from jtc.model.opcodes import GOTO, ICONST_0, ICONST_1, ICONST_5, IF_ICMPLE, IFEQ, ILOAD, IRETURN, NOP


def _method(code: list[list], handlers: list[Handler] | None = None) -> MethodInfo:
    return MethodInfo("am/M", "m", "(I)I", 1, 2, True, code, [10 + i for i in range(len(code))], handlers or [], None)


# 0 iload 1; 1 iconst_5; 2 if_icmple 7; 3 iload 1; 4 ifeq 7; 5 iconst_1; 6 ireturn; 7 iconst_0; 8 ireturn
CODE = [[ILOAD, 1], [ICONST_5], [IF_ICMPLE, 7], [ILOAD, 1], [IFEQ, 7], [ICONST_1], [IRETURN], [ICONST_0], [IRETURN]]


def test_successors_of_jumps_returns_and_try_blocks():
    method = _method(CODE + [[GOTO, 0], [NOP]], [Handler(3, 5, 10, None)])
    assert successors(method, 2) == [7, 3]
    assert successors(method, 6) == []
    assert successors(method, 9) == [0]
    assert successors(method, 3) == [4, 10] and successors(method, 3, handlers=False) == [4]


def test_branch_distances_count_the_branches_on_the_way():
    distances = branch_distances(_method(CODE), [5])
    assert distances[5] == 0 and distances[4] == 1 and distances[3] == 1 and distances[0] == 2
    assert distances[7] == UNREACHABLE


def test_reach_stays_within_the_set():
    assert reach(_method(CODE), [3], {3, 4, 5, 6}) == {3, 4, 5, 6}
    assert reach(_method(CODE), [5], {3, 5, 6}) == {5, 6}
