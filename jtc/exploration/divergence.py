"""The correctness check (architecture decision 7): an execution run from solved inputs must follow
the predicted path and take the outcome it was solved for. Where it does not, the VM or a model
disagrees with the JVM; the site is reported, never silently absorbed."""

from __future__ import annotations

import logging
from collections import Counter
from typing import Hashable

from jtc.execution.runs import Execution
from jtc.exploration.tree import OTHER, ConstraintTree, Node, NodeStatus
from jtc.svm.path import Decision, Site

LOG = logging.getLogger("jtc.exploration")
# Divergences at one decision site after which its open nodes are closed unsolved: a site inside code
# that the JDK calls back only on conditions the VM does not see (HashMap calls equals only when two
# hashes collide) would otherwise cost one wasted run per node.
DIVERGENCES_PER_SITE = 3


def _predicted(node: Node) -> list[Node]:
    chain = []
    current: Node | None = node
    while current is not None and current.parent is not None:
        chain.append(current)
        current = current.parent
    chain.reverse()
    return chain


def divergence(node: Node, decisions: list[Decision], labels_before: set[Hashable]) -> Node | None:
    """The node on the predicted path to `node` where the execution went elsewhere, or None if it
    arrived. `labels_before` are the outcomes the node's parent had before the execution (an OTHER
    node is reached by any outcome not among them)."""
    for depth, expected in enumerate(_predicted(node)):
        parent = expected.parent
        assert parent is not None
        if depth >= len(decisions) or decisions[depth].site != parent.site:
            return expected
        label = decisions[depth].label
        if expected.label == OTHER:
            return None if label not in labels_before else expected
        if label != expected.label:
            return expected
    return None


def describe_site(site: Site) -> str:
    """Where a divergence happened, for the run summary."""
    method, index = site
    return f"{method.qualified_name}#{index} (line {method.line_of(index)})"


class Divergences:
    """The divergences of one search: counted by the site where the run left the predicted path,
    for the summary, and by the site the solver aimed at, whose open nodes get no more runs after a
    few. The two differ where the aimed outcome makes the VM lose track earlier on the path (a null
    element read back through an uninstrumented `Iterator.next` is a concrete null to the VM: the
    run takes the aimed null check, but the VM records none of the decisions before it)."""

    def __init__(self) -> None:
        self.at: Counter[Site] = Counter()
        self.aimed: Counter[Site] = Counter()

    def given_up(self, site: Site | None) -> bool:
        """The VM cannot predict where runs aimed at this site go: its open nodes are closed unsolved."""
        return site is not None and self.aimed[site] >= DIVERGENCES_PER_SITE

    def check(self, tree: ConstraintTree, node: Node, execution: Execution, decisions: list[Decision],
              labels_before: set[Hashable]) -> None:
        """After a run solved to reach `node` (its path: `decisions`): a run that went elsewhere
        counts against the site where it left the predicted path and the site it aimed at, and the
        node is closed; one cut short by a limit of the machine (memory, stack, time) says nothing
        about the prediction, and leaves the node unreachable within those limits."""
        left_at = divergence(node, decisions, labels_before)
        if left_at is None:
            return
        if execution.cut_short:
            if node.status == NodeStatus.UNEXPLORED:
                tree.mark(node, NodeStatus.TIMEOUT)
            return
        site = left_at.parent.site  # type: ignore[union-attr]
        assert site is not None and node.parent is not None and node.parent.site is not None
        self.at[site] += 1
        self.aimed[node.parent.site] += 1
        LOG.debug("divergence at %s aiming at %s: expected %r, inputs %s", describe_site(site),
                  describe_site(node.parent.site), left_at.label, execution.assignment)
        if node.status not in (NodeStatus.COMPUTATION, NodeStatus.TERMINAL):
            tree.mark(node, NodeStatus.DIVERGED)

    def described(self) -> dict[str, int]:
        return {describe_site(site): count for site, count in self.at.items()}
