"""Sequence exploration (seed 002, §4.4): concolic search through candidate sequences of one class.

Every wired candidate sequence (a skeleton) lives in a constraint tree whose path starts with a
*statement choice* before each statement, so skeletons that share a prefix share the explored
paths of that prefix (sequence grouping, §4.4.3): a new skeleton continues from the paths its
prefix already has, with those paths' inputs, instead of exploring the prefix again. The node
reached after a statement's decisions is a *boundary*; a boundary gets continuations only if the
path so far passed the exploration criteria (every statement influenced a later one on the trace:
return → argument, define → use on the same object, store → load at the same cell) and the
statement's path limit is not reached.

Each step either adds the next candidate from the generator, or takes the most promising open
node: a statement choice is run with fresh random inputs for the new statements; a branch node is
solved (quick z3, seeded fallback search, thorough z3), run, and checked: the execution must follow
the predicted path and flip the branch (architecture decision 7).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator

import z3

from jtc.config import ExplorationOptions
from jtc.search.execution import Execution, Executor
from jtc.search.invokables import FACTORY
from jtc.search.open_targets import OpenTargets
from jtc.search.seeds import Seeds
from jtc.search.sequences import REF, Skeleton, Step, length_of
from jtc.search.strategy import CoverageMap, Frontier
from jtc.search.templates import Limits, ProgramTemplate, merge
from jtc.search.tree import DIVERGED, INFEASIBLE, OTHER, TIMEOUT, UNEXPLORED, ConstraintTree, Node
from jtc.solver import fallback
from jtc.solver.solver import SAT, UNSAT, Constraint, Solver
from jtc.svm.inputs import Assignment, InputVariables, VariableStore
from jtc.svm.path import Decision

STATEMENT = "statement"  # decision kind of a statement choice
# Executions the search goes on for, at least, once everything reachable is covered (see _nothing_to_gain).
GRACE_EXECUTIONS = 100


class _Sequence:
    """Stands in for the method of a statement-choice site (sites are (method, index) pairs)."""

    qualified_name = "<sequence>"

    @staticmethod
    def line_of(index: int) -> int:
        return -1


SEQUENCE = _Sequence()


def _choice(position: int, step: Step) -> Decision:
    return Decision((SEQUENCE, position), STATEMENT, step, z3.BoolVal(True), ())  # type: ignore[arg-type]


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
        branch = None
        for position in range(len(skeleton)):
            prefix = skeleton[:position]
            following = self.children.setdefault(prefix, [])
            if skeleton[position] not in following:
                following.append(skeleton[position])
                branch = position if branch is None else branch
            self.leaf.setdefault(skeleton[:position + 1], skeleton)
        return branch


@dataclass
class SearchReport:
    executions: list[Execution]
    divergences: dict[str, int]  # site description -> count
    infeasible_reached: int
    nondeterministic: int  # paths that contradicted the tree at the same prefix
    fallback_solutions: int
    seconds: float
    stopped_by: str  # "exhausted", "covered", "time", "executions"
    sequences: int = 0  # skeletons taken from the generator
    longest_sequence: int = 0  # longest skeleton executed (factories not counted)
    pruned: int = 0  # open nodes dropped by the exploration criteria
    completed_length: int = 0  # every candidate up to this cost (length plus wiring deviations) was generated
    execution_seconds: list[float] = field(default_factory=list)  # per execution: search time when it ran


class ClassSession:
    def __init__(self, skeletons: Iterator[Skeleton], executor: Executor, solver: Solver, limits: Limits,
                 strategy: str, seed: int, max_depth: int, seeds: Seeds = Seeds(),
                 options: ExplorationOptions = ExplorationOptions(),
                 open_targets: Callable[[CoverageMap], OpenTargets] | None = None) -> None:
        self.skeletons = skeletons
        self.executor = executor
        self.solver = solver
        self.limits = limits
        self.rng = random.Random(seed)
        self.max_depth = max_depth
        self.seeds = seeds
        self.options = options
        self.coverage = CoverageMap()
        self.frontier = Frontier(strategy, self.coverage, self.rng)
        self.open_targets = open_targets(self.coverage) if open_targets is not None else None
        self.skipped = 0  # candidates not explored because their member had no open branch left
        self.group = Group()
        self.templates: dict[Skeleton, ProgramTemplate] = {}
        self.skeleton_of: dict[int, tuple[Group, Skeleton]] = {}  # execution index -> what it ran
        self.divergences: dict[str, int] = {}
        self.infeasible_reached = 0
        self.nondeterministic = 0
        self.fallback_solutions = 0
        self.sequences = 0
        self.longest = 0
        self.pruned = 0
        self.generator_done = False
        self.pops_since_sequence = 0
        self.started = 0.0
        self.execution_seconds: list[float] = []
        self.deadline = math.inf  # time.monotonic() when the running search must stop
        self.last_gain = 0  # executions run when the coverage map last grew

    def run(self, time_budget: float, max_executions: int | None = None) -> SearchReport:
        self.started = time.monotonic()
        self.deadline = self.started + time_budget
        stopped_by = "exhausted"
        while True:
            if time.monotonic() >= self.deadline:
                stopped_by = "time"
                break
            if max_executions is not None and len(self.executor.executions) >= max_executions:
                stopped_by = "executions"
                break
            if self._nothing_to_gain():
                stopped_by = "covered"
                break
            if self._wants_sequence() and self._next_sequence():
                continue
            picked = self.frontier.pop()
            if picked is None:
                if self.generator_done or not self._next_sequence():
                    break
                continue
            node, group = picked
            self.pops_since_sequence += 1
            self._explore(group, node)  # type: ignore[arg-type]
            if node.label == OTHER and node.status == UNEXPLORED:
                self.frontier.add(group, [node])
        return SearchReport(self.executor.executions, self.divergences, self.infeasible_reached,
                            self.nondeterministic, self.fallback_solutions, time.monotonic() - self.started,
                            stopped_by, sequences=self.sequences, longest_sequence=self.longest,
                            pruned=self.pruned, execution_seconds=self.execution_seconds)

    def _nothing_to_gain(self) -> bool:
        """Every branch each member under test may run went both ways, no open node promises an
        outcome no execution produced (an implicit check that has not thrown yet), and the search has
        gone on as long again as it took to find everything (at least GRACE_EXECUTIONS) without
        finding more: other paths through covered code may still loop forever or exhaust memory,
        which the user wants to hear about, but an unbounded hunt for them is not worth the budget."""
        executions = len(self.executor.executions)
        return executions - self.last_gain >= max(GRACE_EXECUTIONS, self.last_gain) \
            and self.open_targets is not None and not self.open_targets.any_open() and not self.frontier.has_uncovered()

    # ---- candidates ----------------------------------------------------------------------------

    def _wants_sequence(self) -> bool:
        """Deepen when no open node promises new coverage and a share of the others was explored."""
        return not self.generator_done and not self.frontier.has_uncovered() and \
            self.pops_since_sequence >= self.options.explore_per_sequence

    def _next_sequence(self) -> bool:
        """Add the next candidate (and run it once); False when the generator is exhausted."""
        skeleton = self._next_open()
        if skeleton is None:
            self.generator_done = True
            return False
        self.sequences += 1
        self.pops_since_sequence = 0
        group = self.group if self.options.grouping else Group()
        branch = group.add(skeleton)
        if branch is None:
            return True
        prefix = skeleton[:branch]
        boundaries = group.boundaries.get(prefix, [])
        created = [self._open_choice(group, b, branch, skeleton[branch]) for b in boundaries]
        created = [node for node in created if node is not None]
        if not created:
            if not boundaries and prefix not in group.reached:  # nothing ran this far: run it afresh
                self._run(group, skeleton, self._initial(group, skeleton, {}))
            # else the prefix never completed normally; a boundary that appears later opens this skeleton
            return True
        self._explore(group, created[0])
        self.frontier.add(group, [node for node in created[1:] if node.status == UNEXPLORED])
        return True

    def _next_open(self) -> Skeleton | None:
        """The next candidate whose member under test still has an open branch."""
        targets = self.open_targets
        while True:
            if targets is not None and not targets.any_open():
                return None
            skeleton = next(self.skeletons, None)
            if skeleton is None or targets is None or targets.is_open(skeleton[-1].invokable):
                return skeleton
            self.skipped += 1

    def _open_choice(self, group: Group, boundary: Node, position: int, step: Step) -> Node | None:
        """An unexplored statement choice below `boundary` (None if it exists already, or if the
        step needs the result of a statement that threw on the way there: it could not run)."""
        if step in boundary.children:
            return None
        threw = group.threw.get(boundary)
        if threw and any(source.kind == REF and source.index in threw for source in step.sources):
            return None
        if boundary.site is None:
            boundary.site, boundary.kind = (SEQUENCE, position), STATEMENT  # type: ignore[assignment]
            if boundary.status != UNEXPLORED:
                boundary.status = "computation"
        return group.tree.open_child(boundary, step, z3.BoolVal(True))

    # ---- steps ---------------------------------------------------------------------------------

    def _explore(self, group: Group, node: Node) -> None:
        parent = node.parent
        assert parent is not None
        base = self.executor.executions[parent.witness].assignment if parent.witness is not None else {}
        if parent.kind == STATEMENT:
            skeleton = group.leaf[group.prefix_of[parent] + (node.label,)]
            self._run(group, skeleton, self._initial(group, skeleton, base))
            return
        _, skeleton = self.skeleton_of[parent.witness]
        template = self._template(group, skeleton)
        variables = template.variables()
        constraints = node.path_constraints(self.solver.constraint)
        prefix = [self.solver.constraint(c) for c in variables.domain()] + constraints[:-1]
        assignment = self._solve(group, variables, node, prefix, constraints[-1], base)
        if assignment is None:
            return
        labels_before = set(parent.children)
        execution = self._run(group, skeleton, assignment)
        if execution.replay is None:
            group.tree.mark(node, TIMEOUT)
            return
        left_at = self._divergence(node, self._decisions(execution), labels_before)
        if left_at is not None:
            method, index = left_at.parent.site  # type: ignore[union-attr, misc]
            site = f"{method.qualified_name}#{index} (line {method.line_of(index)})"
            self.divergences[site] = self.divergences.get(site, 0) + 1
            if node.status not in ("computation", "terminal"):
                group.tree.mark(node, DIVERGED)

    def _template(self, group: Group, skeleton: Skeleton) -> ProgramTemplate:
        template = self.templates.get(skeleton)
        if template is None:
            template = self.templates[skeleton] = ProgramTemplate.for_skeleton(skeleton, self.limits, group.store)
        return template

    def _initial(self, group: Group, skeleton: Skeleton, base: Assignment) -> Assignment:
        """Random values for the inputs the prefix's witness does not fix."""
        return merge(self._template(group, skeleton).initial_assignment(self.rng), base)

    def _solve(self, group: Group, variables: InputVariables, node: Node, prefix: list[Constraint],
               goal: Constraint, base: Assignment) -> Assignment | None:
        """Inputs for the path to `node`: a quick z3 attempt, then the seeded fallback search, then a
        thorough z3 attempt. Marks the node INFEASIBLE or TIMEOUT when there are none."""
        descs, by_name = variables.descs, variables.by_name()
        for thorough in (False, True):
            result = self.solver.solve(prefix, goal, descs, by_name, thorough=thorough)
            if result.status == SAT:
                return merge(base, result.assignment)
            if result.status == UNSAT:
                group.tree.mark(node, INFEASIBLE)
                return None
            if not thorough:
                relevant = self.solver.slice(prefix, goal) + [goal]
                names = sorted(set().union(*(c.variables for c in relevant)))
                found = fallback.search([c.expr for c in relevant], by_name, descs, names, base, self.rng,
                                        seeds=self.seeds.candidates, deadline=self.deadline)
                if found is not None:
                    self.fallback_solutions += 1
                    return merge(base, found)
        group.tree.mark(node, TIMEOUT)
        return None

    def _run(self, group: Group, skeleton: Skeleton, assignment: Assignment) -> Execution:
        template = self._template(group, skeleton)
        execution = self.executor.execute(template.build(assignment), template.variables(), assignment)
        self.skeleton_of[execution.index] = (group, skeleton)
        self.execution_seconds.append(time.monotonic() - self.started)
        self.longest = max(self.longest, length_of(skeleton))
        replay = execution.replay
        if replay is None:
            return execution
        group.reached.update(skeleton[:n] for n in range(1, len(replay.outcomes) + 1))
        if self.open_targets is not None and len(replay.outcomes) == len(skeleton):
            self.open_targets.ran.add(skeleton[-1].invokable)
        decisions = self._decisions(execution)[:self.max_depth]
        insertion = group.tree.insert(decisions, execution.index, complete=replay.desync is None)
        self.infeasible_reached += len(insertion.reached_infeasible)
        if insertion.mismatch is not None:
            self.nondeterministic += 1
        if self.coverage.add(replay.edges, decisions):
            self.last_gain = len(self.executor.executions)
        open_until = self._open_until(group, skeleton, execution, decisions)
        kept = [n for n in insertion.created if self._statement_at(execution, n.depth - 1) <= open_until]
        self.pruned += len(insertion.created) - len(kept)
        self.frontier.add(group, kept)
        return execution

    # ---- decisions with statement choices ------------------------------------------------------

    def _decisions(self, execution: Execution) -> list[Decision]:
        """The replay's decisions with a statement choice in front of each statement's own."""
        replay = execution.replay
        _, skeleton = self.skeleton_of[execution.index]
        starts = replay.statement_starts  # type: ignore[union-attr]
        combined: list[Decision] = []
        for position, start in enumerate(starts):
            end = starts[position + 1] if position + 1 < len(starts) else len(replay.decisions)  # type: ignore[union-attr]
            combined.append(_choice(position, skeleton[position]))
            combined.extend(replay.decisions[start:end])  # type: ignore[union-attr]
        return combined

    @staticmethod
    def _statement_at(execution: Execution, index: int) -> int:
        """The statement whose part of the combined decision list holds position `index`."""
        starts = execution.replay.statement_starts  # type: ignore[union-attr]
        statement = 0
        for position, start in enumerate(starts):
            if start + position <= index:
                statement = position
        return statement

    def _open_until(self, group: Group, skeleton: Skeleton, execution: Execution, decisions: list[Decision]) -> int:
        """Register the boundaries this path reached and return the last statement whose open nodes
        stay open: later ones are pruned (criteria failed, statement aborted, or path limit hit)."""
        replay = execution.replay
        outcomes = replay.outcomes  # type: ignore[union-attr]
        dead = self._first_redundant(skeleton, execution) if self.options.pruning else len(skeleton)
        node = group.tree.root
        depth = 0
        for position in range(1, len(outcomes) + 1):
            # walk to the node after statement position-1's decisions
            end = replay.statement_starts[position] + position if position < len(replay.statement_starts) \
                else len(decisions)  # type: ignore[union-attr]
            while depth < min(end, len(decisions)):
                child = node.children.get(decisions[depth].label)
                if child is None:
                    return position - 1
                node, depth = child, depth + 1
            if outcomes[position - 1].status not in ("ok", "threw") or position - 1 >= dead:
                return position - 1
            prefix = skeleton[:position]
            known = group.boundaries.setdefault(prefix, [])
            if node not in group.prefix_of:
                if len(known) >= self.options.path_limit:
                    return position - 1
                known.append(node)
                group.prefix_of[node] = prefix
                group.threw[node] = frozenset(i for i in range(position) if outcomes[i].status == "threw")
                for step in group.children.get(prefix, []):
                    created = self._open_choice(group, node, position, step)
                    if created is not None:
                        self.frontier.add(group, [created])
        return len(skeleton)

    @staticmethod
    def _first_redundant(skeleton: Skeleton, execution: Execution) -> int:
        """The first statement that influenced nothing that reaches the last one, on this trace."""
        replay = execution.replay
        outcomes = replay.outcomes  # type: ignore[union-attr]
        last = len(skeleton) - 1
        edges = set(replay.flows)  # type: ignore[union-attr]
        for j, step in enumerate(skeleton):
            for source in step.sources:
                if source.kind == REF and source.index < len(outcomes):
                    edges.add((source.index, j))
        live = [False] * len(skeleton)
        live[last] = True
        for i in range(last - 1, -1, -1):
            live[i] = any(live[j] for (a, j) in edges if a == i)
        for i, alive in enumerate(live):
            if not alive and skeleton[i].invokable.kind != FACTORY:
                return i
        return len(skeleton)

    # ---- correctness check -----------------------------------------------------------------------

    @staticmethod
    def _expected(node: Node) -> list[Node]:
        chain = []
        current: Node | None = node
        while current is not None and current.parent is not None:
            chain.append(current)
            current = current.parent
        chain.reverse()
        return chain

    def _divergence(self, node: Node, decisions: list[Decision], labels_before: set) -> Node | None:
        """The node on the predicted path where the execution went elsewhere, or None if it arrived."""
        for depth, expected in enumerate(self._expected(node)):
            if depth >= len(decisions) or decisions[depth].site != expected.parent.site:  # type: ignore[union-attr]
                return expected
            label = decisions[depth].label
            if expected.label == OTHER:
                return None if label not in labels_before else expected
            if label != expected.label:
                return expected
        return None
