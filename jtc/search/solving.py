"""Inputs for an unexplored node: a quick z3 attempt, then the seeded fallback search, then a
thorough z3 attempt.

z3 settles most queries within its quick resource limit; the ones it cannot (non-linear integer
arithmetic, floating point) often have plenty of solutions that a checked random search finds
faster than z3 proves anything, so the fallback runs before z3 is given more time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from jtc.search.seeds import Seeds
from jtc.search.templates import merge
from jtc.search.tree import NodeStatus
from jtc.solver import fallback
from jtc.solver.solver import SAT, UNSAT, Constraint, Solver
from jtc.svm.inputs import Assignment, InputVariables


@dataclass(frozen=True)
class Verdict:
    """Inputs that take the path (`assignment`), or why there are none (`closed`)."""

    assignment: Assignment | None
    closed: NodeStatus | None = None  # INFEASIBLE or TIMEOUT when there is no assignment


class SolveCascade:
    def __init__(self, solver: Solver, seeds: Seeds, rng: random.Random) -> None:
        self.solver = solver
        self.seeds = seeds
        self.rng = rng
        self.fallback_solutions = 0

    def solve(self, variables: InputVariables, prefix: list[Constraint], goal: Constraint, base: Assignment,
              deadline: float) -> Verdict:
        """Inputs for `prefix ∧ goal`, starting from `base` (a parent execution's inputs: the ones
        the constraints leave free keep their values)."""
        descs, by_name = variables.descs, variables.by_name()
        for thorough in (False, True):
            result = self.solver.solve(prefix, goal, descs, by_name, thorough=thorough)
            if result.status == SAT:
                return Verdict(merge(base, result.assignment))
            if result.status == UNSAT:
                return Verdict(None, NodeStatus.INFEASIBLE)
            if not thorough:
                relevant = self.solver.slice(prefix, goal) + [goal]
                names = sorted(set().union(*(c.variables for c in relevant)))
                found = fallback.search([c.expr for c in relevant], by_name, descs, names, base, self.rng,
                                        seeds=self.seeds.candidates, deadline=deadline)
                if found is not None:
                    self.fallback_solutions += 1
                    return Verdict(merge(base, found))
        return Verdict(None, NodeStatus.TIMEOUT)
