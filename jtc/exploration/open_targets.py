"""Which members under test still have something to gain from longer sequences.

Iterative deepening enumerates every candidate of a length for every member under test, and the
count doubles with each length. A member whose reachable branches (its own and those of every
method it may run) have all been taken both ways, and whose comparisons inside library calls met so
far (`Math.min(cap, hours * rate)`: capped and not) have all come out every way, gains nothing from
more sequences, so its candidates are skipped and the budget goes to the members that still have
open branches. A comparison is known only once a run met it (no branch instruction marks it), so a
member closed before is opened again when a run meets a new one.
"""

from __future__ import annotations

from typing import Callable

from jtc.model.classtable import MethodInfo
from jtc.model.opcodes import LOOKUPSWITCH, TABLESWITCH
from jtc.calls.invokables import Invokable
from jtc.exploration.strategy import CoverageMap


def branch_edges(method: MethodInfo) -> set[tuple[MethodInfo, int, object]]:
    """Every outcome of every branch and switch of `method`, as the VM labels coverage edges."""
    edges: set[tuple[MethodInfo, int, object]] = set()
    for index, instruction in enumerate(method.instructions):
        if instruction.is_conditional_jump:
            edges.update({(method, index, True), (method, index, False)})
        elif instruction.opcode in (TABLESWITCH, LOOKUPSWITCH):
            edges.update((method, index, target) for target in instruction.switch_targets)
    return edges


class OpenTargets:
    def __init__(self, targets: list[Invokable], runs: Callable[[Invokable], list[MethodInfo]],
                 coverage: CoverageMap) -> None:
        self.targets = targets
        self._runs = runs
        self.coverage = coverage
        self.ran: set[Invokable] = set()  # targets some execution reached (their lines count too)
        self._edges: dict[Invokable, set] = {}
        self._methods: dict[Invokable, set[MethodInfo]] = {}
        self._closed: dict[Invokable, int] = {}  # closed members, with the comparison outcomes known then

    def any_open(self) -> bool:
        return any(self.is_open(target) for target in self.targets)

    def any_unran(self) -> bool:
        """Is a member under test left that no execution has reached yet?"""
        return any(target not in self.ran and target not in self._closed for target in self.targets)

    def is_open(self, target: Invokable) -> bool:
        comparisons = self.coverage.comparison_outcomes
        if self._closed.get(target) == comparisons:
            return False
        if target not in self.ran:
            return True
        edges = self._edges.get(target)
        if edges is None:
            methods = self._methods[target] = set(self._runs(target))
            edges = self._edges[target] = set().union(*(branch_edges(m) for m in methods))
        edges -= self.coverage.edges
        if edges or self.coverage.open_comparisons(self._methods[target]):
            return True
        self._closed[target] = comparisons
        return False
