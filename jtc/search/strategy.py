"""Which unexplored node to try next.

Coverage-first (the default) prefers outcomes no execution has produced yet, then shallow nodes
(their paths are cheap and they decide a lot), then older ones. Random picks uniformly with the
run's seed. Both are deterministic for a given seed.
"""

from __future__ import annotations

import random
from typing import Hashable

from jtc.model.classtable import MethodInfo
from jtc.svm import path
from jtc.search.tree import Node


class CoverageMap:
    """Outcomes produced by any execution so far: branch edges and decision outcomes."""

    def __init__(self) -> None:
        self.edges: set[tuple[MethodInfo, int, Hashable]] = set()
        self.decisions: set[tuple[path.Site, str, Hashable]] = set()

    def add(self, edges: set[tuple[MethodInfo, int, Hashable]], decisions: list[path.Decision]) -> int:
        """Merge one execution's outcomes; returns how many branch edges were new."""
        before = len(self.edges)
        self.edges |= edges
        self.decisions.update(d.key for d in decisions)
        return len(self.edges) - before

    def covers(self, node: Node) -> bool:
        key = node.edge_key()
        if key is None:
            return True
        (method, index), kind, label = key
        if kind == path.INDEX:
            return True  # another array element: new data, not a new outcome
        if kind in (path.BRANCH, path.SWITCH):
            return (method, index, label) in self.edges
        return key in self.decisions


def coverage_first(nodes: list[Node], coverage: CoverageMap, rng: random.Random) -> Node:
    return min(nodes, key=lambda n: (coverage.covers(n), n.depth, n.order))


def uniform(nodes: list[Node], coverage: CoverageMap, rng: random.Random) -> Node:
    return rng.choice(sorted(nodes, key=lambda n: n.order))


STRATEGIES = {"coverage": coverage_first, "random": uniform}
