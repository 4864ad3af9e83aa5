"""The frontier's order: shallow nodes first for coverage-first, deep ones first for deepest-first
(the valid-inputs sub-search: a parser's valid prefix grows at the deepest decision); aimed at a line,
the nodes nearest to it first, whatever the strategy."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from jtc.config import Strategy
from jtc.exploration.strategy import REFUTED_PATHS, CoverageMap, Frontier
from jtc.exploration.tree import Node, NodeStatus
from jtc.model.classtable import MethodInfo
from jtc.svm import path


def _chain() -> list[Node]:
    root = Node(None, "root", None, NodeStatus.COMPUTATION)
    shallow = Node(root, "a", None, NodeStatus.UNEXPLORED)
    deep = Node(Node(root, "b", None, NodeStatus.COMPUTATION), "c", None, NodeStatus.UNEXPLORED)
    return [shallow, deep]


def _popped(strategy: Strategy, distance: Callable[[Node], float] | None = None) -> list[object]:
    frontier = Frontier(strategy, CoverageMap(), random.Random(0), distance=distance)
    frontier.add("owner", _chain())
    found: list[object] = []
    while (picked := frontier.pop()) is not None:
        found.append(picked[0].label)
        picked[0].status = NodeStatus.COMPUTATION
    return found


def test_coverage_first_takes_shallow_nodes_first_and_deepest_first_deep_ones() -> None:
    assert _popped(Strategy.COVERAGE) == ["a", "c"]
    assert _popped(Strategy.DEEPEST) == ["c", "a"]


def test_aimed_nodes_come_first_the_nearest_first() -> None:
    assert _popped(Strategy.COVERAGE, lambda node: 1 if node.label == "c" else math.inf) == ["c", "a"]
    assert _popped(Strategy.DEEPEST, lambda node: 1 if node.label == "a" else math.inf) == ["a", "c"]
    assert _popped(Strategy.RANDOM, lambda node: {"a": 2, "c": 1}[node.label]) == ["c", "a"]


def test_an_outcome_refuted_on_several_paths_is_tried_after_the_others() -> None:
    """The same outcome of one decision, proved unreachable on REFUTED_PATHS other paths (the cases of
    a `switch` on a character consumed already), waits behind a deeper node of another decision."""
    def at_site(method: str, label: str, depth: int = 0) -> Node:
        decision = Node(None, "root", None, NodeStatus.COMPUTATION)
        for _ in range(depth):
            decision = Node(decision, "on", None, NodeStatus.COMPUTATION)
        decision.site, decision.kind = (method, 5), path.DecisionKind.BRANCH  # type: ignore[assignment]
        return Node(decision, label, None, NodeStatus.UNEXPLORED)
    frontier = Frontier(Strategy.COVERAGE, CoverageMap(), random.Random(0))
    for _ in range(REFUTED_PATHS):
        frontier.refuted(at_site("switch", "a"))
    doubtful, deep = at_site("switch", "a"), at_site("quote", "b", depth=4)
    frontier.add("owner", [doubtful, deep])
    assert frontier.has_uncovered()  # the deep node; the doubtful one does not count
    assert [frontier.pop()[0] for _ in range(2)] == [deep, doubtful]  # type: ignore[index]


def test_refutations_in_another_class_doubt_nothing() -> None:
    """`money.isNegative()` is refuted under every caller that kept `Math.abs(money.getMinor())`'s
    operand first; the next caller, a share of two amounts, reaches it at once. So refutations of an
    outcome in a class other than the one under test are not counted; those in it are."""
    methods = {owner: MethodInfo(owner=owner, name="m", desc="()Z", access=1, max_locals=1, instrumented=True,
                                 code=[], lines=[], handlers=[], param_names=[]) for owner in ("pa/Money", "pa/MoneyUtils")}

    def refuted_in(owner: str) -> Node:
        decision = Node(None, "root", None, NodeStatus.COMPUTATION)
        decision.site, decision.kind = (methods[owner], 4), path.DecisionKind.BRANCH  # type: ignore[assignment]
        return Node(decision, True, None, NodeStatus.UNEXPLORED)
    coverage = CoverageMap()
    frontier = Frontier(Strategy.COVERAGE, coverage, random.Random(0), lambda m: m.owner == "pa/MoneyUtils")
    for _ in range(REFUTED_PATHS):
        frontier.refuted(refuted_in("pa/Money"))
        frontier.refuted(refuted_in("pa/MoneyUtils"))
    assert coverage.refuted[refuted_in("pa/Money").edge_key()] == 0
    assert coverage.refuted[refuted_in("pa/MoneyUtils").edge_key()] == REFUTED_PATHS
