"""The correctness check (architecture decision 7): an execution run from solved inputs must follow
the predicted path and take the outcome it was solved for. Where it does not, the VM or a model
disagrees with the JVM; the site is reported, never silently absorbed."""

from __future__ import annotations

from typing import Hashable

from jtc.exploration.tree import OTHER, Node
from jtc.svm.path import Decision, Site


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
