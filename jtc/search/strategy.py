"""Which unexplored node to try next, over the trees of all methods of a class.

Coverage-first (the default) prefers outcomes no execution has produced yet, then shallow nodes
(their paths are cheap and decide a lot), then older ones. Random picks uniformly with the run's
seed. Both are deterministic for a given seed, and both keep their nodes in a frontier that costs
a logarithm per pick: nodes that were explored meanwhile are dropped when they surface.
"""

from __future__ import annotations

import heapq
import random
from typing import Hashable

from jtc.config import Strategy
from jtc.model.classtable import MethodInfo
from jtc.search.tree import Node, NodeStatus
from jtc.svm import path


class CoverageMap:
    """Outcomes produced by any execution so far: branch edges and decision outcomes."""

    def __init__(self) -> None:
        self.edges: set[tuple[MethodInfo, int, Hashable]] = set()
        self.decisions: set[tuple[path.Site, str, Hashable]] = set()

    def add(self, edges: set[tuple[MethodInfo, int, Hashable]], decisions: list[path.Decision]) -> bool:
        """Merge one execution's outcomes; returns whether any branch edge or decision outcome was new."""
        before = len(self.edges), len(self.decisions)
        self.edges |= edges
        self.decisions.update(d.key for d in decisions)
        return (len(self.edges), len(self.decisions)) != before

    def covers(self, node: Node) -> bool:
        key = node.edge_key()
        if key is None:
            return True
        (method, index), kind, label = key
        if kind == path.DecisionKind.INDEX:
            return True  # another array element: new data, not a new outcome
        if kind in (path.DecisionKind.BRANCH, path.DecisionKind.SWITCH):
            return (method, index, label) in self.edges
        return key in self.decisions


class Frontier:
    """The open nodes of a session with the object that owns each (its method under test)."""

    def __init__(self, strategy: Strategy, coverage: CoverageMap, rng: random.Random) -> None:
        self.strategy = Strategy(strategy)
        self.coverage = coverage
        self.rng = rng
        self._uncovered: list[tuple[int, int, Node, object]] = []
        self._covered: list[tuple[int, int, Node, object]] = []
        self._pool: list[tuple[Node, object]] = []

    def add(self, owner: object, nodes: list[Node]) -> None:
        for node in nodes:
            if self.strategy == Strategy.RANDOM:
                self._pool.append((node, owner))
            else:
                entry = (node.depth, node.order, node, owner)
                heapq.heappush(self._covered if self.coverage.covers(node) else self._uncovered, entry)

    def has_uncovered(self) -> bool:
        """Is an open node left whose outcome no execution produced yet? (random: any open node)"""
        if self.strategy == Strategy.RANDOM:
            return bool(self._pool)
        while self._uncovered:
            node = self._uncovered[0][2]
            if node.status == NodeStatus.UNEXPLORED and not self.coverage.covers(node):
                return True
            entry = heapq.heappop(self._uncovered)
            if node.status == NodeStatus.UNEXPLORED:
                heapq.heappush(self._covered, entry)
        return False

    def pop(self) -> tuple[Node, object] | None:
        """The next node to explore and its owner, or None when nothing is open."""
        if self.strategy == Strategy.RANDOM:
            while self._pool:
                index = self.rng.randrange(len(self._pool))
                self._pool[index], self._pool[-1] = self._pool[-1], self._pool[index]
                node, owner = self._pool.pop()
                if node.status == NodeStatus.UNEXPLORED:
                    return node, owner
            return None
        while self._uncovered:
            entry = heapq.heappop(self._uncovered)
            if entry[2].status != NodeStatus.UNEXPLORED:
                continue
            if self.coverage.covers(entry[2]):
                heapq.heappush(self._covered, entry)
                continue
            return entry[2], entry[3]
        while self._covered:
            _, _, node, owner = heapq.heappop(self._covered)
            if node.status == NodeStatus.UNEXPLORED:
                return node, owner
        return None
