"""Dynamic seeding (seed 002, §4.4): the Strings the code compared its inputs with become inputs
themselves, of the fallback search and of runs of a skeleton again with one String input set to
each. A check the VM cannot see through (a lookup in a map library code filled) is met no other way."""

from __future__ import annotations

from collections import deque

from jtc.calls.steps import Skeleton
from jtc.execution.runs import Execution
from jtc.exploration.groups import Group
from jtc.exploration.solving import SolveCascade
from jtc.exploration.templates import ProgramTemplate
from jtc.svm.inputs import Assignment

# Runs of a skeleton with its String inputs set to Strings the code compared with, per run that saw new ones.
SEEDED_RUNS = 4


class StringSeeding:
    """The Strings the runs saw compared, and the runs on them the search has yet to make."""

    def __init__(self, cascade: SolveCascade, tables: tuple[str, ...]) -> None:
        """`cascade`: its fallback search gets every new String; `tables`: the static initializer's
        Strings (seeds.py), tried on a skeleton's first run."""
        self.cascade = cascade
        self.tables = tables
        self.compared: dict[str, None] = {}  # Strings the runs saw the code compare with, first seen first
        self.reruns: deque[tuple[Group, Skeleton, Assignment]] = deque()  # runs on those Strings, not run yet
        self.seeded: set[Skeleton] = set()  # skeletons whose runs on those Strings were queued

    def seed(self, group: Group, skeleton: Skeleton, execution: Execution, template: ProgramTemplate) -> None:
        """Queue the runs of the skeleton on the Strings its run saw compared: all known ones after
        its first run, the new ones after a later run."""
        new = tuple(text for text in execution.replay.compared if text not in self.compared)  # type: ignore[union-attr]
        if new:
            self.compared.update(dict.fromkeys(new))
            self.cascade.seeds = self.cascade.seeds.with_strings(new)
        # A skeleton's first run: after those, the static initializer's Strings (seeds.py)
        texts = new if skeleton in self.seeded else tuple(dict.fromkeys((*self.compared, *self.tables)))
        self.seeded.add(skeleton)
        if texts:
            self.reruns.extend((group, skeleton, assignment)
                               for assignment in template.seeded(execution.assignment, texts, SEEDED_RUNS))
