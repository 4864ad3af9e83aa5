"""The constraint tree: merging paths, unexplored siblings, open decisions, correctness bookkeeping."""

from __future__ import annotations

import z3

from jtc.model.classtable import MethodInfo
from jtc.solver.solver import Solver
from jtc.exploration.tree import OTHER, ConstraintTree, NodeStatus
from jtc.svm import path

METHOD = MethodInfo(owner="p/C", name="m", desc="(I)I", access=9, max_locals=1, instrumented=True,
                    code=[[0]] * 10, lines=[1] * 10, handlers=[], param_names=["x"])
x = z3.BitVec("x", 32)


def branch(index: int, taken: bool, cond: z3.BoolRef) -> path.Decision:
    """A decision at instruction `index` where `cond` is the condition of the taken outcome."""
    if taken:
        return path.binary((METHOD, index), path.DecisionKind.BRANCH, True, False, cond)
    return path.binary((METHOD, index), path.DecisionKind.BRANCH, False, True, z3.Not(cond))


def test_first_path_creates_one_unexplored_sibling_per_decision():
    tree = ConstraintTree()
    insertion = tree.insert([branch(1, True, x > 0), branch(5, False, x > 10)], execution=0)
    assert insertion.leaf.status == NodeStatus.TERMINAL
    assert len(insertion.created) == 2
    open_nodes = list(tree.open_nodes())
    assert [n.label for n in open_nodes] == [False, True]
    assert [n.depth for n in open_nodes] == [1, 2]
    # The path to the deeper sibling: x > 0 and not not(x > 10).
    conditions = [c.expr for c in open_nodes[1].path_constraints(Solver().constraint)]
    solver = z3.Solver()
    solver.add(conditions)
    assert solver.check() == z3.sat and solver.model().eval(x).as_signed_long() > 10


def test_second_path_fills_the_sibling_and_reports_it_reached():
    tree = ConstraintTree()
    tree.insert([branch(1, True, x > 0)], execution=0)
    sibling = next(tree.open_nodes())
    insertion = tree.insert([branch(1, False, z3.Not(x > 0))], execution=1)
    assert insertion.reached == [sibling]
    assert sibling.status == NodeStatus.TERMINAL and sibling.witness == 1
    assert tree.exhausted
    assert tree.paths == 2


def test_infeasible_node_reached_later_is_a_correctness_violation():
    tree = ConstraintTree()
    tree.insert([branch(1, True, x > 0)], execution=0)
    sibling = next(tree.open_nodes())
    tree.mark(sibling, NodeStatus.INFEASIBLE)
    insertion = tree.insert([branch(1, False, z3.Not(x > 0))], execution=1)
    assert insertion.reached_infeasible == [sibling]


def test_same_prefix_with_a_different_next_site_is_reported_as_mismatch():
    tree = ConstraintTree()
    tree.insert([branch(1, True, x > 0), branch(5, True, x > 3)], execution=0)
    insertion = tree.insert([branch(1, True, x > 0), branch(7, True, x > 4)], execution=1)
    assert insertion.mismatch is not None and insertion.mismatch.site == (METHOD, 7)


def test_open_decision_excludes_every_index_seen_so_far():
    tree = ConstraintTree()
    index_decision = path.Decision((METHOD, 3), path.DecisionKind.INDEX, 2, x == 2, (), x)
    tree.insert([index_decision], execution=0)
    other = next(tree.open_nodes())
    assert other.label == OTHER and other.status == NodeStatus.UNEXPLORED
    tree.insert([path.Decision((METHOD, 3), path.DecisionKind.INDEX, 4, x == 4, (), x)], execution=1)
    solver = z3.Solver()
    solver.add(other.condition(), x >= 0, x < 5)
    seen = set()
    while solver.check() == z3.sat:
        value = solver.model().eval(x).as_long()
        seen.add(value)
        solver.add(x != value)
    assert seen == {0, 1, 3}
    assert tree.root.children[2].status == NodeStatus.TERMINAL and tree.root.children[4].status == NodeStatus.TERMINAL


def test_incomplete_replay_leaves_the_last_node_a_computation_node():
    tree = ConstraintTree()
    insertion = tree.insert([branch(1, True, x > 0)], execution=0, complete=False)
    assert insertion.leaf.status == NodeStatus.COMPUTATION


def test_a_condition_every_later_outcome_implies_is_left_out_of_the_queries_below_them():
    matches, exact = x > 0, x == 5  # as a pattern's membership and one shape of its match
    shape = path.Decision((METHOD, 4), path.DecisionKind.MODEL, "five", exact, (("seven", x == 7),), implies=matches)
    tree = ConstraintTree()
    tree.insert([branch(1, True, matches), shape, branch(6, True, x != 9)], execution=0)
    sibling = tree.root.children[True].children["five"].children[False]
    other_shape = tree.root.children[True].children["seven"]
    make = Solver().constraint
    assert [c.expr for c in sibling.path_constraints(make)] == [exact, z3.Not(x != 9)]
    assert [c.expr for c in other_shape.path_constraints(make)] == [x == 7]
    unmatched = tree.root.children[False]
    assert [c.expr for c in unmatched.path_constraints(make)] == [z3.Not(matches)]
