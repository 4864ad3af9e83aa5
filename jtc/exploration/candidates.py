"""The queue of candidate sequences: the generator's, and those grown out of runs that got somewhere.

Grown ones come first once every member under test has run, not before: a member's first run
covers more than one more call after another's, and on a class of many members nearly every run
takes a new branch, so grown ones would keep the members that never ran waiting (StrBuilder, 600
executions: 408 branches without growth, 217 with grown ones first, 325 taking turns).
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Hashable, Iterator

from jtc.calls.steps import Skeleton
from jtc.execution.runs import Execution
from jtc.exploration.open_targets import OpenTargets
from jtc.model.classtable import MethodInfo
from jtc.model.program import StatementStatus
from jtc.svm.inputs import Assignment


Edge = tuple[MethodInfo, int, Hashable]
Prepare = Callable[[Skeleton, Execution, set[Edge], str | None], list[tuple[Skeleton, Assignment]]]
PREPARED_KEYS = 3  # keys looked up in vain that a skeleton's arguments are prepared with, at most


class Candidates:
    def __init__(self, generated: Iterator[Skeleton], grow: Callable[[Skeleton], list[Skeleton]],
                 prepare: Prepare = lambda skeleton, visited, covered, key: []) -> None:
        """`generated`: the generator's candidates (it stops itself at the search's deadline);
        `grow`: the skeletons that continue a run (growth.py); `prepare`: those that prepare an
        argument of its last call for the branches it left open, given its run, the outcomes
        covered and a key it looked up in vain, each with the inputs it starts from (growth.py)."""
        self.generated = generated
        self.grow = grow
        self.prepare = prepare
        # grown skeletons not taken yet, oldest first: the inputs of the run each grew out of, and
        # those the growth sets (a key to register), which hold whatever run it starts from
        self.grown: deque[tuple[Skeleton, Assignment, Assignment]] = deque()
        self.grown_from: set[Skeleton] = set()
        self.prepared_from: dict[Skeleton, set[str | None]] = {}  # the keys each was prepared with (None: none)
        self.generator_exhausted = False
        self.skipped = 0  # candidates not explored because their member had no open branch left

    def next(self, targets: OpenTargets | None) -> tuple[Skeleton | None, Assignment | None, Assignment]:
        """The next candidate whose member under test still has an open branch, with the inputs of
        the run it grew out of and those its growth set for a grown one; (None, None, {}) when
        there is none."""
        while True:
            if targets is not None and not targets.any_open():
                return None, None, {}
            base: Assignment | None = None
            inputs: Assignment = {}
            skeleton: Skeleton | None = None
            if self.grown and (self.generator_exhausted or targets is None or not targets.any_unran()):
                skeleton, base, inputs = self.grown.popleft()
            elif not self.generator_exhausted:
                skeleton = next(self.generated, None)
                if skeleton is None:
                    self.generator_exhausted = True
                    if self.grown:
                        continue
            if skeleton is None or targets is None or targets.is_open(skeleton[-1].invokable):
                return skeleton, base, inputs
            self.skipped += 1

    def grow_from(self, skeleton: Skeleton, execution: Execution, covered: set[Edge], continued: bool) -> bool:
        """Queue the skeletons grown out of a run (that took a new branch of the class under test,
        ran a member for the first time or looked a key up in vain): its arguments prepared for
        the branches left open once every statement before the last completed (the last may have
        thrown: an unknown option), once per skeleton and again for each of the first
        PREPARED_KEYS keys its runs looked up in vain (then registered); its continuations once
        per skeleton, when the run is to be `continued` (it gained) and its last statement
        completed too (a call after a throw starts from a state the test cannot hold). True when
        some were queued."""
        replay = execution.replay
        assert replay is not None
        statuses = [outcome.status for outcome in replay.outcomes]
        if len(statuses) < len(skeleton) or any(status != StatementStatus.OK for status in statuses[:len(skeleton) - 1]):
            return False
        grown = []
        tried = self.prepared_from.setdefault(skeleton, set())
        missed = [key for statement, key in replay.missed if statement == len(skeleton) - 1]
        for key in dict.fromkeys([None, *missed]):
            if key in tried or (key is not None and len(tried) > PREPARED_KEYS):
                continue
            tried.add(key)
            grown += [(longer, execution.assignment, inputs)
                      for longer, inputs in self.prepare(skeleton, execution, covered | replay.edges, key)]
        if continued and skeleton not in self.grown_from and statuses[len(skeleton) - 1] == StatementStatus.OK:
            self.grown_from.add(skeleton)
            grown += [(longer, execution.assignment, {}) for longer in self.grow(skeleton)]
        self.grown.extend(grown)
        return bool(grown)

    @property
    def waiting(self) -> bool:
        """Grown candidates are waiting to be taken."""
        return bool(self.grown)
