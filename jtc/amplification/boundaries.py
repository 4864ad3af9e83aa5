"""Boundary values (issue 9, item 5): inputs on the edge of each comparison the search reached.

A comparison changed at its boundary (`<` for `<=`, an off-by-one constant) behaves differently only
where the compared values are equal; the search flips each branch with whatever inputs the solver
gives, which rarely sit on the edge (`bmi < 18.5` is covered by 17 and 21). So once the search is
done, for each ordering comparison on inputs that the given executions' paths met (a branch's, or one
that a library call makes and hides in its result, as `Math.min`; one per decision), z3 is asked for
inputs that take the same path up to it with both sides equal (`bmi == 18.5`, `a == Long.MAX_VALUE -
b`, `hours * rate == cap`), and, for integers, one apart on the side the path took (`b == 1` for
`b > 0`), and they are run.

This runs after the search, bounded by a number of runs and a deadline of its own, so the search's
loop pays nothing for it; the runs go to their own executor and do not count as the search's.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

import z3

from jtc.deadline import DeadlineReached
from jtc.execution.runs import Execution, Executor
from jtc.svm.path import Decision, DecisionKind

if TYPE_CHECKING:
    from jtc.exploration.session import ClassSession

# z3 kinds of the ordering comparisons (signed and unsigned bit-vectors, floating point), whose
# boundary is the equality of their two sides.
_ORDERINGS = frozenset({z3.Z3_OP_SLT, z3.Z3_OP_SLEQ, z3.Z3_OP_SGT, z3.Z3_OP_SGEQ, z3.Z3_OP_ULT, z3.Z3_OP_ULEQ,
                        z3.Z3_OP_UGT, z3.Z3_OP_UGEQ, z3.Z3_OP_FPA_LT, z3.Z3_OP_FPA_LE, z3.Z3_OP_FPA_GT,
                        z3.Z3_OP_FPA_GE})
_UNSIGNED = frozenset({z3.Z3_OP_ULT, z3.Z3_OP_ULEQ, z3.Z3_OP_UGT, z3.Z3_OP_UGEQ})


def _ordering(condition: z3.ExprRef) -> z3.ExprRef | None:
    """The one ordering comparison a decision's condition makes, under the negations, the NaN
    disjunct that `dcmpg`/`dcmpl` add (`Or(isNaN(a) or isNaN(b), a < b)`) and the cases of a library
    model's comparison (`Math.max` of doubles: `a` if NaN, if both are zeros by their signs, else by
    `a >= b`); None when it makes none or several."""
    if z3.is_app(condition) and condition.decl().kind() in _ORDERINGS:
        return condition
    if not (z3.is_not(condition) or z3.is_or(condition) or z3.is_and(condition) or z3.is_app_of(condition, z3.Z3_OP_ITE)):
        return None
    found = [ordering for part in condition.children() if (ordering := _ordering(part)) is not None]
    return found[0] if len(found) == 1 and all(f.eq(found[0]) for f in found) else None


def goals(decision: Decision) -> tuple[z3.BoolRef, ...]:
    """The conditions that put a branch's ordering comparison, or one a library call makes
    (`Math.min(cap, hours * rate)`), on its boundary: its two sides equal, and, for integers, one apart
    on the side the path took (where a constant off by one shows: `b > 0` against `b > 1` differ only
    at `b == 1`); none for other decisions (equalities, null checks, implicit checks, switches)."""
    if decision.kind not in (DecisionKind.BRANCH, DecisionKind.COMPARISON):
        return ()
    ordering = _ordering(decision.condition)
    if ordering is None:
        return ()
    left, right = ordering.arg(0), ordering.arg(1)
    if z3.is_fp(left):
        return (z3.fpEQ(left, right),)
    # One bit wider, the difference does not wrap around (MIN_VALUE - MAX_VALUE is 1 in 32 bits).
    extend = z3.ZeroExt if ordering.decl().kind() in _UNSIGNED else z3.SignExt
    difference = extend(1, left) - extend(1, right)
    return left == right, z3.And(decision.cond, z3.Or(difference == 1, difference == -1))


def boundary_runs(session: ClassSession, bases: list[Execution], executor: Executor, max_runs: int,
                  deadline: float = math.inf) -> list[Execution]:
    """Runs, by `executor`, of inputs on the boundary of each ordering comparison the paths of `bases`
    (executions of `session`'s search) met, first site first: at most `max_runs`, until `deadline`."""
    solver = session.cascade.solver
    tried: set[object] = set()
    for execution in bases:
        replay, template = execution.replay, session.template_of(execution)
        if replay is None or template is None:
            continue
        variables = template.variables()
        domain = [solver.constraint(c) for c in variables.domain()]
        for position, decision in enumerate(replay.decisions):
            if len(executor.executions) >= max_runs or time.monotonic() >= deadline:
                return list(executor.executions)
            where = (decision.site, decision.labels)  # a call may compare twice (clamp: min, then max)
            if where in tried or not goals(decision):
                continue
            tried.add(where)
            prefix = domain + [solver.constraint(d.cond) for d in replay.decisions[:position]]
            for goal in goals(decision):
                if len(executor.executions) >= max_runs:
                    break
                verdict = session.cascade.solve(variables, prefix, solver.constraint(goal), execution.assignment,
                                                deadline)
                if verdict.assignment is None:
                    continue
                try:
                    executor.execute(template.build(verdict.assignment), variables, verdict.assignment, deadline)
                except DeadlineReached:
                    return list(executor.executions)
    return list(executor.executions)
