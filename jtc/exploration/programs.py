"""What a search built and ran: the program template of each skeleton (built once, so that every
run of a skeleton names its inputs alike and one solution fits them all) and the group and skeleton
each execution ran. The search solves open nodes on them; later stages read them of a finished
search (amplification's boundary runs, the report of unreached lines)."""

from __future__ import annotations

import random

from jtc.calls.steps import Skeleton
from jtc.execution.runs import Execution
from jtc.exploration.groups import Group
from jtc.exploration.templates import Limits, ProgramTemplate, merge
from jtc.exploration.tree import ConstraintTree
from jtc.svm.inputs import Assignment


class Programs:
    """The templates of a search's skeletons and what each of its executions ran."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.templates: dict[Skeleton, ProgramTemplate] = {}
        self.skeleton_of: dict[int, tuple[Group, Skeleton]] = {}  # execution index -> what it ran

    def template(self, group: Group, skeleton: Skeleton) -> ProgramTemplate:
        template = self.templates.get(skeleton)
        if template is None:
            template = self.templates[skeleton] = ProgramTemplate.for_skeleton(skeleton, self.limits, group.store)
        return template

    def initial(self, group: Group, skeleton: Skeleton, base: Assignment, rng: random.Random) -> Assignment:
        """Random values for the inputs the prefix's witness does not fix."""
        return merge(self.template(group, skeleton).initial_assignment(rng), base)

    def ran(self, execution: Execution, group: Group, skeleton: Skeleton) -> None:
        self.skeleton_of[execution.index] = (group, skeleton)

    def skeleton_run(self, execution: Execution) -> Skeleton | None:
        """The skeleton an execution of this search ran, None for one it did not run."""
        ran = self.skeleton_of.get(execution.index)
        return ran[1] if ran is not None else None

    def template_of(self, execution: Execution) -> ProgramTemplate | None:
        """The template whose inputs an execution of this search ran on, None for one it did not run."""
        skeleton = self.skeleton_run(execution)
        return self.templates[skeleton] if skeleton is not None else None

    def trees(self, current: Group) -> list[ConstraintTree]:
        """The constraint trees of the search: the `current` group's, and one per skeleton that ran
        in a group of its own (without grouping)."""
        groups = {id(group): group for group, _ in self.skeleton_of.values()}
        groups.setdefault(id(current), current)
        return [group.tree for group in groups.values()]
