"""The control flow of one method, read from its instructions: where each instruction may go next,
how many branches lie between an instruction and a set of goal instructions, and what a part of the
code reaches. `--target` steers the search by these distances (exploration/aim.py); the report of
unreached lines (reach/unreached.py) asks where the code that no run took can be entered from.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from jtc.model.classtable import MethodInfo
from jtc.model.opcodes import ATHROW, CONDITIONAL_JUMPS, GOTO, IRETURN, LOOKUPSWITCH, RETURN, TABLESWITCH

UNREACHABLE = float("inf")


def successors(method: MethodInfo, index: int, *, handlers: bool = True) -> list[int]:
    """The instructions that may run right after `index`: the next one, a jump's target, a switch's
    targets and, with `handlers`, the handlers of the `try` blocks it lies in (it may throw)."""
    instruction = method.instructions[index]
    opcode = instruction.opcode
    following: list[int] = []
    if opcode in CONDITIONAL_JUMPS:
        following = [instruction.operands[0], index + 1]
    elif opcode == GOTO:
        following = [instruction.operands[0]]
    elif opcode in (TABLESWITCH, LOOKUPSWITCH):
        following = sorted(instruction.switch_targets)
    elif not (IRETURN <= opcode <= RETURN or opcode == ATHROW):
        following = [index + 1]
    if handlers:
        following += [h.handler for h in method.handlers if h.start <= index < h.end]
    return [i for i in following if 0 <= i < len(method.instructions)]


def is_branch(method: MethodInfo, index: int) -> bool:
    return method.instructions[index].opcode in CONDITIONAL_JUMPS | {TABLESWITCH, LOOKUPSWITCH}


def branch_distances(method: MethodInfo, goals: Iterable[int]) -> list[float]:
    """Per instruction, the fewest branches passed on a path from it to one of `goals` (0 for the
    goals themselves), UNREACHABLE when no path leads there: a shortest-path search backwards from
    the goals, an edge out of a branch costing one and any other edge nothing."""
    count = len(method.instructions)
    predecessors: list[list[int]] = [[] for _ in range(count)]
    for index in range(count):
        for following in successors(method, index):
            predecessors[following].append(index)
    distance = [UNREACHABLE] * count
    pending: deque[int] = deque()
    for goal in goals:
        distance[goal] = 0
        pending.append(goal)
    while pending:
        current = pending.popleft()
        for before in predecessors[current]:
            cost = 1 if is_branch(method, before) else 0
            if distance[current] + cost < distance[before]:
                distance[before] = distance[current] + cost
                (pending.append if cost else pending.appendleft)(before)
    return distance


def reach(method: MethodInfo, starts: Iterable[int], within: set[int]) -> set[int]:
    """The instructions of `within` that `starts` (of `within`) lead to without leaving `within`."""
    found = {start for start in starts if start in within}
    pending = list(found)
    while pending:
        for following in successors(method, pending.pop()):
            if following in within and following not in found:
                found.add(following)
                pending.append(following)
    return found
