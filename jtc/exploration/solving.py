"""Inputs for an unexplored node: a fast z3 attempt, the seeded fallback search, a refutation by
the conditions on the goal's own variables, a quick z3 attempt, then a thorough one.

Most path queries are small comparisons that z3 answers within a small resource limit (the fast
attempt: on TreeMap and BinomialHeap all but one of 1,242 queries). Of the rest, many are non-linear
(integer multiplication, floating point, a String's hash) with plenty of solutions that a checked
local search finds in milliseconds, while z3 spends a tenth of a second or more giving up on them; so
the fallback comes before z3 is given more time (measured on commons-lang3: BooleanUtils' fallback
answered 60 of the 64 queries the quick attempt gave up on, NumberUtils' all 19).

Each decision site keeps a record of how each attempt went, and so does the class as a whole. A
site (or a class) whose attempts of one level keep giving up gets them only now and then (after 2,
4, 8 ... skipped queries): a loop over a non-linear computation (a continued fraction) otherwise
spends the thorough limit, seconds each, at every unrolling. Every query still gets the fallback and
at least one z3 attempt (the quick one when the fast one was skipped). The records depend only on
the order of the queries, which is deterministic, so the same run still gives the same tests.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Hashable

from jtc.exploration.seeds import Seeds
from jtc.exploration.templates import merge
from jtc.exploration.tree import NodeStatus
from jtc.solver import fallback
from jtc.solver.solver import SAT, UNSAT, Constraint, Level, Solver
from jtc.svm.inputs import Assignment, InputVariables

GIVE_UP_AFTER = 2  # attempts of one level at one site that gave up, more than it settled, before some are skipped
CLASS = ("class",)  # the record of all sites together: a class whose queries z3 cannot settle anywhere


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

    def ready(self) -> bool:
        """Attempt this query? Once the attempts here gave up GIVE_UP_AFTER times and more often than
        they settled, one is made only after 2, 4, 8 ... skipped queries (doubling with each more)."""
        excess = self.gave_up - self.settled
        return self.gave_up < GIVE_UP_AFTER or excess <= 0 or self.skipped >= 2 ** (excess - 1)

    def add(self, status: str, level: Level) -> None:
        """Count an attempt's result. A thorough attempt counts only when it finds inputs: proving a
        node infeasible closes it no better than giving up would, and costs as much."""
        if status == SAT or status == UNSAT and level != Level.THOROUGH:
            self.settled += 1
        else:
            self.gave_up += 1


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
        attempted = False
        for level in (Level.FAST, None, Level.QUICK, Level.THOROUGH):
            if level is None:
                relevant = self.solver.slice(prefix, goal) + [goal]
                names = sorted(set().union(*(c.variables for c in relevant)))
                # terms no input sets (regex_near's pieces) are the solver's to find
                found = fallback.search([c.expr for c in relevant], by_name, descs, names, base, self.rng,
                                        seeds=self.seeds.candidates, deadline=deadline) \
                    if all(name in descs for name in names) else None
                if found is not None:
                    self.fallback_solutions += 1
                    return Verdict(merge(base, found))
                if self.solver.refutes(prefix, goal, descs, deadline):
                    return Verdict(None, NodeStatus.INFEASIBLE)
                continue
            records = [self.sites.setdefault((where, level), SiteRecord()) for where in (site, CLASS)]
            forced = level == Level.QUICK and not attempted
            if not forced and not all(record.ready() for record in records):
                self.skipped += 1
                for record in records:
                    record.skipped += 1
                continue
            attempted = True
            result = self.solver.solve(prefix, goal, descs, by_name, level, deadline)
            for record in records:
                record.skipped = 0
                record.add(result.status, level)
            if result.status == SAT:
                return Verdict(merge(base, result.assignment))
            if result.status == UNSAT:
                return Verdict(None, NodeStatus.INFEASIBLE)
        return Verdict(None, NodeStatus.TIMEOUT)
