"""The queue of candidate sequences: the generator's, and those grown out of runs that got somewhere.

Grown ones come first once every member under test has run, not before: a member's first run
covers more than one more call after another's, and on a class of many members nearly every run
takes a new branch, so grown ones would keep the members that never ran waiting (StrBuilder, 600
executions: 408 branches without growth, 217 with grown ones first, 325 taking turns).
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterator

from jtc.calls.steps import Skeleton
from jtc.execution.runs import Execution
from jtc.exploration.open_targets import OpenTargets
from jtc.model.program import StatementStatus
from jtc.svm.inputs import Assignment


class Candidates:
    def __init__(self, generated: Iterator[Skeleton], grow: Callable[[Skeleton], list[Skeleton]]) -> None:
        """`generated`: the generator's candidates (it stops itself at the search's deadline);
        `grow`: the skeletons that continue a run (growth.py)."""
        self.generated = generated
        self.grow = grow
        self.grown: deque[tuple[Skeleton, Assignment]] = deque()  # grown skeletons not taken yet, oldest first
        self.grown_from: set[Skeleton] = set()
        self.generator_exhausted = False
        self.skipped = 0  # candidates not explored because their member had no open branch left

    def next(self, targets: OpenTargets | None) -> tuple[Skeleton | None, Assignment | None]:
        """The next candidate whose member under test still has an open branch, with the inputs of
        the run it grew out of for a grown one; (None, None) when there is none."""
        while True:
            if targets is not None and not targets.any_open():
                return None, None
            base: Assignment | None = None
            skeleton: Skeleton | None = None
            if self.grown and (self.generator_exhausted or targets is None or not targets.any_unran()):
                skeleton, base = self.grown.popleft()
            elif not self.generator_exhausted:
                skeleton = next(self.generated, None)
                if skeleton is None:
                    self.generator_exhausted = True
                    if self.grown:
                        continue
            if skeleton is None or targets is None or targets.is_open(skeleton[-1].invokable):
                return skeleton, base
            self.skipped += 1

    def grow_from(self, skeleton: Skeleton, execution: Execution) -> bool:
        """Queue the continuations of a run (that took a new branch of the class under test or ran a
        member for the first time), once per skeleton, when every statement completed (a call
        after a throw starts from a state the test cannot hold); True when some were queued."""
        replay = execution.replay
        assert replay is not None
        if skeleton in self.grown_from or len(replay.outcomes) < len(skeleton) \
                or any(outcome.status != StatementStatus.OK for outcome in replay.outcomes):
            return False
        self.grown_from.add(skeleton)
        grown = self.grow(skeleton)
        self.grown.extend((longer, execution.assignment) for longer in grown)
        return bool(grown)

    @property
    def waiting(self) -> bool:
        """Grown candidates are waiting to be taken."""
        return bool(self.grown)
