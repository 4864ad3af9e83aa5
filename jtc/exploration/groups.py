"""Sequence grouping (seed 002, §4.4.3): one constraint tree for many wired candidate sequences.

Every path holds a *statement choice* (always true, labelled by the step) before each statement's
own decisions, so skeletons that share a prefix share its explored paths: a new skeleton continues
from the paths its prefix already has, with those paths' inputs, instead of exploring the prefix
again. The node reached after a statement's decisions is a *boundary*; a boundary gets
continuations only if the path so far passed the exploration criteria and the prefix's path limit
is not reached.
"""

from __future__ import annotations

import z3

from jtc.model.program import StatementStatus
from jtc.execution.runs import Execution
from jtc.calls.steps import Skeleton, SourceKind, Step
from jtc.exploration.tree import ConstraintTree, Node, NodeStatus
from jtc.svm.inputs import VariableStore
from jtc.svm.path import Decision, DecisionKind


class _Sequence:
    """Stands in for the method of a statement-choice site (sites are (method, index) pairs)."""

    qualified_name = "<sequence>"

    @staticmethod
    def line_of(index: int) -> int:
        return -1


SEQUENCE = _Sequence()


def choice(position: int, step: Step) -> Decision:
    return Decision((SEQUENCE, position), DecisionKind.STATEMENT, step, z3.BoolVal(True), ())  # type: ignore[arg-type]


def with_statement_choices(execution: Execution, skeleton: Skeleton) -> list[Decision]:
    """The replay's decisions with a statement choice in front of each statement's own."""
    replay = execution.replay
    assert replay is not None
    starts = replay.statement_starts
    combined: list[Decision] = []
    for position, start in enumerate(starts):
        end = starts[position + 1] if position + 1 < len(starts) else len(replay.decisions)
        combined.append(choice(position, skeleton[position]))
        combined.extend(replay.decisions[start:end])
    return combined


def statement_at(execution: Execution, index: int) -> int:
    """The statement whose part of the combined decision list holds position `index`."""
    assert execution.replay is not None
    statement = 0
    for position, start in enumerate(execution.replay.statement_starts):
        if start + position <= index:
            statement = position
    return statement


class Group:
    """A constraint tree with the skeletons it holds, arranged as a trie of statement prefixes."""

    def __init__(self) -> None:
        self.tree = ConstraintTree()
        self.store = VariableStore()
        self.children: dict[Skeleton, list[Step]] = {}  # prefix -> next steps
        self.leaf: dict[Skeleton, Skeleton] = {}  # prefix -> the first skeleton through it
        self.boundaries: dict[Skeleton, list[Node]] = {(): [self.tree.root]}
        self.prefix_of: dict[Node, Skeleton] = {self.tree.root: ()}
        self.reached: set[Skeleton] = set()  # prefixes whose last statement some execution started
        self.threw: dict[Node, frozenset[int]] = {}  # boundary -> statements that threw on the path to it

    def add(self, skeleton: Skeleton) -> int | None:
        """Insert into the trie; returns the position of the first new step, None if known."""
        known = self._known_length(skeleton)
        for position in range(known, len(skeleton)):
            self.children.setdefault(skeleton[:position], []).append(skeleton[position])
            self.leaf[skeleton[:position + 1]] = skeleton
        return known if known < len(skeleton) else None

    def _known_length(self, skeleton: Skeleton) -> int:
        """The length of the longest prefix of `skeleton` in the trie, found by bisection (the known
        prefixes are closed under shortening): looking every prefix up hashed long skeletons'
        steps over and over."""
        low, high = 0, len(skeleton)
        while low < high:
            middle = (low + high + 1) // 2
            if skeleton[:middle] in self.leaf:
                low = middle
            else:
                high = middle - 1
        return low

    def open_choice(self, boundary: Node, position: int, step: Step) -> Node | None:
        """An unexplored statement choice below `boundary` (None if it exists already, or if the
        step needs the result of a statement that threw on the way there: it could not run)."""
        if step in boundary.children:
            return None
        threw = self.threw.get(boundary)
        if threw and any(source.kind == SourceKind.REF and source.index in threw for source in step.sources):
            return None
        if boundary.site is None:
            boundary.site, boundary.kind = (SEQUENCE, position), DecisionKind.STATEMENT  # type: ignore[assignment]
            if boundary.status != NodeStatus.UNEXPLORED:
                boundary.status = NodeStatus.COMPUTATION
        return self.tree.open_child(boundary, step, z3.BoolVal(True))

    def register_boundaries(self, skeleton: Skeleton, execution: Execution, decisions: list[Decision],
                            first_redundant: int, path_limit: int) -> tuple[int, list[Node]]:
        """Register the boundaries this path reached, opening the known continuations of each
        prefix below them. Returns the last statement whose open nodes stay open (later ones are
        pruned: criteria failed, the statement aborted, or the path limit was hit) and the
        statement choices opened."""
        replay = execution.replay
        assert replay is not None
        outcomes = replay.outcomes
        opened: list[Node] = []
        node = self.tree.root
        depth = 0
        for position in range(1, len(outcomes) + 1):
            # walk to the node after statement position-1's decisions
            end = replay.statement_starts[position] + position if position < len(replay.statement_starts) \
                else len(decisions)
            while depth < min(end, len(decisions)):
                child = node.children.get(decisions[depth].label)
                if child is None:
                    return position - 1, opened
                node, depth = child, depth + 1
            if outcomes[position - 1].status not in (StatementStatus.OK, StatementStatus.THREW) \
                    or position - 1 >= first_redundant:
                return position - 1, opened
            prefix = skeleton[:position]
            known = self.boundaries.setdefault(prefix, [])
            if node not in self.prefix_of:
                threw = frozenset(i for i in range(position) if outcomes[i].status == StatementStatus.THREW)
                # Paths through a throw and paths without one have a limit each: a constructor whose
                # validation throws for most inputs would otherwise fill the prefix's paths.
                if sum(1 for b in known if bool(self.threw.get(b)) == bool(threw)) >= path_limit:
                    return position - 1, opened
                known.append(node)
                self.prefix_of[node] = prefix
                self.threw[node] = threw
                for step in self.children.get(prefix, []):
                    created = self.open_choice(node, position, step)
                    if created is not None:
                        opened.append(created)
        return len(skeleton), opened
