"""`jtc generate`: the pipeline of one class, stage after stage, and the run over many classes.

Errors of the input (unknown class, bad classpath, untestable class) end that class with one line
and its exit code. Problems of the code under test (System.exit, endless loops, stack or heap
exhaustion, a dead JVM) are reported per method; the tests for everything else are still written.
"""

from __future__ import annotations

import os
import time
import traceback
from typing import Iterable, Iterator

from jtc.config import Settings
from jtc.errors import InternalError, JtcError
from jtc.minimise.suite import shown
from jtc.model.types import BinaryName
from jtc.oracle.public_reach import noted
from jtc.oracle.selection import last_new_coverage
from jtc.pipeline.amplify import amplify
from jtc.pipeline.ask import judging
from jtc.pipeline.choice import choose
from jtc.pipeline.context import Clock, RunContext
from jtc.pipeline.minimise import minimise, unused_dropped
from jtc.pipeline.report import ClassReport, problems_of
from jtc.pipeline.search import search
from jtc.pipeline.setup import set_up
from jtc.pipeline.suite import suite_of
from jtc.pipeline.unreached import unreached, untested
from jtc.pipeline.write import write


def generate_class(context: RunContext, name: str) -> ClassReport:
    """Set up, search, choose, amplify, minimise, state (noting what the tests that make a value a
    hidden way show that the public ways did not), write: one class's tests and its report."""
    clock = Clock.of(context.settings)  # the budget covers the class's setup too
    started = time.perf_counter()
    subject = set_up(context, BinaryName(name), clock)  # as the command line names it
    set_up_seconds = time.perf_counter() - started
    session, explored = search(context, subject, clock)
    seconds = {"setup": set_up_seconds - subject.valid_input_seconds, "valid inputs": subject.valid_input_seconds,
               "search": explored.seconds}
    report = ClassReport(name, explored, session.cascade.solver.stats, problems_of(explored),
                         engine=session.executor.stats, seconds=seconds)
    report.unreached = unreached(context, subject, session, explored)
    if context.settings.target is not None and context.settings.target.class_name == name:
        report.target_line = context.settings.target.line
    choice = choose(subject, explored, context.index)
    last = last_new_coverage(choice.found)
    report.final_coverage_seconds = explored.execution_seconds[last.index] if last is not None else 0.0
    amplified = amplify(context, subject, session, choice, clock, report)
    chosen, cut_from = minimise(context, subject, amplified.chosen, explored, clock, report)
    suite = noted(suite_of(context, subject, chosen, cut_from, choice, report, amplified.loops), chosen, choice.found,
                  context.index)
    shown_by_program = {candidate.execution.program: shown(candidate) for candidate in chosen}
    shown_by_program.update((loop.program, frozenset()) for loop in amplified.loops)  # kept for kills alone
    write(context, suite, clock, report, shown_by_program,
          unused_dropped(context, subject, clock), judging(context, report) if context.settings.ask is not None else None)
    if report.coverage is not None:
        report.unreached = untested(report.unreached, report.coverage)
    report.seconds["total"] = time.perf_counter() - started
    return report


def generate(settings: Settings, class_names: Iterable[str]) -> Iterator[tuple[str, ClassReport | JtcError]]:
    """Each class's report, or the error that ended it, as soon as the class is done. The names may
    come lazily (a worker process receives them one at a time); the JVM starts before the first."""
    with RunContext.open(settings) as context:
        for name in class_names:
            try:
                yield name, generate_class(context, name)
            except JtcError as error:
                yield name, error
            except Exception as error:  # a bug in jtc: report it, keep going with the next class
                if os.environ.get("JTC_DEBUG"):
                    traceback.print_exc()
                yield name, InternalError(f"internal error while testing {name}: {type(error).__name__}: {error} "
                                          f"(JTC_DEBUG=1 prints the traceback)")
