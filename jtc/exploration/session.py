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

import logging
import math
import random
import time
from dataclasses import dataclass, field
from enum import StrEnum

from jtc.exploration.candidates import Candidates
from jtc.exploration.criteria import first_redundant, triage
from jtc.deadline import DeadlineReached
from jtc.exploration.divergence import Divergences
from jtc.execution.runs import Execution, Executor
from jtc.exploration.space import SearchSettings, SearchSpace
from jtc.exploration.groups import Group, with_statement_choices
from jtc.calls.invokables import Invokable
from jtc.calls.steps import Skeleton, length_of
from jtc.exploration.programs import Programs
from jtc.exploration.solving import SolveCascade
from jtc.exploration.strategy import CoverageMap, Frontier
from jtc.exploration.string_seeding import StringSeeding
from jtc.exploration.templates import ProgramTemplate
from jtc.exploration.tree import OTHER, ConstraintTree, Node, NodeStatus
from jtc.solver.solver import Solver
from jtc.svm.inputs import Assignment
from jtc.svm.path import Decision, DecisionKind

LOG = logging.getLogger("jtc.exploration")
# Outcomes of an open decision of a library model explored before its "any other" node closes.
MODEL_OUTCOMES = 6
# Executions the search goes on for, at least, once everything reachable is covered (see _nothing_to_gain).
GRACE_EXECUTIONS = 100
# Open nodes explored in a row without a new branch of the class under test, after which the next
# candidate comes first (see _wants_sequence).
STALLED_POPS = 4


class StopReason(StrEnum):
    EXHAUSTED = "exhausted"  # nothing left to explore
    COVERED = "covered"  # every reachable branch went both ways, and a grace period found nothing new
    TIME = "time"
    EXECUTIONS = "executions"
    TARGET = "target"  # a run reached the line the search aimed at (--target)


@dataclass
class SearchReport:
    executions: list[Execution]
    divergences: dict[str, int]  # site description -> count
    infeasible_reached: int
    nondeterministic: int  # paths that contradicted the tree at the same prefix
    fallback_solutions: int
    seconds: float
    stopped_by: StopReason
    sequences: int = 0  # skeletons taken from the generator
    longest_sequence: int = 0  # longest skeleton executed (factories not counted)
    pruned: int = 0  # open nodes dropped by the exploration criteria
    completed_length: int = 0  # every candidate up to this cost (length plus wiring deviations) was generated
    execution_seconds: list[float] = field(default_factory=list)  # per execution: search time when it ran
    target_reached: int | None = None  # the first execution that reached the aimed-at line (--target)


@dataclass
class _Counts:
    sequences: int = 0
    longest: int = 0
    pruned: int = 0
    infeasible_reached: int = 0
    nondeterministic: int = 0


class ClassSession:
    """The exploration loop over all candidate sequences of one class."""

    def __init__(self, space: SearchSpace, executor: Executor, solver: Solver, settings: SearchSettings) -> None:
        self.executor = executor
        self.settings = settings
        self.options = settings.options
        self.space = space
        self.rng = random.Random(settings.seed)
        # Candidates until the search's deadline, none for members whose branches are all covered.
        self.candidates = Candidates(space.skeletons(self._out_of_time, self._target_open), space.grow, space.prepare)
        self.exhausted = False  # no candidate is left now (a grown one may come later)
        self.cascade = SolveCascade(solver, space.seeds, self.rng)
        self.coverage = CoverageMap()
        self.coverage.edges.update(edge for edge in space.known if not space.under_test(edge[0]))
        self.frontier = Frontier(settings.strategy, self.coverage, self.rng, space.under_test,
                                 space.aim.distance if space.aim is not None else None)
        self.target_reached: int | None = None
        self.open_targets = space.open_targets(self.coverage) if space.open_targets is not None else None
        self.group = Group()
        self.programs = Programs(settings.limits)
        self.divergences = Divergences()
        self.counts = _Counts()
        self.pops_since_sequence = 0
        self.pops_since_gain = 0  # open nodes explored since an execution last took a new branch of the class under test
        self.started = 0.0
        self.execution_seconds: list[float] = []
        self.deadline = math.inf  # time.monotonic() when the running search must stop
        self.last_gain = 0  # executions run when the coverage map last grew
        self.seeding = StringSeeding(self.cascade, space.seeds.tables)

    def run(self, time_budget: float, max_executions: int | None = None, deadline: float = math.inf) -> SearchReport:
        """Explore until `time_budget` seconds from now or `deadline` (time.monotonic(), when the
        class's clock started before the search), whichever comes first, or until another reason
        to stop. Every step is bounded by the deadline (see jtc.deadline), so the search
        ends within a fraction of a second of it."""
        self.started = time.monotonic()
        self.deadline = min(self.started + time_budget, deadline)
        stopped_by = self._explore_until_stopped(max_executions)
        counts = self.counts
        return SearchReport(self.executor.executions, self.divergences.described(), counts.infeasible_reached,
                            counts.nondeterministic, self.cascade.fallback_solutions, time.monotonic() - self.started,
                            stopped_by, sequences=counts.sequences, longest_sequence=counts.longest,
                            pruned=counts.pruned, execution_seconds=self.execution_seconds,
                            target_reached=self.target_reached)

    # ---- what later stages read of a finished search ----------------------------------------------

    def skeleton_run(self, execution: Execution) -> Skeleton | None:
        """The skeleton an execution of this search ran, None for one it did not run."""
        return self.programs.skeleton_run(execution)

    def trees(self) -> list[ConstraintTree]:
        """The constraint trees of this search: one, or one per skeleton without grouping."""
        return self.programs.trees(self.group)

    def template_of(self, execution: Execution) -> ProgramTemplate | None:
        """The template whose inputs an execution of this search ran on, None for one it did not run."""
        return self.programs.template_of(execution)

    # ---- stopping ------------------------------------------------------------------------------

    def _explore_until_stopped(self, max_executions: int | None) -> StopReason:
        while True:
            if self.target_reached is not None:
                return StopReason.TARGET
            if self._out_of_time():
                return StopReason.TIME
            if max_executions is not None and len(self.executor.executions) >= max_executions:
                return StopReason.EXECUTIONS
            if self._nothing_to_gain():
                return StopReason.COVERED
            try:
                if not self._step():
                    # the generator stops at the deadline too
                    return StopReason.TIME if self._out_of_time() else StopReason.EXHAUSTED
            except DeadlineReached:
                return StopReason.TIME

    def _reopen(self, group: Group, node: Node) -> None:
        """An "any other outcome" node stays open after it was explored: there may be more outcomes.
        A library model's open decision (the layout of a split string) is closed after
        MODEL_OUTCOMES outcomes: each new one makes the next query harder ("none of these"), and a
        few shapes of the text are what code parsing it distinguishes."""
        parent = node.parent
        if parent is not None and parent.kind == DecisionKind.MODEL and len(parent.children) > MODEL_OUTCOMES:
            group.tree.mark(node, NodeStatus.TIMEOUT)
            return
        self.frontier.add(group, [node])

    def _out_of_time(self) -> bool:
        return time.monotonic() >= self.deadline

    def _target_open(self, target: Invokable) -> bool:
        return self.open_targets is None or self.open_targets.is_open(target)

    def _step(self) -> bool:
        """One step: a seeded run, the next candidate or the most promising open node; False when
        nothing is left."""
        if self.seeding.reruns:
            self._run(*self.seeding.reruns.popleft())
            return True
        if self._wants_sequence() and self._next_sequence():
            return True
        picked = self.frontier.pop()
        if picked is None:
            return not self.exhausted and self._next_sequence()
        node, owner = picked
        group: Group = owner  # type: ignore[assignment]
        self.pops_since_sequence += 1
        self.pops_since_gain += 1
        self._explore(group, node)
        if node.label == OTHER and node.status == NodeStatus.UNEXPLORED:
            self._reopen(group, node)
        return True

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
        """Deepen when no open node promises new coverage and a share of the others was explored,
        or when the open nodes have stalled: STALLED_POPS in a row took no new branch of the
        class under test (a choice the current sequences cannot make true, or the checks of a
        factory that made a helper object: `level.registerHero(hero)` gains nothing from more hero
        names, a level that was started first is what `level.moveHero` needs). While some member under test has not run at all, every
        other step is a new candidate: its first run covers outcomes throughout a member, where a
        solved branch flips one (StringUtils, ~200 members, spent its budget on the branches of the
        first 14 it ran)."""
        if self.exhausted:
            return False
        if self.candidates.waiting or (self.open_targets is not None and self.open_targets.any_unran()):
            return self.pops_since_sequence >= 1
        stalled = min(self.pops_since_sequence, self.pops_since_gain) >= STALLED_POPS
        if self.frontier.has_uncovered():
            return stalled
        return stalled or self.pops_since_sequence >= self.options.explore_per_sequence

    def _next_sequence(self) -> bool:
        """Add the next candidate (and run it once); False when the generator is exhausted."""
        skeleton, base, inputs = self.candidates.next(self.open_targets)
        if skeleton is None:
            self.exhausted = True
            return False
        self.counts.sequences += 1
        self.pops_since_sequence = 0
        group = self.group if self.options.grouping else Group()
        branch = group.add(skeleton)
        if inputs:
            # an argument prepared for a run: it runs on that run's inputs and those the growth set
            # (a key to register), not below every path of its prefix, whose tokens name nothing
            self._run(group, skeleton, self._initial(group, skeleton, {**(base or {}), **inputs}))
            return True
        if branch is None:
            return True
        prefix = skeleton[:branch]
        boundaries = group.boundaries.get(prefix, [])
        created = [group.open_choice(b, branch, skeleton[branch]) for b in boundaries]
        opened = [node for node in created if node is not None]
        if not opened:
            if base is not None or (not boundaries and prefix not in group.reached):
                # nothing ran this far, or the run it grew out of keeps no boundary (a statement
                # of it passed nothing on to its last one, so far): run it afresh on that run's inputs
                self._run(group, skeleton, self._initial(group, skeleton, base or {}))
            # else the prefix never completed normally; a boundary that appears later opens this skeleton
            return True
        self._explore(group, opened[0])
        self.frontier.add(group, [node for node in opened[1:] if node.status == NodeStatus.UNEXPLORED])
        return True

    # ---- steps ---------------------------------------------------------------------------------

    def _explore(self, group: Group, node: Node) -> None:
        parent = node.parent
        assert parent is not None
        base = self.executor.executions[parent.witness].assignment if parent.witness is not None else {}
        if parent.kind == DecisionKind.STATEMENT:
            skeleton = group.leaf[group.prefix_of[parent] + (node.label,)]  # type: ignore[operator]
            self._run(group, skeleton, self._initial(group, skeleton, base))
            return
        assert parent.witness is not None
        if self.divergences.given_up(parent.site):
            group.tree.mark(node, NodeStatus.DIVERGED)
            return
        _, skeleton = self.programs.skeleton_of[parent.witness]
        variables = self.programs.template(group, skeleton).variables()
        constraints = node.path_constraints(self.cascade.solver.constraint)
        prefix = [self.cascade.solver.constraint(c) for c in variables.domain()] + constraints[:-1]
        verdict = self.cascade.solve(variables, prefix, constraints[-1], base, self.deadline,
                                     site=(parent.site, parent.kind))
        if verdict.assignment is None:
            group.tree.mark(node, verdict.closed)  # type: ignore[arg-type]
            if verdict.closed == NodeStatus.INFEASIBLE:
                self.frontier.refuted(node)
            return
        labels_before = set(parent.children)
        execution = self._run(group, skeleton, verdict.assignment)
        if execution.replay is None:
            group.tree.mark(node, NodeStatus.TIMEOUT)
            return
        self.divergences.check(group.tree, node, execution, with_statement_choices(execution, skeleton), labels_before)

    def _new_comparison(self, decisions: list[Decision]) -> bool:
        """Did the path take an outcome of a comparison inside a library call, in the class under
        test, that no run took before (the capped side of `Math.min`)? That is new coverage too."""
        return any(d.kind == DecisionKind.COMPARISON and d.key not in self.coverage.decisions
                   and self.space.under_test(d.site[0]) for d in decisions)

    def _initial(self, group: Group, skeleton: Skeleton, base: Assignment) -> Assignment:
        return self.programs.initial(group, skeleton, base, self.rng)

    def _run(self, group: Group, skeleton: Skeleton, assignment: Assignment) -> Execution:
        template = self.programs.template(group, skeleton)
        before = time.monotonic()
        execution = self.executor.execute(template.build(assignment), template.variables(), assignment, self.deadline)
        self.programs.ran(execution, group, skeleton)
        self.execution_seconds.append(time.monotonic() - self.started)
        if LOG.isEnabledFor(logging.DEBUG):
            LOG.debug("execution %d (%.0f ms): %s -> %s", execution.index, 1000 * (time.monotonic() - before),
                      "; ".join(step.invokable.label for step in skeleton),
                      [o.status.value for o in execution.replay.outcomes] if execution.replay else execution.result.failure)
        self.counts.longest = max(self.counts.longest, length_of(skeleton))
        replay = execution.replay
        if replay is None:
            return execution
        group.reached.update(skeleton[:n] for n in range(1, len(replay.outcomes) + 1))
        if self.target_reached is None and self.space.aim is not None and self.space.aim.reached(replay.visited):
            self.target_reached = execution.index
        self.seeding.seed(group, skeleton, execution, template)
        first_run = False  # the first run of its member under test that reached it
        if self.open_targets is not None and len(replay.outcomes) == len(skeleton):
            first_run = skeleton[-1].invokable not in self.open_targets.ran
            self.open_targets.ran.add(skeleton[-1].invokable)
        decisions = with_statement_choices(execution, skeleton)[:self.settings.max_depth]
        insertion = group.tree.insert(decisions, execution.index,
                                      complete=replay.desync is None and not replay.truncated)
        self.counts.infeasible_reached += len(insertion.reached_infeasible)
        if insertion.mismatch is not None:
            self.counts.nondeterministic += 1
        gained = any(self.space.under_test(method) for method, _, _ in replay.edges - self.coverage.edges) \
            or self._new_comparison(decisions)
        if gained:
            self.pops_since_gain = 0
        continued = gained or first_run  # a call without branches (`rover.start()`) changes state too
        if continued or replay.missed:  # a key looked up in vain may be registered first
            if self.candidates.grow_from(skeleton, execution, self.coverage.edges, continued):
                self.exhausted = False
        if self.coverage.add(replay.edges, decisions):
            self.last_gain = len(self.executor.executions)
        redundant = first_redundant(skeleton, execution) if self.options.pruning else len(skeleton)
        open_until, opened = group.register_boundaries(skeleton, execution, decisions, redundant,
                                                       self.options.path_limit)
        self.frontier.add(group, opened)
        kept, spare = triage(insertion.created, skeleton, execution, open_until, redundant, self.space.influences)
        self.counts.pruned += len(insertion.created) - len(kept)
        self.frontier.add(group, kept)
        self.frontier.add_last_resort(group, spare)
        return execution
