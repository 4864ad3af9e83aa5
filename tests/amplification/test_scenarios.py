"""Scenarios aimed at open branches, against a model of a counter run in place of the worker: a
counter's `exceeded()` takes its true branch only after four increments since the last reset."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from jtc.amplification.extension import Arguments, Fresh
from jtc.amplification.scenarios import AIMED, OTHER, WRITES, Aim, held_first, scenario_runs, scenarios, shortest_prefix
from jtc.analysis.influence import Effects, FieldRef
from jtc.model.program import Construct, Invoke, Literal, Program, VarRef

COUNTER, HERO = "LCounter;", "LHero;"
NEW = Construct("Counter", "()V", ())
INCREMENT, RESET, NOISE = (Invoke("Counter", name, "()V", VarRef(0, COUNTER), ()) for name in ("increment", "reset", "noise"))
EXCEEDED = Invoke("Counter", "exceeded", "()Z", VarRef(0, COUNTER), ())
COUNT, OTHER_FIELD = FieldRef("Counter", "count", "I", False), FieldRef("Counter", "other", "I", False)


@dataclass(frozen=True)
class Method:
    """What an open edge's method is to an aim: its key."""

    owner: str
    name: str
    desc: str


EXCEEDED_METHOD = Method("Counter", "exceeded", "()Z")
OPEN = (EXCEEDED_METHOD, 4, True)  # `count > 3` taken


class Analysis:
    """The counter's effects: increment and reset write the count, noise another field, exceeded
    reads the count."""

    def effects(self, owner: str, name: str, desc: str) -> Effects:
        defs = {"increment": {COUNT}, "reset": {COUNT}, "noise": {OTHER_FIELD}}.get(name, set())
        uses = {COUNT} if name == "exceeded" else set()
        return Effects(frozenset(defs), frozenset(uses), frozenset(), frozenset(), frozenset(), True,
                       frozenset({(owner, name, desc)}))


ANALYSIS: Any = Analysis()


def taken(program: Program) -> set:
    count, edges = 0, set()
    for statement in program:
        name = getattr(statement, "name", "<init>")
        count = count + 1 if name == "increment" else 0 if name in ("reset", "<init>") else count
        if name == "exceeded":
            edges.add((EXCEEDED_METHOD, 4, count > 3))
    return edges


@dataclass
class Executor:
    """Runs programs on the counter model."""

    executions: list = field(default_factory=list)

    def execute(self, program: Program, variables: Any, assignment: Any, deadline: float = 0.0) -> Any:
        execution = SimpleNamespace(program=program, replay=SimpleNamespace(edges=taken(program)))
        self.executions.append(execution)
        return execution


TAKERS = [Invoke("Counter", name, "()V", VarRef(-1, COUNTER), ()) for name in ("increment", "reset", "noise")]
ASKERS = [Invoke("Counter", "exceeded", "()Z", VarRef(-1, COUNTER), ())]
GIVEN = Arguments(lambda sub, sup: sub == sup)


def test_the_calls_that_run_the_open_branch_weigh_most_then_those_that_write_what_its_method_reads() -> None:
    aim = Aim.at([OPEN], ANALYSIS)
    assert [aim.weight(call) for call in (EXCEEDED, INCREMENT, RESET, NOISE)] == [AIMED, WRITES, WRITES, OTHER]
    assert aim.runs_one(EXCEEDED) and not aim.runs_one(INCREMENT)


def test_the_shortest_prefix_is_found_by_halving() -> None:
    asked: list[int] = []

    def reaches(length: int) -> bool:
        asked.append(length)
        return length >= 37

    assert shortest_prefix(100, reaches) == 37 and len(asked) <= 7
    assert shortest_prefix(1, reaches) == 1  # the whole program reaches: nothing to ask


def test_a_scenario_passes_what_the_walk_holds_and_the_class_constants() -> None:
    draw = held_first((14,))
    values = [Literal("I", 4), Literal("I", 6), Literal("I", 7)]  # 7: the one the test does not use
    drawn = [draw((), values, "I", None, random.Random(seed)) for seed in range(200)]
    assert {Literal("I", 4), Literal("I", 6), Literal("I", 14)} <= set(drawn)
    assert sum(value == Literal("I", 14) for value in drawn) > 20
    hero = Construct("Hero", "(I)V", (Literal("I", 1),))
    objects = [VarRef(0, HERO), Fresh(hero, (Literal("I", 2),))]
    held = sum(draw((hero,), objects, HERO, None, random.Random(seed)) == VarRef(0, HERO) for seed in range(200))
    assert held > 150  # three in four held, half the others too


def test_a_scenario_that_takes_the_open_branch_is_kept_cut_to_what_takes_it() -> None:
    executor = Executor()
    found = scenario_runs([], [((NEW, INCREMENT), 1)], TAKERS, ASKERS, GIVEN, ANALYSIS, {OPEN}, executor)
    assert [run.program for run in found.reaching] == [(NEW, *[INCREMENT] * 4, EXCEEDED)]
    assert found.still_open == set() and len(found.runs) == 1 and OPEN in found.runs[0].replay.edges


def test_a_run_of_the_extensions_that_takes_it_is_kept_and_no_scenario_drawn() -> None:
    executor = Executor()
    extension = executor.execute((NEW, *[INCREMENT] * 5, NOISE, EXCEEDED, RESET), None, {})
    found = scenario_runs([extension], [((NEW, INCREMENT), 1)], TAKERS, ASKERS, GIVEN, ANALYSIS, {OPEN}, executor)
    assert [run.program for run in found.reaching] == [(NEW, *[INCREMENT] * 4, EXCEEDED)] and found.runs == []


def test_scenarios_stop_when_nothing_is_open_and_start_from_the_tests_holding_objects() -> None:
    assert list(scenarios([((NEW, INCREMENT), 1)], TAKERS, ASKERS, GIVEN, lambda: None, 0)) == []
    join = Invoke("Counter", "join", "(LHero;)V", VarRef(-1, COUNTER), ())
    bare = (NEW, INCREMENT)
    holding = (NEW, Construct("Hero", "()V", ()), INCREMENT)
    aim = Aim.at([OPEN], ANALYSIS)
    first, second = [program for _, program in zip(range(2), scenarios(
        [(bare, 1), (holding, 2)], [*TAKERS, join], ASKERS, GIVEN, lambda: aim, 0, steps=8))]
    assert first[:3] == holding and second[:2] == bare
