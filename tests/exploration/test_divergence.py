"""Divergences: counted where the run left the predicted path, given up where the solver aimed."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import z3

from jtc.execution.runs import Execution
from jtc.exploration.divergence import DIVERGENCES_PER_SITE, Divergences
from jtc.exploration.tree import ConstraintTree, NodeStatus
from tests.exploration.test_tree import METHOD, branch, x


def finished_run(assignment: dict[str, int]) -> Execution:
    return cast(Execution, SimpleNamespace(cut_short=False, assignment=assignment))


def test_runs_aimed_at_a_site_that_leave_the_path_before_it_give_that_site_up():
    """A null element read back through code the VM does not see: runs aimed at the null check
    record none of the decisions before it, so they leave the path at the first one."""
    tree = ConstraintTree()
    tree.insert([branch(1, True, x > 0), branch(5, True, x > 3)], execution=0)
    aimed = next(node for node in tree.open_nodes() if node.parent.site == (METHOD, 5))
    divergences = Divergences()
    for attempt in range(DIVERGENCES_PER_SITE):
        assert not divergences.given_up((METHOD, 5))
        labels_before = set(aimed.parent.children)
        divergences.check(tree, aimed, finished_run({"x": attempt}), [], labels_before)
        assert aimed.status == NodeStatus.DIVERGED
    assert divergences.given_up((METHOD, 5))
    assert not divergences.given_up((METHOD, 1))
    assert divergences.described() == {"p.C.m(I)I#1 (line 1)": DIVERGENCES_PER_SITE}


def test_a_run_that_arrives_counts_nothing():
    tree = ConstraintTree()
    tree.insert([branch(1, True, x > 0)], execution=0)
    aimed = next(tree.open_nodes())
    divergences = Divergences()
    divergences.check(tree, aimed, finished_run({"x": -1}), [branch(1, False, z3.Not(x > 0))], {True})
    assert divergences.described() == {}
    assert not divergences.given_up((METHOD, 1))
