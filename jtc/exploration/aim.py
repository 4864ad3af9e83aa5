"""`--target`: the search aimed at one source line.

The line is the instructions its line-number table gives it, in the class under test or one of its
nested classes. An open node of a constraint tree is as close to the line as the fewest branches
between the instruction its outcome leads to and the line's instructions, or a call on the way to
them (a call that may run the line's method: the influence analysis's `runs`). The frontier takes
the closest nodes first (strategy.py), the members under test that may run the line come first
(pipeline/search.py), and the search stops as soon as a run reaches the line (session.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from jtc.analysis.flow import UNREACHABLE, branch_distances
from jtc.config import LineTarget
from jtc.errors import UsageError
from jtc.exploration.tree import Node
from jtc.model.classtable import ClassInfo, MethodInfo
from jtc.model.opcodes import INVOKEINTERFACE, INVOKEVIRTUAL
from jtc.model.types import InternalName, binary_name
from jtc.svm.path import DecisionKind

MethodKey = tuple[InternalName, str, str]  # owner, name, descriptor


@dataclass
class Aim:
    """`sites`: the line's instructions by method; `may_run(callee, line_methods)`: whether a call of
    `callee` may run one of the line's methods."""

    sites: dict[MethodInfo, frozenset[int]]
    may_run: Callable[[MethodKey, frozenset[MethodKey]], bool]
    _distances: dict[MethodInfo, list[float]] = field(default_factory=dict)

    @property
    def methods(self) -> frozenset[MethodKey]:
        return frozenset((m.owner, m.name, m.desc) for m in self.sites)

    def distance(self, node: Node) -> float:
        """Branches between the outcome of `node` and the line; UNREACHABLE for a statement choice
        or an outcome from which no path leads there."""
        parent = node.parent
        if parent is None or parent.site is None or parent.kind == DecisionKind.STATEMENT:
            return UNREACHABLE
        method, index = parent.site
        instruction = method.instructions[index] if 0 <= index < len(method.instructions) else None
        following = index
        if instruction is not None and instruction.is_conditional_jump and parent.kind == DecisionKind.BRANCH:
            following = instruction.operands[0] if node.label is True else index + 1
        elif parent.kind == DecisionKind.SWITCH and isinstance(node.label, int):
            following = node.label
        distances = self._distances_in(method)
        return distances[following] if 0 <= following < len(distances) else UNREACHABLE

    def _distances_in(self, method: MethodInfo) -> list[float]:
        found = self._distances.get(method)
        if found is None:
            goals = set(self.sites.get(method, ()))
            methods = self.methods
            goals.update(index for index, instruction in enumerate(method.instructions)
                         if INVOKEVIRTUAL <= instruction.opcode <= INVOKEINTERFACE
                         and self.may_run((instruction.operands[0], instruction.operands[1], instruction.operands[2]), methods))
            found = self._distances[method] = branch_distances(method, goals) if goals else \
                [UNREACHABLE] * len(method.instructions)
        return found

    def reached(self, visited: dict[MethodInfo, bytearray]) -> bool:
        """Did a run (its replay's visited instructions) reach the line?"""
        return any(visited.get(method, b"")[index] for method, indexes in self.sites.items() for index in indexes
                   if index < len(visited.get(method, b"")))


def aim_at(target: LineTarget, tables: Sequence[ClassInfo],
           may_run: Callable[[MethodKey, frozenset[MethodKey]], bool]) -> Aim:
    """The aim at `target` in the class whose table comes first in `tables` (its nested classes'
    after), or a usage error: a source file that is not the class's, a method it does not declare,
    a line without code."""
    table = tables[0]
    where = f"{binary_name(table.name)}"
    if target.source is not None:
        file = target.source.rpartition("/")[2]
        if table.source is not None and table.source != file:
            raise UsageError(f"--target: {target.source} is not the source of {where} (its source file is "
                             f"{table.source})")
        where = target.source
    methods = [m for t in tables for m in t.methods if m.instrumented]
    if target.method is not None:
        methods = [m for m in methods if m.name == target.method]
        if not methods:
            raise UsageError(f"--target: {binary_name(table.name)} declares no method {target.method}")
        where = f"{binary_name(table.name)}#{target.method}"
    sites = {m: frozenset(i for i, line in enumerate(m.lines) if line == target.line) for m in methods}
    sites = {m: indexes for m, indexes in sites.items() if indexes}
    if not sites:
        lines = sorted({line for m in methods for line in m.lines if line > 0})
        raise UsageError(f"--target: line {target.line} of {where} has no code (lines with code: "
                         f"{line_ranges(lines)})")
    return Aim(sites, may_run)


def line_ranges(lines: Sequence[int]) -> str:
    """Sorted line numbers as ranges: `3-5, 9, 12-14`."""
    ranges: list[list[int]] = []
    for line in lines:
        if ranges and line == ranges[-1][1] + 1:
            ranges[-1][1] = line
        else:
            ranges.append([line, line])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in ranges)
