"""Unreached lines told apart: unreachable when every way in is an outcome proved infeasible, with
the unsat core of its path condition in Java; not reached within the budget otherwise."""

from __future__ import annotations

from types import SimpleNamespace

import z3

from jtc.exploration.tree import ConstraintTree, Node, NodeStatus
from jtc.model.classtable import MethodInfo
from jtc.model.opcodes import ICONST_2, ICONST_3, ICONST_5, ICONST_M1, IF_ICMPGE, IF_ICMPLE, ILOAD, IMUL, IRETURN
from jtc.reach.unreached import UnreachedLine, Why, unreached_lines
from jtc.svm.path import DecisionKind

X = z3.BitVec("s1.Dead.check(I)I.x", 32)
Y = z3.BitVec("s0.new Dead(I)V.y", 32)
# `if (x > 5 && x < 3) { return -1; } return x * 2;` on lines 6, 7 and 9, as javac compiles it
CHECK = MethodInfo("am/Dead", "check", "(I)I", 1, 2, True,
                   [[ILOAD, 1], [ICONST_5], [IF_ICMPLE, 8], [ILOAD, 1], [ICONST_3], [IF_ICMPGE, 8], [ICONST_M1],
                    [IRETURN], [ILOAD, 1], [ICONST_2], [IMUL], [IRETURN]],
                   [6] * 6 + [7] * 2 + [9] * 4, [], ["x"])


def _tree(second: NodeStatus) -> ConstraintTree:
    """A decision on y first (which the unsat core leaves out), then `x > 5` at instruction 2, then
    `x < 3` at instruction 5, whose outcome towards line 7 is `second`."""
    tree = ConstraintTree()

    def decided(parent: Node, label: object, cond: z3.BoolRef, site: int | None = None) -> Node:
        """A taken outcome; `site`: the branch the path meets next."""
        node = tree.open_child(parent, label, cond)
        node.status = NodeStatus.COMPUTATION
        if site is not None:
            node.site, node.kind = (CHECK, site), DecisionKind.BRANCH
        return node

    tree.root.site, tree.root.kind = (CHECK, 0), DecisionKind.NULL_CHECK
    on_y = decided(tree.root, "nonnull", Y > 0, 2)
    decided(on_y, True, X <= 5)
    above = decided(on_y, False, X > 5, 5)
    decided(above, True, X >= 3)
    tree.mark(tree.open_child(above, False, X < 3), second)
    return tree


def _runs() -> list[SimpleNamespace]:
    visited = bytearray(1 if i not in (6, 7) else 0 for i in range(12))
    return [SimpleNamespace(replay=SimpleNamespace(visited={CHECK: visited}))]


def test_a_line_behind_an_infeasible_outcome_is_unreachable_with_its_condition():
    found = unreached_lines([CHECK], _runs(), [_tree(NodeStatus.INFEASIBLE)], lambda node: [])  # type: ignore[arg-type]
    assert found == [UnreachedLine(7, Why.UNREACHABLE, "x > 5 && x < 3")]


def test_a_line_behind_an_open_or_given_up_outcome_is_not_reached_within_the_budget():
    for status in (NodeStatus.UNEXPLORED, NodeStatus.TIMEOUT):
        found = unreached_lines([CHECK], _runs(), [_tree(status)], lambda node: [])  # type: ignore[arg-type]
        assert found == [UnreachedLine(7, Why.NOT_REACHED)]


def test_a_method_never_called_is_not_reached():
    assert unreached_lines([CHECK], [], [], lambda node: []) == [
        UnreachedLine(6, Why.NOT_REACHED), UnreachedLine(7, Why.NOT_REACHED), UnreachedLine(9, Why.NOT_REACHED)]
