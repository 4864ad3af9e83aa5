"""Inputs for an unexplored node: a fast z3 attempt, a quick one, then the seeded fallback search,
then a thorough z3 attempt.

Most path queries are small comparisons that z3's plain SMT core answers within a small resource
limit (the fast attempt); the rest go to z3's default solver under the quick limit. The ones it
cannot settle (non-linear integer arithmetic, floating point) often have plenty of solutions that
a checked random search finds faster than z3 proves anything, so the fallback runs before z3 is
given more time.

Each decision site keeps a record of how its queries went. A site whose fast attempts keep giving
up skips them, and a site whose thorough attempts keep giving up gets them only now and then (after
2, 4, 8 ... skipped queries): a loop over a non-linear computation (a continued fraction, a hash)
otherwise spends the thorough limit, seconds each, at every unrolling. Every query still gets the
quick attempt and the fallback. The records depend only on the order of the queries, which is
deterministic, so the same run still gives the same tests.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Hashable

from jtc.search.seeds import Seeds
from jtc.search.templates import merge
from jtc.search.tree import NodeStatus
from jtc.solver import fallback
from jtc.solver.solver import SAT, UNKNOWN, UNSAT, Constraint, Level, Solver
from jtc.svm.inputs import Assignment, InputVariables

GIVE_UP_AFTER = 2  # attempts of one level at one site that gave up, more than it settled, before some are skipped


@dataclass(frozen=True)
class Verdict:
    """Inputs that take the path (`assignment`), or why there are none (`closed`)."""

    assignment: Assignment | None
    closed: NodeStatus | None = None  # INFEASIBLE or TIMEOUT when there is no assignment


@dataclass
class SiteRecord:
    """How the attempts of one level went at one decision site."""

    settled: int = 0
    gave_up: int = 0
    skipped: int = 0  # queries since the last attempt

    def due(self) -> bool:
        """Attempt this query? Once the attempts here gave up GIVE_UP_AFTER times and more often than
        they settled, one is made only after 2, 4, 8 ... skipped queries (doubling with each more)."""
        excess = self.gave_up - self.settled
        if self.gave_up < GIVE_UP_AFTER or excess <= 0 or self.skipped >= 2 ** (excess - 1):
            self.skipped = 0
            return True
        self.skipped += 1
        return False

    def add(self, status: str) -> None:
        if status == UNKNOWN:
            self.gave_up += 1
        else:
            self.settled += 1


class SolveCascade:
    def __init__(self, solver: Solver, seeds: Seeds, rng: random.Random) -> None:
        self.solver = solver
        self.seeds = seeds
        self.rng = rng
        self.fallback_solutions = 0
        self.sites: dict[tuple[Hashable, Level], SiteRecord] = {}
        self.skipped = 0  # attempts not made because their site's attempts of that level kept giving up

    def solve(self, variables: InputVariables, prefix: list[Constraint], goal: Constraint, base: Assignment,
              deadline: float = math.inf, site: Hashable = None) -> Verdict:
        """Inputs for `prefix ∧ goal`, starting from `base` (a parent execution's inputs: the ones
        the constraints leave free keep their values). `site` names the decision the goal flips,
        for the records of how queries there went."""
        descs, by_name = variables.descs, variables.by_name()
        for level in Level:
            record = self.sites.setdefault((site, level), SiteRecord())
            if level != Level.QUICK and not record.due():
                self.skipped += 1
            else:
                result = self.solver.solve(prefix, goal, descs, by_name, level, deadline)
                record.add(result.status)
                if result.status == SAT:
                    return Verdict(merge(base, result.assignment))
                if result.status == UNSAT:
                    return Verdict(None, NodeStatus.INFEASIBLE)
            if level == Level.QUICK:
                relevant = self.solver.slice(prefix, goal) + [goal]
                names = sorted(set().union(*(c.variables for c in relevant)))
                found = fallback.search([c.expr for c in relevant], by_name, descs, names, base, self.rng,
                                        seeds=self.seeds.candidates, deadline=deadline)
                if found is not None:
                    self.fallback_solutions += 1
                    return Verdict(merge(base, found))
        return Verdict(None, NodeStatus.TIMEOUT)
