"""The constraint tree (seed 002, §3.3): every explored path of one program, so none runs twice.

A node is the state after some decisions; if executions have passed it, it knows the decision made
there (site and kind) and has one child per outcome, each child carrying the condition that selects
it. Outcomes not yet taken are UNEXPLORED children; solving the path to one either runs it
(COMPUTATION), proves it INFEASIBLE, or gives up (TIMEOUT). Paths end in TERMINAL nodes. An
unexplored child whose solved input took another path is DIVERGED (and counted), so it is not
retried forever.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import StrEnum
from typing import Callable, Hashable, Iterator

import z3

from jtc.solver.solver import Constraint
from jtc.svm.path import Decision, DecisionKind, Site


class NodeStatus(StrEnum):
    COMPUTATION = "computation"  # some execution passed here
    UNEXPLORED = "unexplored"
    TERMINAL = "terminal"  # a path ended here
    INFEASIBLE = "infeasible"  # the solver proved no input reaches it
    TIMEOUT = "timeout"  # the solver gave up
    DIVERGED = "diverged"  # solved inputs took another path (a correctness violation, counted)


OTHER = ("other",)  # label of the "any other value" child of an open decision


class Node:
    __slots__ = ("parent", "label", "cond", "depth", "status", "site", "kind", "children", "open_term",
                 "witness", "order", "implies", "_constraint", "_other_known")

    _orders = itertools.count()

    def __init__(self, parent: Node | None, label: Hashable, cond: z3.BoolRef | None, status: NodeStatus) -> None:
        self.parent = parent
        self.label = label
        self.cond = cond
        self.depth: int = 0 if parent is None else parent.depth + 1
        self.status = status
        self.site: Site | None = None  # the decision made at this node
        self.kind: DecisionKind | None = None
        self.children: dict[Hashable, Node] = {}
        self.open_term: z3.ExprRef | None = None
        self.implies: int | None = None  # the ast id of an earlier condition every outcome here implies
        self.witness: int | None = None  # an execution that passed here (its inputs seed the next query)
        self.order = next(Node._orders)  # creation order, for deterministic tie-breaking
        self._constraint: Constraint | None = None
        self._other_known = 0  # for an OTHER node: how many outcomes its parent had when _constraint was made

    def path_constraints(self, make: Callable[[z3.BoolRef], Constraint]) -> list[Constraint]:
        """The conditions from the root to this node (its own last), as solver constraints cached per
        node; an ancestor's condition that a later decision's outcomes imply is left out (Decision.implies)."""
        constraints: list[Constraint] = []
        implied: set[int] = set()
        node: Node | None = self
        while node is not None and (parent := node.parent) is not None:
            if parent.implies is not None:
                implied.add(parent.implies)
            if implied and node.cond is not None and node.cond.get_id() in implied:
                node = parent
                continue
            if node.label == OTHER:
                # "none of the outcomes seen so far": rebuilt only when the parent gained an outcome
                known = len(parent.children)
                if node._constraint is None or node._other_known != known:
                    node._constraint, node._other_known = make(node.condition()), known
            elif node._constraint is None:
                node._constraint = make(node.cond)
            constraints.append(node._constraint)
            node = parent
        constraints.reverse()
        return constraints

    def condition(self) -> z3.BoolRef:
        """The node's condition; for the "any other outcome" node of an open decision, that none of
        the outcomes taken so far holds."""
        if self.label == OTHER:
            taken = [child.cond for label, child in self.parent.children.items() if label != OTHER]  # type: ignore[union-attr]
            return z3.And([z3.Not(cond) for cond in taken])
        return self.cond

    def edge_key(self) -> tuple[Site, DecisionKind, Hashable] | None:
        parent = self.parent
        return None if parent is None or parent.site is None else (parent.site, parent.kind, self.label)  # type: ignore[return-value]

    def __repr__(self) -> str:
        return f"<node d={self.depth} {self.status} label={self.label!r}>"


@dataclass
class Insertion:
    """What adding one path did to the tree."""

    leaf: Node
    created: list[Node]  # new UNEXPLORED nodes
    reached: list[Node]  # nodes that were UNEXPLORED/TIMEOUT/DIVERGED before and are now executed
    reached_infeasible: list[Node]  # nodes the solver had proved infeasible: a correctness violation
    mismatch: Decision | None  # a decision that contradicts the tree (same prefix, other site)


class ConstraintTree:
    def __init__(self) -> None:
        self.root = Node(None, None, None, NodeStatus.UNEXPLORED)
        self.unexplored: dict[Node, None] = {}  # insertion-ordered set
        self.paths = 0

    def insert(self, decisions: list[Decision], execution: int, complete: bool = True) -> Insertion:
        """Merge one executed path; `complete` is False when the replay stopped early."""
        self.paths += 1
        node = self.root
        node.status = NodeStatus.COMPUTATION
        node.witness = execution if node.witness is None else node.witness
        created: list[Node] = []
        reached: list[Node] = []
        reached_infeasible: list[Node] = []
        for decision in decisions:
            if node.site is None:
                node.site, node.kind, node.open_term = decision.site, decision.kind, decision.open_term
                node.implies = decision.implies.get_id() if decision.implies is not None else None
                for label, cond in decision.others():
                    if label not in node.children:
                        created.append(self._add(node, label, cond, NodeStatus.UNEXPLORED))
                if decision.open_term is not None and OTHER not in node.children:
                    created.append(self._add(node, OTHER, None, NodeStatus.UNEXPLORED))
            elif node.site != decision.site or node.kind != decision.kind:
                return Insertion(node, created, reached, reached_infeasible, decision)
            child = node.children.get(decision.label)
            if child is None:
                child = self._add(node, decision.label, decision.cond, NodeStatus.COMPUTATION)
            elif child.status != NodeStatus.COMPUTATION and child.status != NodeStatus.TERMINAL:
                (reached_infeasible if child.status == NodeStatus.INFEASIBLE else reached).append(child)
                self.unexplored.pop(child, None)
                child.status = NodeStatus.COMPUTATION
            if child.witness is None:
                child.witness = execution
            node = child
        if complete and node.site is None:
            node.status = NodeStatus.TERMINAL
        return Insertion(node, created, reached, reached_infeasible, None)

    def _add(self, parent: Node, label: Hashable, cond: z3.BoolRef | None, status: NodeStatus) -> Node:
        child = Node(parent, label, cond, status)
        parent.children[label] = child
        if status == NodeStatus.UNEXPLORED:
            self.unexplored[child] = None
        return child

    def open_child(self, parent: Node, label: Hashable, cond: z3.BoolRef) -> Node:
        """A new UNEXPLORED outcome below `parent` that no decision announced (a statement choice)."""
        return self._add(parent, label, cond, NodeStatus.UNEXPLORED)

    def mark(self, node: Node, status: NodeStatus) -> None:
        """Close an unexplored node as INFEASIBLE, TIMEOUT or DIVERGED."""
        node.status = status
        self.unexplored.pop(node, None)

    def open_nodes(self) -> Iterator[Node]:
        return iter(self.unexplored)

    def count(self, status: NodeStatus) -> int:
        return sum(1 for node in self.walk() if node.status == status)

    def walk(self) -> Iterator[Node]:
        pending = [self.root]
        while pending:
            node = pending.pop()
            yield node
            pending.extend(node.children.values())

    @property
    def exhausted(self) -> bool:
        return not self.unexplored
