"""The solve cascade: fast, quick, fallback, thorough; sites whose attempts keep giving up get cheaper ones."""

from __future__ import annotations

import random

import z3

from jtc.exploration.seeds import Seeds
from jtc.exploration.solving import GIVE_UP_AFTER, SolveCascade
from jtc.exploration.tree import NodeStatus
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
    # fast and thorough attempts at queries 1, 2, then after 2 skipped (5), after 4 skipped (10): 4 of 12;
    # the quick attempt runs whenever the fast one was skipped, and on its own schedule otherwise (1, 2)
    assert cascade.solver.stats.escalated == 4
    assert cascade.skipped == 2 * (12 - 4) + 2


def test_a_new_site_keeps_the_attempts_that_do_well_elsewhere_in_the_class():
    variables = InputVariables({(0, 0): PrimitiveInput("x", "J"), (0, 1): PrimitiveInput("y", "J")})
    x, y = variables.primitive("x", "J"), variables.primitive("y", "J")
    cascade = SolveCascade(Solver(rlimit=1, quick_rlimit=1, fast_rlimit=300), Seeds(), random.Random(0))
    for k in range(GIVE_UP_AFTER + 1):  # easy queries: settled by the fast attempt
        assert cascade.solve(variables, [], cascade.solver.constraint(x == k), {"x": 3, "y": 3}, site="easy").assignment
    for k in range(GIVE_UP_AFTER + 1):  # factoring: beyond the fast limit and the fallback
        goal = cascade.solver.constraint(z3.And(x * y == 0x7FFF_FFFF_FFFF_FFE7 + 2 * k, x > 1, y > 1, x < y))
        verdict = cascade.solve(variables, [], goal, {"x": 3, "y": 3}, site="hard" if k < GIVE_UP_AFTER else "other")
        assert verdict.closed == NodeStatus.TIMEOUT
    # the new site made its fast attempt (the class's fast attempts settle most queries); its quick and
    # thorough attempts were skipped, since the class's never settled anything
    assert cascade.solver.stats.escalated == GIVE_UP_AFTER + 1
    assert cascade.skipped == 2


def test_a_class_whose_queries_z3_never_settles_gets_fewer_attempts_at_new_sites_too():
    cascade, variables, x = _cascade()
    _hopeless(cascade, variables, x, GIVE_UP_AFTER, "first")
    _hopeless(cascade, variables, x, 1, "second")
    assert cascade.skipped == 2  # its fast and thorough attempts


def test_the_fallback_answers_what_z3_gave_up_on():
    cascade, variables, x = _cascade()
    verdict = cascade.solve(variables, [], cascade.solver.constraint(x * x == 49), {"x": 3}, site="square")
    assert verdict.assignment is not None and verdict.assignment["x"] in (7, -7)
    assert cascade.fallback_solutions == 1
