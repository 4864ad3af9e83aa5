"""Stage 5, minimisation: each chosen test cut to the statements it needs, then the tests that became
one program made one (the tests about to be written lose what nothing uses later: pipeline/tidy.py)."""

from __future__ import annotations

import dataclasses

from jtc.execution.runs import Execution
from jtc.exploration.session import SearchReport
from jtc.minimise.makers import PublicMakers, shortest_makers
from jtc.minimise.statements import StatementMinimiser
from jtc.minimise.suite import distinct_programs
from jtc.minimise.unread import alike
from jtc.model.program import Program
from jtc.model.public_api import PublicApi
from jtc.oracle.selection import Candidate
from jtc.pipeline.context import RunContext
from jtc.pipeline.report import ClassReport
from jtc.pipeline.subject import Subject


def minimise(context: RunContext, subject: Subject, chosen: list[Candidate], search: SearchReport, deadline: float,
             report: ClassReport) -> tuple[list[Candidate], dict[Program, Execution]]:
    """The minimised tests (runs of an executor of their own, until `deadline`; with
    --select-assertions also cut without calls of the class under test, the longer test on trial; an
    object made the long way swapped for the search's shortest making of its kind, one
    made a hidden way for a public making of its kind (model/public_api.py); an input of the call
    under test that no decision read given the value of the call's first test), and the search's
    run each reduced program was cut from. Not run with --no-minimise."""
    settings = context.settings
    with report.timed("minimise"):
        executor = context.executor()
        api = PublicApi(context.index)
        minimiser = StatementMinimiser(lambda program: executor.execute(program, None, {}, deadline),
                                       subject.internal_name, subject.members, deadline,
                                       shortening=settings.select_assertions, makers=shortest_makers(search.executions),
                                       api=api, public=PublicMakers(search.executions, api))
        named = {(target.owner, target.name, target.desc): target.param_names for target in subject.targets}
        alike_inputs = alike(minimiser, chosen, minimiser.minimise(chosen),
                             lambda call: named.get((call.owner, call.name, call.desc)))
        minimised = distinct_programs(alike_inputs)
        report.minimising = dataclasses.replace(minimiser.report, tests_after=len(minimised))
    return minimised, minimiser.cut_from

