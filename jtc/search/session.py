"""Concolic exploration of one class: one constraint tree per method under test, one shared budget.

Each step either runs a method's first (seeded random) inputs, or picks the most promising
unexplored node over all trees, solves its path, runs the answer and checks that the execution
followed the predicted path and flipped the branch (architecture decision 7).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from jtc.model.classtable import MethodInfo
from jtc.search.execution import Execution, Executor
from jtc.search.seeds import Seeds
from jtc.search.strategy import CoverageMap, Frontier
from jtc.search.templates import ProgramTemplate, merge
from jtc.search.tree import DIVERGED, INFEASIBLE, OTHER, TIMEOUT, UNEXPLORED, ConstraintTree, Node
from jtc.solver import fallback
from jtc.solver.solver import SAT, UNSAT, Constraint, Solver
from jtc.svm.inputs import Assignment
from jtc.svm.path import Decision


@dataclass
class Target:
    """A method under test with its template, variables and constraint tree."""

    method: MethodInfo
    template: ProgramTemplate
    tree: ConstraintTree = field(default_factory=ConstraintTree)
    started: bool = False

    def __post_init__(self) -> None:
        self.variables = self.template.variables()
        self.domain = self.variables.domain()  # conditions every input satisfies (lengths in range)


@dataclass
class SearchReport:
    executions: list[Execution]
    targets: list[Target]
    divergences: dict[str, int]  # site description -> count
    infeasible_reached: int
    nondeterministic: int  # paths that contradicted the tree at the same prefix
    fallback_solutions: int
    seconds: float
    stopped_by: str  # "exhausted", "time", "executions"


class ClassSession:
    def __init__(self, targets: list[Target], executor: Executor, solver: Solver, strategy: str, seed: int,
                 max_depth: int, seeds: Seeds = Seeds()) -> None:
        self.targets = targets
        self.executor = executor
        self.solver = solver
        self.rng = random.Random(seed)
        self.max_depth = max_depth
        self.seeds = seeds
        self.coverage = CoverageMap()
        self.frontier = Frontier(strategy, self.coverage, self.rng)
        self.divergences: dict[str, int] = {}
        self.infeasible_reached = 0
        self.nondeterministic = 0
        self.fallback_solutions = 0
        self.deadline = math.inf  # time.monotonic() when the running search must stop

    def run(self, time_budget: float, max_executions: int | None = None) -> SearchReport:
        started = time.monotonic()
        self.deadline = started + time_budget
        stopped_by = "exhausted"
        while True:
            if time.monotonic() >= self.deadline:
                stopped_by = "time"
                break
            if max_executions is not None and len(self.executor.executions) >= max_executions:
                stopped_by = "executions"
                break
            fresh = next((t for t in self.targets if not t.started), None)
            if fresh is not None:
                self._run_initial(fresh)
                continue
            picked = self.frontier.pop()
            if picked is None:
                break
            node, target = picked
            self._explore(target, node)  # type: ignore[arg-type]
            if node.label == OTHER and node.status == UNEXPLORED:
                self.frontier.add(target, [node])
        return SearchReport(self.executor.executions, self.targets, self.divergences, self.infeasible_reached,
                            self.nondeterministic, self.fallback_solutions, time.monotonic() - started, stopped_by)

    # ---- steps ---------------------------------------------------------------------------------

    def _run_initial(self, target: Target) -> None:
        target.started = True
        assignment = target.template.initial_assignment(self.rng)
        self._run(target, assignment)

    def _explore(self, target: Target, node: Node) -> None:
        tree = target.tree
        constraints = node.path_constraints(self.solver.constraint)
        prefix = [self.solver.constraint(c) for c in target.domain] + constraints[:-1]
        goal = constraints[-1]
        base = self.executor.executions[node.parent.witness].assignment  # type: ignore[union-attr, index]
        assignment = self._solve(target, node, prefix, goal, base)
        if assignment is None:
            return
        labels_before = set(node.parent.children)  # type: ignore[union-attr]
        execution = self._run(target, assignment)
        if execution.replay is None:
            tree.mark(node, TIMEOUT)
            return
        left_at = self._divergence(node, execution.replay.decisions, labels_before)
        if left_at is not None:
            method, index = left_at.parent.site  # type: ignore[union-attr, misc]
            site = f"{method.qualified_name}#{index} (line {method.line_of(index)})"
            self.divergences[site] = self.divergences.get(site, 0) + 1
            if node.status not in ("computation", "terminal"):
                tree.mark(node, DIVERGED)

    def _solve(self, target: Target, node: Node, prefix: list[Constraint], goal: Constraint,
               base: Assignment) -> Assignment | None:
        """Inputs for the path to `node`: a quick z3 attempt, then the seeded fallback search, then a
        thorough z3 attempt. Marks the node INFEASIBLE or TIMEOUT when there are none."""
        descs, variables = target.variables.descs, target.variables.by_name()
        for thorough in (False, True):
            result = self.solver.solve(prefix, goal, descs, variables, thorough=thorough)
            if result.status == SAT:
                return merge(base, result.assignment)
            if result.status == UNSAT:
                target.tree.mark(node, INFEASIBLE)
                return None
            if not thorough:
                relevant = self.solver.slice(prefix, goal) + [goal]
                names = sorted(set().union(*(c.variables for c in relevant)))
                found = fallback.search([c.expr for c in relevant], variables, descs, names, base, self.rng,
                                        seeds=self.seeds.candidates, deadline=self.deadline)
                if found is not None:
                    self.fallback_solutions += 1
                    return merge(base, found)
        target.tree.mark(node, TIMEOUT)
        return None

    def _run(self, target: Target, assignment: Assignment) -> Execution:
        program = target.template.build(assignment)
        execution = self.executor.execute(program, target.variables, assignment)
        replay = execution.replay
        if replay is not None:
            decisions = replay.decisions[:self.max_depth]
            insertion = target.tree.insert(decisions, execution.index, complete=replay.desync is None)
            self.infeasible_reached += len(insertion.reached_infeasible)
            if insertion.mismatch is not None:
                self.nondeterministic += 1
            self.coverage.add(replay.edges, decisions)
            self.frontier.add(target, insertion.created)
        return execution

    # ---- correctness check -----------------------------------------------------------------------

    @staticmethod
    def _expected(node: Node) -> list[Node]:
        chain = []
        current: Node | None = node
        while current is not None and current.parent is not None:
            chain.append(current)
            current = current.parent
        chain.reverse()
        return chain

    def _divergence(self, node: Node, decisions: list[Decision], labels_before: set) -> Node | None:
        """The node on the predicted path where the execution went elsewhere, or None if it arrived."""
        for depth, expected in enumerate(self._expected(node)):
            if depth >= len(decisions) or decisions[depth].site != expected.parent.site:  # type: ignore[union-attr]
                return expected
            label = decisions[depth].label
            if expected.label == OTHER:
                return None if label not in labels_before else expected
            if label != expected.label:
                return expected
        return None
