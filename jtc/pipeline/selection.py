"""The choice of tests and assertions by mutants (--select-assertions): the validated tests run
against the class's mutants (amplification/assertions.py), and those tests and answers kept that
kill what the others miss; when the mutation run fails, the quick rule chooses."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Hashable

from jtc.amplification.assertions import quick_rule, selected_by_kills
from jtc.errors import InternalError
from jtc.model.program import Program
from jtc.model.testcases import TestSuite
from jtc.pipeline.context import RunContext


@dataclass(frozen=True)
class Selection:
    suite: TestSuite  # the tests and answers chosen
    kept: int | None  # how many tests the mutants kept; None when the quick rule chose
    note: str  # what the summary says of a choice that is not the mutants' whole ("" when it is)


def select(context: RunContext, validated: TestSuite, shown_by_program: dict[Program, frozenset[Hashable]],
           work_dir: Path, deadline: float) -> Selection:
    """The tests and answers the mutants choose by `deadline`. `shown_by_program`: what each test's
    program shows besides its kills, which the choice weighs (a test not in it, a likely bug's
    reproduction, stays)."""
    settings = context.settings
    try:
        selected, kept, complete = selected_by_kills(
            validated, context.classpath.entries, context.index, work_dir,
            lambda position: shown_by_program.get(validated.tests[position].program, frozenset({("unknown", position)})),
            settings.minimise, deadline)
    except InternalError as error:  # the mutation run failed: the quick rule
        return Selection(quick_rule(validated), None, f"tests and assertions chosen by the quick rule: {error}")
    if complete:
        return Selection(selected, kept, "")
    return Selection(selected, kept, "the mutation run was stopped at its time limit: tests and assertions chosen by "
                                     "the mutants it finished, with the quick rule's assertions besides")
