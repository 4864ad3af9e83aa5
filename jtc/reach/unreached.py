"""The lines of the class under test that no run of the search reached, each told apart as
*unreachable* or *not reached within the budget*.

A line is reached when a run executed one of its instructions. The code no run executed is entered
from executed code over control-flow edges; a line is unreachable when every such entry that leads
to it is a branch outcome the constraint tree closed as infeasible (z3 found no inputs: unsat) on
every path that came to that branch, and not reached otherwise (an outcome still open, given up
by the solver, decided by no input, an exception handler, a method never called). What is proved
is relative to the paths the search explored. The condition shown is the smallest part of the
infeasible path's condition that z3 still finds unsat (its unsat core), in Java.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Hashable

import z3

from jtc.analysis.flow import reach, successors
from jtc.execution.runs import Execution
from jtc.exploration.tree import ConstraintTree, Node, NodeStatus
from jtc.model.classtable import MethodInfo
from jtc.model.opcodes import ALOAD, INVOKESPECIAL, RETURN
from jtc.reach.java_conditions import java_conjunction
from jtc.svm.path import DecisionKind

CORE_TIMEOUT_MS = 2_000  # per unsat core; the condition is shown whole when z3 takes longer


class Why(StrEnum):
    UNREACHABLE = "unreachable"  # every way in is a branch outcome proved infeasible (unsat)
    NOT_REACHED = "not reached within the budget"


@dataclass(frozen=True)
class UnreachedLine:
    line: int
    why: Why
    condition: str | None = None  # for an unreachable line: the infeasible condition, in Java

    def to_json(self) -> dict:
        return {"line": self.line, "why": str(self.why), "condition": self.condition}

    @staticmethod
    def from_json(data: dict) -> UnreachedLine:
        return UnreachedLine(data["line"], Why(data["why"]), data.get("condition"))


Edge = tuple[MethodInfo, int, Hashable]  # a branch's site and outcome, as coverage labels it


def unreached_lines(methods: Sequence[MethodInfo], executions: Iterable[Execution], trees: Iterable[ConstraintTree],
                    domain: Callable[[Node], list[z3.BoolRef]]) -> list[UnreachedLine]:
    """The unreached lines of `methods` (the class's and its nested classes'), by line number;
    `domain(node)`: the constraints every input of the path through `node` meets."""
    visited: dict[MethodInfo, set[int]] = defaultdict(set)
    for execution in executions:
        if execution.replay is not None:
            for method, flags in execution.replay.visited.items():
                visited[method].update(index for index, flag in enumerate(flags) if flag)
    outcomes: dict[Edge, list[Node]] = defaultdict(list)
    for tree in trees:
        for node in tree.walk():
            parent = node.parent
            if parent is not None and parent.site is not None and parent.kind in (DecisionKind.BRANCH,
                                                                                 DecisionKind.SWITCH):
                outcomes[(*parent.site, node.label)].append(node)
    found: dict[int, UnreachedLine] = {}
    conditions: dict[Node, str] = {}  # one proof may cover many lines
    methods = [method for method in methods if counts(method)]
    for method in methods:
        for line, proof in _method_lines(method, visited[method], outcomes).items():
            if proof is None:
                found[line] = UnreachedLine(line, Why.NOT_REACHED)
            elif line not in found:
                if proof not in conditions:
                    conditions[proof] = _condition(proof, domain(proof))
                found[line] = UnreachedLine(line, Why.UNREACHABLE, conditions[proof])
    reached = {method.lines[i] for method in methods for i in visited[method]}
    return [found[line] for line in sorted(found) if line not in reached]


def counts(method: MethodInfo) -> bool:
    """Whether a method's lines count, as JaCoCo counts them: not a bridge or other synthetic method
    (lambda bodies count), nor a private constructor without arguments that only calls `super()`,
    the one a utility class declares so that it is never called."""
    if method.is_synthetic and not method.name.startswith("lambda$"):
        return False
    return not (method.is_constructor and method.is_private and method.desc == "()V"
                and [i.opcode for i in method.instructions] == [ALOAD, INVOKESPECIAL, RETURN])


def _method_lines(method: MethodInfo, visited: set[int], outcomes: dict[Edge, list[Node]]) -> dict[int, Node | None]:
    """The unreached lines of one method, each with an infeasible node that proves it unreachable,
    or None."""
    everything = set(range(len(method.instructions)))
    unvisited = everything - visited
    lines = {method.lines[i] for i in unvisited if method.lines[i] > 0}
    if not lines:
        return {}
    if not visited:  # never called
        return dict.fromkeys(lines)
    proofs: dict[int, Node | None] = {}
    unproved: set[int] = set()
    regions: dict[int, set[int]] = {}  # the lines the unvisited code from an instruction on reaches
    for before in sorted(visited):
        plain = successors(method, before, handlers=False)
        for after in successors(method, before):
            if after in visited:
                continue
            proof = _infeasible(method, before, after, outcomes) if after in plain else None
            if after not in regions:
                regions[after] = {method.lines[i] for i in reach(method, [after], unvisited)}
            region = regions[after]
            if proof is None:
                unproved |= region
            else:
                for line in region:
                    proofs.setdefault(line, proof)
    return {line: None if line in unproved else proofs.get(line) for line in lines}


def _infeasible(method: MethodInfo, before: int, after: int, outcomes: dict[Edge, list[Node]]) -> Node | None:
    """A node closing the outcome of the branch at `before` that leads to `after` as infeasible,
    when every node of that outcome is; None otherwise."""
    instruction = method.instructions[before]
    if instruction.is_conditional_jump:
        labels: list[Hashable] = [label for label, target in ((True, instruction.operands[0]), (False, before + 1))
                                  if target == after]
    else:
        labels = [after]
    nodes = [node for label in labels for node in outcomes.get((method, before, label), [])]
    if not nodes or any(node.status != NodeStatus.INFEASIBLE for node in nodes):
        return None
    return min(nodes, key=lambda node: (node.depth, node.order))


def _condition(node: Node, domain: list[z3.BoolRef]) -> str:
    """The path condition of an infeasible node cut to its unsat core, in Java."""
    conditions: list[z3.BoolRef] = []
    current: Node | None = node
    while current is not None and current.parent is not None:
        condition = current.condition()
        if not z3.is_true(condition):
            conditions.append(condition)
        current = current.parent
    conditions.reverse()
    solver = z3.Solver()
    solver.set("timeout", CORE_TIMEOUT_MS)
    solver.set("core.minimize", True)
    solver.add(*domain)
    markers = [z3.Bool(f"jtc.path.{position}") for position in range(len(conditions))]
    for marker, condition in zip(markers, conditions):
        solver.assert_and_track(condition, marker)
    if solver.check() == z3.unsat:
        core = {str(marker) for marker in solver.unsat_core()}
        conditions = [c for marker, c in zip(markers, conditions) if str(marker) in core] or conditions
    return java_conjunction(conditions)
