"""The solve cascade: fast, quick, fallback, thorough; sites whose attempts keep giving up get cheaper ones."""

from __future__ import annotations

import random

import z3

from jtc.search.seeds import Seeds
from jtc.search.solving import GIVE_UP_AFTER, SolveCascade
from jtc.search.tree import NodeStatus
from jtc.solver.solver import Solver
from jtc.svm.inputs import InputVariables, PrimitiveInput


def _cascade() -> tuple[SolveCascade, InputVariables, z3.ExprRef]:
    variables = InputVariables({(0, 0): PrimitiveInput("x", "J")})
    solver = Solver(rlimit=1, quick_rlimit=1, fast_rlimit=1)  # z3 settles nothing
    return SolveCascade(solver, Seeds(), random.Random(0)), variables, variables.primitive("x", "J")


def _hopeless(cascade: SolveCascade, variables: InputVariables, x: z3.ExprRef, queries: int, site: object) -> None:
    for k in range(queries):
        goal = cascade.solver.constraint(x * x == 2 + 4 * k)  # no square is 2 mod 4: the fallback finds nothing
        verdict = cascade.solve(variables, [], goal, {"x": 3}, site=site)
        assert verdict.assignment is None and verdict.closed == NodeStatus.TIMEOUT


def test_a_site_whose_attempts_keep_giving_up_gets_fewer_fast_and_thorough_attempts():
    cascade, variables, x = _cascade()
    _hopeless(cascade, variables, x, GIVE_UP_AFTER + 2, ("loop", 12))
    stats = cascade.solver.stats
    # every query made its quick attempt; fast and thorough stopped after GIVE_UP_AFTER failures each
    assert stats.unknown == (GIVE_UP_AFTER + 2) + GIVE_UP_AFTER
    assert stats.escalated == GIVE_UP_AFTER
    assert cascade.skipped == 2 * 2


def test_a_hopeless_site_is_tried_again_after_twice_as_many_skipped_queries_each_time():
    cascade, variables, x = _cascade()
    _hopeless(cascade, variables, x, 12, "loop")
    # fast attempts at queries 1, 2, then after 2 skipped (5), after 4 skipped (10): 4 of 12
    assert cascade.solver.stats.escalated == 4
    assert cascade.skipped == 2 * (12 - 4)


def test_other_sites_keep_their_full_cascade():
    cascade, variables, x = _cascade()
    for k in range(GIVE_UP_AFTER):
        cascade.solve(variables, [], cascade.solver.constraint(x * x == 2 + 4 * k), {"x": 3}, site="hard")
    cascade.solve(variables, [], cascade.solver.constraint(x * x == 6 + 4 * GIVE_UP_AFTER), {"x": 3}, site="other")
    assert cascade.skipped == 0


def test_the_fallback_answers_what_z3_gave_up_on():
    cascade, variables, x = _cascade()
    verdict = cascade.solve(variables, [], cascade.solver.constraint(x * x == 49), {"x": 3}, site="square")
    assert verdict.assignment is not None and verdict.assignment["x"] in (7, -7)
    assert cascade.fallback_solutions == 1
