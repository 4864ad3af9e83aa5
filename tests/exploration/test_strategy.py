"""The frontier's order: shallow nodes first for coverage-first, deep ones first for deepest-first
(the valid-inputs sub-search: a parser's valid prefix grows at the deepest decision); aimed at a line,
the nodes nearest to it first, whatever the strategy."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from jtc.config import Strategy
from jtc.exploration.strategy import CoverageMap, Frontier
from jtc.exploration.tree import Node, NodeStatus


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
