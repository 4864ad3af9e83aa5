"""Which unexplored node to try next, over the trees of all methods of a class.

Coverage-first (the default) prefers outcomes no execution has produced yet in the class under test
and new continuations of sequences (statement choices), then outcomes not produced yet in other code
(the factories and helpers that made the arguments: another map string, another board size may
make another object for the class under test), then outcomes seen before, then outcomes the solver
refuted on REFUTED_PATHS other paths, and last the nodes kept from pruned paths as a last
resort; within each tier shallow nodes first (their paths are cheap and decide a lot), then older ones. Random picks
uniformly with the run's seed. Both are deterministic for a given seed, and both keep their nodes in
a frontier that costs a logarithm per pick: nodes that were explored meanwhile are dropped when they
surface. Deepest-first has the tiers of coverage-first, but the deepest node first within a tier: a
parser stops at the first character it rejects, so the deepest decision is where a valid prefix grows.
Aimed at a line (`--target`, aim.py), whatever the strategy, the nodes from which a path leads to it
come first, the fewest branches away first.
"""

from __future__ import annotations

import heapq
import math
import random
from collections import Counter
from typing import Callable, Hashable

from jtc.config import Strategy
from jtc.model.classtable import MethodInfo
from jtc.exploration.tree import Node, NodeStatus
from jtc.svm import path

REFUTED_PATHS = 3  # paths on which an outcome was proved unreachable before it is doubted elsewhere

class CoverageMap:
    """Outcomes produced by any execution so far: branch edges and decision outcomes; the comparisons
    library calls made, with all their outcomes (targets as branches are, though JaCoCo counts none);
    and how often the solver refuted each outcome."""

    def __init__(self) -> None:
        self.edges: set[tuple[MethodInfo, int, Hashable]] = set()
        self.decisions: set[tuple[path.Site, str, Hashable]] = set()
        self.comparisons: dict[path.Site, frozenset[Hashable]] = {}
        self.comparison_outcomes = 0  # how many outcomes `comparisons` holds
        self.refuted: Counter[Hashable] = Counter()  # outcome (edge key) -> paths on which the solver refuted it

    def add(self, edges: set[tuple[MethodInfo, int, Hashable]], decisions: list[path.Decision]) -> bool:
        """Merge one execution's outcomes; returns whether any branch edge or decision outcome was new."""
        before = len(self.edges), len(self.decisions)
        self.edges |= edges
        self.decisions.update(d.key for d in decisions)
        for decision in decisions:
            if decision.kind == path.DecisionKind.COMPARISON:
                known = self.comparisons.get(decision.site, frozenset())
                if not decision.labels <= known:
                    self.comparisons[decision.site] = known | decision.labels
                    self.comparison_outcomes += len(decision.labels - known)
        return (len(self.edges), len(self.decisions)) != before

    def open_comparisons(self, methods: set[MethodInfo]) -> bool:
        """Has a comparison met in `methods` an outcome no execution produced, that the solver has
        not refuted on REFUTED_PATHS paths (`Math.min(cap, x)` where the code keeps `x` under the
        cap makes no target)?"""
        for site, labels in self.comparisons.items():
            if site[0] in methods:
                for label in labels:
                    key = (site, path.DecisionKind.COMPARISON, label)
                    if key not in self.decisions and self.refuted[key] < REFUTED_PATHS:
                        return True
        return False

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

    def __init__(self, strategy: Strategy, coverage: CoverageMap, rng: random.Random,
                 under_test: Callable[[MethodInfo], bool] = lambda method: True,
                 distance: Callable[[Node], float] | None = None) -> None:
        """`under_test` tells the methods of the class under test (and its nested classes);
        `distance`, how far a node's outcome lies from the line the search aims at (None: no aim)."""
        self.strategy = Strategy(strategy)
        self.coverage = coverage
        self.rng = rng
        self.under_test = under_test
        self.distance = distance
        self._aimed: list[tuple[float, int, int, Node, object]] = []  # leading to the aimed-at line
        self._uncovered: list[tuple[int, int, Node, object]] = []
        self._elsewhere: list[tuple[int, int, Node, object]] = []  # uncovered outside the class under test
        self._covered: list[tuple[int, int, Node, object]] = []
        self._last: list[tuple[int, int, Node, object]] = []  # pruned paths' last resort
        self._doubtful: list[tuple[int, int, Node, object]] = []  # uncovered outcomes refuted often elsewhere
        self._pool: list[tuple[Node, object]] = []

    def refuted(self, node: Node) -> None:
        """The solver proved `node` unreachable on its path. An outcome refuted on REFUTED_PATHS paths
        is tried after every other open one: Commons CSV's Lexer spent a third of its
        solver calls proving the same cases of one `switch` unreachable in group after group, while
        the quote branch of `nextToken`, deeper in every tree, waited. Only outcomes in the class
        under test are counted: one in a helper of another class depends on what its callers decided
        before (`money.isNegative()` is refuted wherever `Math.abs(money.getMinor())` kept its
        operand first, and reached by the first caller that did not), so its refutations say
        nothing about the next caller."""
        key = node.edge_key()
        if key is not None and not (isinstance(method := key[0][0], MethodInfo) and not self.under_test(method)):
            self.coverage.refuted[key] += 1

    def _doubted(self, entry: tuple[int, int, Node, object]) -> bool:
        """Moves a node whose outcome was refuted on REFUTED_PATHS paths to the doubtful tier."""
        if self.coverage.refuted[entry[2].edge_key()] < REFUTED_PATHS:
            return False
        heapq.heappush(self._doubtful, entry)
        return True

    def _tier(self, node: Node) -> list[tuple[int, int, Node, object]]:
        if self.coverage.covers(node):
            return self._covered
        site = node.parent.site if node.parent is not None else None
        method = site[0] if site is not None else None
        if isinstance(method, MethodInfo) and not self.under_test(method):
            return self._elsewhere
        return self._uncovered

    def add(self, owner: object, nodes: list[Node]) -> None:
        for node in nodes:
            if self.distance is not None and (distance := self.distance(node)) != math.inf:
                heapq.heappush(self._aimed, (distance, node.depth, node.order, node, owner))
            elif self.strategy == Strategy.RANDOM:
                self._pool.append((node, owner))
            else:
                depth = -node.depth if self.strategy == Strategy.DEEPEST else node.depth
                entry = (depth, node.order, node, owner)
                heapq.heappush(self._tier(node), entry)

    def add_last_resort(self, owner: object, nodes: list[Node]) -> None:
        """Nodes to explore only once no other open node is left (random: never)."""
        if self.strategy != Strategy.RANDOM:
            for node in nodes:
                heapq.heappush(self._last, (node.depth, node.order, node, owner))

    def has_uncovered(self) -> bool:
        """Is an open node left whose outcome in the class under test no execution produced yet?
        (random: any open node)"""
        if self.strategy == Strategy.RANDOM:
            return bool(self._pool)
        while self._uncovered:
            node = self._uncovered[0][2]
            if node.status == NodeStatus.UNEXPLORED and not self.coverage.covers(node) \
                    and self.coverage.refuted[node.edge_key()] < REFUTED_PATHS:
                return True
            entry = heapq.heappop(self._uncovered)
            if node.status == NodeStatus.UNEXPLORED and not self._doubted(entry):
                heapq.heappush(self._covered, entry)
        return False

    def pop(self) -> tuple[Node, object] | None:
        """The next node to explore and its owner, or None when nothing is open."""
        while self._aimed:
            *_, node, owner = heapq.heappop(self._aimed)
            if node.status == NodeStatus.UNEXPLORED:
                return node, owner
        if self.strategy == Strategy.RANDOM:
            while self._pool:
                index = self.rng.randrange(len(self._pool))
                self._pool[index], self._pool[-1] = self._pool[-1], self._pool[index]
                node, owner = self._pool.pop()
                if node.status == NodeStatus.UNEXPLORED:
                    return node, owner
            return None
        for tier in (self._uncovered, self._elsewhere, self._covered):
            while tier:
                entry = heapq.heappop(tier)
                if entry[2].status != NodeStatus.UNEXPLORED:
                    continue
                if tier is not self._covered and self.coverage.covers(entry[2]):
                    heapq.heappush(self._covered, entry)
                    continue
                if self._doubted(entry):
                    continue
                return entry[2], entry[3]
        for rest in (self._doubtful, self._last):
            while rest:
                _, _, node, owner = heapq.heappop(rest)
                if node.status == NodeStatus.UNEXPLORED:
                    return node, owner
        return None
