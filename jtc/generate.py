"""`jtc generate`: for each class, explore, select, emit, validate, measure, and report.

Errors of the input (unknown class, bad classpath, untestable class) end that class with one line
and its exit code. Problems of the code under test (System.exit, endless loops, stack or heap
exhaustion, a dead JVM) are reported per method; the tests for everything else are still written.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import os
import tempfile
import textwrap
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Mapping

from jtc.config import Settings, Strategy
from jtc.coverage.measure import extract_classes, measure
from jtc.coverage.model import ClassCoverage
from jtc.emit.validate import validate_suite
from jtc.errors import (ClassFileTooNewError, CoverageError, ExitCode, HarnessError, InternalError, JtcError,
                        UnknownClassError)
from jtc.jvm.protocol import HarnessResult, encode_program
from jtc.jvm.worker import JvmWorker, WorkerSettings
from jtc.model.classindex import ClassIndex
from jtc.model.classpath import Classpath, check_loadable
from jtc.analysis.influence import InfluenceAnalysis
from jtc.model.classtable import ClassInfo
from jtc.model.program import Invoke, Program
from jtc.model.repository import ClassRepository
from jtc.model.types import binary_name
from jtc.emit.render import render_suite
from jtc.minimise.conditions import alone_condition
from jtc.amplification.cuts import KillCheck, killing_cuts, longest
from jtc.minimise.observations import unrepeated
from jtc.minimise.suite import distinct_programs, killing_tests, shown, shown_alone
from jtc.minimise.makers import Made, shortest_makers
from jtc.minimise.statements import MinimisingReport, StatementMinimiser
from jtc.amplification.assertions import chosen_answers, keep, suite_kills, worth_keeping
from jtc.mutate.runner import mutant_class_files
from jtc.oracle.bugs import CONTRACT_TYPES, BugGroup, BugOracle, group_crashes
from jtc.model.testcases import TestCase, TestSuite
from jtc.oracle.observers import observers, queries
from jtc.oracle.outcomes import PROBLEM_EXIT_CODES, Kind, Outcome, classify, outcome_at
from jtc.oracle.probe import Prober, probe_suite
from jtc.oracle.pruning import MAX_OBSERVATIONS, SELECTION_CANDIDATES
from jtc.oracle.selection import (Candidate, build_suite, candidates, in_class, in_class_name, last_new_coverage,
                                  beside, on_the_boundary, on_trial, select, spares)
from jtc.amplification.boundaries import boundary_runs
from jtc.execution.deadline import DeadlineReached, release_guards
from jtc.amplification.extension import (Arguments, asking_calls, enum_constants, extension_runs, more_walks,
                                  taking_calls)
from jtc.execution.runs import EngineStats, Execution, Executor
from jtc.exploration.seeds import constants_of
from jtc.exploration.open_targets import OpenTargets
from jtc.making.pool import Pool, build_pool
from jtc.making.preparations import Preparations
from jtc.making.producers import Producers
from jtc.making.recipes import RecipeBook
from jtc.calls.invokables import Invokable
from jtc.exploration.growth import Growth
from jtc.calls.steps import Skeleton
from jtc.exploration.generator import SequenceGenerator
from jtc.making.taking import Taking, sets_nothing
from jtc.making.valid_inputs import Explore, Run, SubSearches, ValidInputs, structured_producers
from jtc.exploration.session import ClassSession, SearchReport
from jtc.making.targets import check_testable, testable_targets
from jtc.exploration.templates import Limits
from jtc.solver.solver import Solver, SolverStats
from jtc.java.toolchain import toolchain

# The sub-searches for valid inputs (search/valid_inputs.py): executions per producer, and their
# share of the class's budget at most.
SUB_SEARCH_EXECUTIONS = 60
SUB_SEARCH_SHARE = 0.3
SUB_SEARCH_LENGTH = 6
# The runs on comparisons' boundaries (search/boundaries.py) come after the search, within this share
# of the budget on top of it.
BOUNDARY_SHARE = 0.1
# With --select-assertions, the chosen tests made longer (search/extension.py) run after the boundary
# runs, within this share of the budget on top of it.
EXTENSION_SHARE = 0.2
# With --select-assertions, long walks are cut to what their kills need (minimise/cuts.py) after the
# extensions, within this share of the budget on top of it: a walk longer than CUT_ABOVE statements
# is no test on trial itself, its cuts are.
CUT_SHARE = 0.5
CUT_ABOVE = 12
# Mutants a class's walks are cut for, at most (spread evenly over its mutants): each is a class file.
CUT_MUTANTS = 600
# The cuts made run as tests within this long past the cutting's deadline.
CUT_GRACE_SECONDS = 2.0
# A mutant's run while cutting stops after this long (a mutant may loop for ever).
CUT_TIMEOUT_MS = 1000
# With --select-assertions, runs the coverage set cover left out, offered to mutation analysis as
# tests on trial (oracle/selection.py's spares): at most this many per class.
SPARE_TESTS = 24
# Minimising the chosen tests (minimise/statements.py) runs reduced programs within this share of the budget on top of it.
MINIMISE_SHARE = 0.2


@dataclass
class ClassReport:
    class_name: str
    search: SearchReport
    solver: SolverStats
    problems: list[tuple[str, Outcome, int]]  # (method, outcome, how many executions)
    tests_written: int = 0
    test_file: str | None = None
    dropped: list[tuple[str, str]] = field(default_factory=list)
    masked: list[tuple[str, str]] = field(default_factory=list)  # (test, why): an assertion given up, the test kept
    branch: tuple[int, int] | None = None  # JaCoCo (covered, total) for the class and its nested classes
    line: tuple[int, int] | None = None
    note: str = ""
    coverage_note: str = ""  # how coverage was measured, when that needs saying (class files changed for JaCoCo)
    coverage_error: CoverageError | None = None  # the tests are written, but JaCoCo could not measure them
    seconds: dict[str, float] = field(default_factory=dict)
    engine: EngineStats | None = None  # where the search time went (the engine benchmark reads it)
    coverage: ClassCoverage | None = None  # JaCoCo's figures with the line table (class and nested classes)
    final_coverage_seconds: float = 0.0  # search time when the last execution that covered something new ran
    likely_bugs: list[dict] = field(default_factory=list)  # groups of crashes (see likely_bug_groups), as JSON
    disabled: int = 0  # of the tests written, the @Disabled reproductions of likely bugs
    minimising: MinimisingReport | None = None  # statements and tests before and after minimisation

    @property
    def exit_code(self) -> ExitCode:
        for _, outcome, _ in self.problems:
            return PROBLEM_EXIT_CODES[outcome.kind]
        if self.coverage_error is not None:
            return self.coverage_error.exit_code
        return ExitCode.OK


def _describe(worker: JvmWorker, repository: ClassRepository, name: str) -> ClassInfo | None:
    try:
        table = worker.describe(name)
    except HarnessError as error:
        message = str(error)
        if message.startswith("class-not-found"):
            raise UnknownClassError(f"class {name} cannot be loaded: {message.partition(' ')[2]}") from None
        if message.startswith("class-too-new"):
            raise ClassFileTooNewError(f"{name}: {message}") from None
        raise
    repository.add_tables([table], worker.generation)
    return repository.get(name.replace(".", "/"))


def _problems(report: SearchReport) -> list[tuple[str, Outcome, int]]:
    counts: Counter[tuple[str, str]] = Counter()
    first: dict[tuple[str, str], Outcome] = {}
    for execution in report.executions:
        outcome = classify(execution)
        if outcome.is_problem:
            statement = execution.program[outcome.statement]
            method = f"{binary_name(statement.owner)}.{getattr(statement, 'name', '<init>')}"
            key = (method, outcome.kind.value)
            counts[key] += 1
            first.setdefault(key, outcome)
    return [(key[0], first[key], count) for key, count in counts.items()]


def generate_class(name: str, classpath: Classpath, worker: JvmWorker, repository: ClassRepository,
                   settings: Settings, index: ClassIndex, sub_searches: SubSearches | None = None) -> ClassReport:
    """`repository` holds the class tables the worker has reported so far: one per worker, since a
    JVM reports each class it instruments once, whichever class under test it was running for;
    `sub_searches` the runs of the valid-input sub-searches of the worker's earlier classes."""
    started = time.perf_counter()
    deadline = time.monotonic() + settings.time_budget  # the budget covers the class's setup too
    check_loadable(index, name, toolchain().max_class_major)
    table = _describe(worker, repository, name)
    declared = index.lookup(name.replace(".", "/"))
    if table is None or declared is None:
        raise UnknownClassError(f"class {name} is not on the classpath")
    check_testable(declared)
    describe = lambda other: _describe(worker, repository, binary_name(other))  # noqa: E731
    analysis = InfluenceAnalysis(repository, index, describe)
    producers = Producers(index, declared.name.rpartition("/")[0], settings.access)
    pool = build_pool(declared, index, analysis, producers, settings.access)
    targets = testable_targets(pool, declared)
    made_by_steps = {f"L{declared.name};"} | {t.receiver for t in targets if t.receiver and t.owner.startswith("java/")}
    preparations = Preparations(index, declared.name.rpartition("/")[0], settings.access, pool.effects)
    limits = Limits(settings.max_array_length, settings.max_string_length)
    explore = _sub_search(worker, repository, settings, pool, deadline=min(
        deadline, time.monotonic() + settings.time_budget * SUB_SEARCH_SHARE))
    valid = ValidInputs((sub_searches or SubSearches()).cached(explore))
    taking = Taking(index, declared.name.rpartition("/")[0], settings.access, lambda getter: sets_nothing(pool.effects(getter)),
                    pool.assignable)
    book = RecipeBook(producers, preparations=preparations, valid=valid.recipes_of, taking=taking,
                      parsed_types=valid.types_made)
    valid.find(structured_producers(declared, targets, producers, taking.holders), book)
    generator = SequenceGenerator(pool.invokables, pool.effects, pool.assignable, book.recipes, settings.generation,
                                  lambda desc: any(pool.assignable(desc, made) for made in made_by_steps),
                                  book.prepared, valid.for_input, taking.paths)
    executor = Executor(worker, repository, settings.record_budget, settings.execution_timeout_ms)
    solver = Solver(settings.solver_rlimit, settings.solver_timeout_ms, settings.seed)
    session = ClassSession(lambda stop, wanted: generator.skeletons(targets, stop, wanted), executor, solver, limits,
                           settings.strategy, settings.seed, settings.max_depth, constants_of(table),
                           settings.exploration, lambda coverage: OpenTargets(targets, pool.methods_run_by, coverage),
                           lambda method: in_class(method, declared.name), generator.influences, valid.covered,
                           Growth(generator, targets, settings.generation.max_length).extensions)
    search = session.run(settings.time_budget, settings.max_executions, deadline)
    search.completed_length = generator.completed_length
    report = ClassReport(name, search, solver.stats, _problems(search), engine=executor.stats)
    report.seconds["search"] = time.perf_counter() - started
    subjects = frozenset((t.owner, t.name, t.desc) for t in targets)
    found = candidates(search.executions, declared.name, subjects)
    oracle = BugOracle(lambda owner: in_class_name(owner, declared.name),
                       any(index.is_subtype(declared.name, contract) for contract in CONTRACT_TYPES))
    crashes = {c.execution.index: oracle.first_bug(c.execution, c.outcome.statement) for c in found}
    chosen = select([c for c in found if crashes[c.execution.index] is None],
                    lambda member: in_class_name(member[0], declared.name))  # type: ignore[index]
    last = last_new_coverage(found)
    report.final_coverage_seconds = search.execution_seconds[last.index] if last is not None else 0.0
    started_boundaries = time.perf_counter()
    report.seconds["boundaries"] = 0.0  # set below; before the cuts in the summary, which it runs first
    boundary = boundary_runs(session, [candidate.execution for candidate in chosen],
                             Executor(worker, repository, settings.record_budget, settings.execution_timeout_ms),
                             settings.boundary_runs, time.monotonic() + BOUNDARY_SHARE * settings.time_budget)
    on_edge = [c for c in on_the_boundary(candidates(boundary, declared.name, subjects), chosen)
               if oracle.first_bug(c.execution, c.outcome.statement) is None]  # no test pins a likely bug
    if not settings.select_assertions:
        chosen += on_edge
    else:  # tests on trial: mutation analysis keeps those that kill what the others miss
        bases = chosen + on_edge  # a run on the edge, made once more, crosses it
        chosen += on_trial(on_edge)
        returned = [(c.execution.program, c.outcome.statement) for c in bases if c.outcome.kind == Kind.RETURNED]
        takers, askers = taking_calls(targets, declared.name, analysis), asking_calls(targets, declared.name, analysis)
        given = Arguments(pool.assignable, enum_constants(index), taking.paths)
        extended = extension_runs(
            returned, takers, given,
            Executor(worker, repository, settings.record_budget, settings.execution_timeout_ms),
            settings.seed, time.monotonic() + EXTENSION_SHARE * settings.time_budget, askers)
        long_walks = [e.program for e in extended.runs if e.program in extended.walks and len(e.program) > CUT_ABOVE]
        started_cuts = time.perf_counter()
        cut = _killing_cuts(worker, repository, settings, classpath, declared.name,
                            [c.execution.program[:c.outcome.statement + 1] for c in bases], long_walks,
                            more_walks(returned, takers, given, settings.seed, askers))
        report.seconds["cuts"] = time.perf_counter() - started_cuts
        skipped = set(long_walks)  # a long walk goes on trial as its cuts
        tried = cut + [e for e in extended.runs if e.program not in skipped]  # cuts first: the minimiser reaches them
        chosen += on_trial([c for c in beside(candidates(tried, declared.name, subjects), chosen)
                            if oracle.first_bug(c.execution, c.outcome.statement) is None])
        chosen += spares([c for c in found if crashes[c.execution.index] is None], chosen, SPARE_TESTS)
    report.seconds["boundaries"] = time.perf_counter() - started_boundaries - report.seconds.get("cuts", 0.0)
    if settings.minimise:
        started_minimising = time.perf_counter()
        chosen, cut_from = _minimised(chosen, report, worker, repository, settings, declared.name, subjects,
                                      shortest_makers(search.executions))
        report.seconds["minimise"] = time.perf_counter() - started_minimising
    suite = build_suite(declared.name, chosen, index.declares_checked)
    if settings.minimise:
        suite = dataclasses.replace(suite, tests=tuple(
            dataclasses.replace(case, condition=alone_condition(
                cut_from.get(candidate.execution.program, candidate.execution), alone))
            for case, candidate, alone in zip(suite.tests, chosen, shown_alone(chosen))))
    crashed = [(c.execution, bug) for c in found if (bug := crashes[c.execution.index])]
    reproductions = likely_bug_groups(declared.name, group_crashes(crashed), index)
    started_probe = time.perf_counter()
    effects = functools.cache(lambda owner, name, desc: analysis.effects(owner, name, desc))
    prober = Prober(index, declared.name, lambda program: _probe_run(worker, repository, settings, program),
                    functools.cache(lambda receiver: observers(index, effects, receiver)),
                    functools.cache(lambda receiver: queries(index, effects, receiver)), settings.select_assertions)
    suite = probe_suite(suite, [candidate.execution.result for candidate in chosen], prober,
                        SELECTION_CANDIDATES if settings.select_assertions else MAX_OBSERVATIONS)
    if settings.minimise:
        suite = unrepeated(suite, lambda statement: isinstance(statement, Invoke) and statement.receiver is not None
                           and sets_nothing(effects(statement.owner, statement.name, statement.desc)))
    report.seconds["probe"] = time.perf_counter() - started_probe
    report.likely_bugs = [group for group, _ in reproductions]
    if settings.emit_likely_bugs:
        suite = dataclasses.replace(suite, tests=suite.tests + tuple(case for _, case in reproductions))
    shown_by_program = {candidate.execution.program: shown(candidate) for candidate in chosen}
    _emit_and_measure(report, suite, classpath, index, settings, shown_by_program)
    report.seconds["total"] = time.perf_counter() - started
    return report


def _killing_cuts(worker: JvmWorker, repository: ClassRepository, settings: Settings, classpath: Classpath,
                  class_name: str, tests: list[Program], walked: list[Program], more: Iterator[Program]) -> list[Execution]:
    """Runs of the long walks `walked`, or of `more` walks drawn afresh, cut to what
    their kills of mutants that none of `tests` kills need (minimise/cuts.py), within CUT_SHARE of
    the budget."""
    walks = longest(walked, CUT_ABOVE)
    if not walks:
        return []
    deadline = time.monotonic() + CUT_SHARE * settings.time_budget
    with tempfile.TemporaryDirectory(prefix="jtc-cuts-") as scratch:
        classes = Path(scratch) / "classes"
        extract_classes(classpath.entries, [class_name], classes)
        mutants = mutant_class_files(classes, Path(scratch) / "mutants", CUT_MUTANTS)
        originals = {binary_name(path.relative_to(classes).with_suffix("").as_posix()): path.read_bytes()
                     for path in classes.rglob("*.class")}
        files = {mutant: path for mutant, path in mutants}
        timeout = min(settings.execution_timeout_ms, CUT_TIMEOUT_MS)
        check = KillCheck(lambda program, replacing: worker.run(encode_program(program), settings.record_budget,
                                                                timeout, deadline, replacing),
                          functools.cache(lambda mutant: files[mutant].read_bytes()), originals, deadline)
        cuts = killing_cuts(walks, tests, list(files), check, more)
    executor = Executor(worker, repository, settings.record_budget, settings.execution_timeout_ms)
    try:
        for program in cuts:
            executor.execute(program, None, {}, deadline + CUT_GRACE_SECONDS)
    except DeadlineReached:  # the cuts made so far still go on trial
        pass
    return list(executor.executions)


def _minimised(chosen: list[Candidate], report: ClassReport, worker: JvmWorker, repository: ClassRepository,
               settings: Settings, class_name: str, subjects: frozenset[tuple[str, str, str]],
               makers: Mapping[Made, Program]) -> tuple[list[Candidate], dict[Program, Execution]]:
    """Each chosen test cut to the statements it needs (runs of its own executor, within
    MINIMISE_SHARE of the budget; with --select-assertions also without calls of the class under
    test, the longer test on trial; an object made the long way swapped for the search's shortest
    making of its kind, `makers`), then the tests that became one program made one; and the
    search's run each reduced program was cut from."""
    executor = Executor(worker, repository, settings.record_budget, settings.execution_timeout_ms)
    deadline = time.monotonic() + MINIMISE_SHARE * settings.time_budget
    minimiser = StatementMinimiser(lambda program: executor.execute(program, None, {}, deadline), class_name, subjects,
                                   deadline, shortening=settings.select_assertions, makers=makers)
    minimised = distinct_programs(minimiser.minimise(chosen))
    report.minimising = dataclasses.replace(minimiser.report, tests_after=len(minimised))
    return minimised, minimiser.cut_from


def likely_bug_groups(class_name: str, groups: list[BugGroup], index: ClassIndex) -> list[tuple[dict, TestCase]]:
    """Each group of crashes as JSON (with how many executions showed it and the Java source of its
    shortest reproduction), and that reproduction as a test case to write @Disabled."""
    found = []
    for group in groups:
        bug, execution = group.bug, group.execution
        at_bug = Candidate(execution, outcome_at(execution, bug.statement), frozenset(), ())
        case = dataclasses.replace(build_suite(class_name, [at_bug], index.declares_checked).tests[0],
                                   likely_bug=f"likely bug: {bug.summary}")
        rendered = render_suite(TestSuite(class_name, (case,)), index)
        span = rendered.tests[0]
        source = textwrap.dedent("\n".join(rendered.source.splitlines()[span.first_line - 1:span.last_line]))
        found.append(({"exception": bug.exception, "message": bug.message, "site": bug.site, "stack": list(bug.stack),
                       "executions": group.executions, "test": source}, case))
    return found


def _sub_search(worker: JvmWorker, repository: ClassRepository, settings: Settings, pool: Pool,
                deadline: float) -> Explore:
    """A deepest-first search of one producer's skeletons with an executor and solver of its own,
    bounded by SUB_SEARCH_EXECUTIONS or the executions asked for (and, as a safety net, `deadline`),
    over short arrays and Strings (a loop over a long row repeats what a short one shows): its runs."""
    limits = Limits(min(settings.max_array_length, SUB_SEARCH_LENGTH), min(settings.max_string_length, SUB_SEARCH_LENGTH))

    def explore(producer: Invokable, skeletons: list[Skeleton], executions: int | None) -> list[Run]:
        executor = Executor(worker, repository, settings.record_budget, settings.execution_timeout_ms)
        solver = Solver(settings.solver_rlimit, settings.solver_timeout_ms, settings.seed)
        session = ClassSession(lambda stop, wanted: iter(skeletons), executor, solver, limits, Strategy.DEEPEST,
                               settings.seed, settings.max_depth, options=settings.exploration,
                               open_targets=lambda coverage: OpenTargets([producer], pool.methods_run_by, coverage))
        session.run(math.inf, executions or SUB_SEARCH_EXECUTIONS, deadline)
        return [Run(session.skeleton_of[e.index][1], e.program, e.returned,
                    frozenset(e.replay.edges) if e.replay is not None else frozenset())
                for e in executor.executions if e.index in session.skeleton_of]
    return explore


def _probe_run(worker: JvmWorker, repository: ClassRepository, settings: Settings, program: Program) -> HarnessResult:
    """One run of a probe program (see jtc.oracle.probe); the class tables it reports are kept, as
    the worker reports each class once."""
    result = worker.run(encode_program(program), settings.record_budget, settings.execution_timeout_ms)
    if result.failure is None:
        repository.add_tables(result.new_tables, result.generation)
    return result


def _emit_and_measure(report: ClassReport, suite: TestSuite, classpath: Classpath, index: ClassIndex,
                      settings: Settings, shown_by_program: dict[Program, frozenset]) -> None:
    """Validate and write the test class, then measure it with JaCoCo in a fresh JVM. With
    --select-assertions, the mutants' kills also minimise the suite (`shown_by_program`: what each
    test's program shows besides its kills; a test not in it, a likely bug's reproduction, stays)."""
    with tempfile.TemporaryDirectory(prefix="jtc-generate-") as scratch:
        work = Path(scratch)
        started = time.perf_counter()
        validation = validate_suite(suite, classpath.entries, settings.output_dir, work_dir=work / "validate",
                                    index=index, fold=settings.fold)
        report.seconds["validation"] = time.perf_counter() - started
        report.dropped = [(d.name, d.reason) for d in validation.dropped]
        report.masked = [(d.name, d.reason) for d in validation.masked]
        if settings.select_assertions and validation.suite is not None:
            started = time.perf_counter()
            validated = validation.suite
            kills, rendered = suite_kills(validated, classpath.entries, index, work / "select")
            kept, kills = worth_keeping(validated, kills, rendered)
            if settings.minimise:
                minimal, kills = killing_tests(validated, kills, rendered, lambda position: shown_by_program.get(
                    validated.tests[position].program, frozenset({("unknown", position)})), kept)
                kept = set(minimal)
            selected = keep(validated, kept, chosen_answers(kills, rendered))
            if report.minimising is not None:
                report.minimising.tests_after = len(kept)
            validation = validate_suite(selected, classpath.entries, settings.output_dir,
                                        work_dir=work / "validate-selected", index=index, fold=settings.fold)
            report.dropped += [(d.name, d.reason) for d in validation.dropped]
            report.masked += [(d.name, d.reason) for d in validation.masked]
            report.seconds["selection"] = time.perf_counter() - started
        report.tests_written = len(validation.kept)
        report.disabled = len(validation.disabled)
        report.test_file = str(validation.written) if validation.written else None
        report.note = validation.note
        if validation.written is None or not settings.measure_coverage:
            return
        started = time.perf_counter()
        try:
            run = measure([validation.test_class], [validation.classes_dir], classpath.entries,  # type: ignore[list-item]
                          [suite.class_under_test], work / "coverage")
        except CoverageError as error:
            report.coverage_error = error
            return
        report.coverage_note = run.note
        coverage = run.report.including_nested(suite.class_under_test)
        report.coverage = coverage
        report.branch = (coverage.branch.covered, coverage.branch.total)
        report.line = (coverage.line.covered, coverage.line.total)
        report.seconds["coverage"] = time.perf_counter() - started


def summary_lines(report: ClassReport) -> list[str]:
    search, solver = report.search, report.solver
    lines = [f"{report.class_name}: {_count(report.tests_written, 'test')} written"
             + (f" ({report.disabled} @Disabled: likely bugs)" if report.disabled else "")
             + (f" to {report.test_file}" if report.test_file else "")]
    if report.branch is not None and report.line is not None:
        (bc, bt), (lc, lt) = report.branch, report.line
        lines.append(f"  coverage (JaCoCo): branches {bc}/{bt} ({_percent(bc, bt)}), lines {lc}/{lt} ({_percent(lc, lt)})")
    if report.coverage_error is not None:
        lines.append(f"  coverage not measured: {report.coverage_error}")
    if report.coverage_note:
        lines.append(f"  note: {report.coverage_note}")
    divergences = sum(search.divergences.values())
    lines.append(f"  search: {_count(len(search.executions), 'execution')}, solver {_count(solver.queries, 'query')} "
                 f"({solver.sat} sat, {solver.unsat} unsat, {solver.unknown} unknown/timeout), "
                 f"{divergences} divergences, stopped: {search.stopped_by}")
    for site, count in sorted(search.divergences.items()):
        lines.append(f"    divergence at {site}: {count}")
    for method, outcome, count in report.problems:
        lines.append(f"  warning: {method} {outcome.kind.value} ({outcome.detail}) on {_count(count, 'execution')}; "
                     f"no test written for {'them' if count != 1 else 'it'}")
    if report.minimising is not None:
        minimising = report.minimising
        lines.append(f"  minimised: {minimising.statements_before} -> {minimising.statements_after} statements in "
                     f"{_count(minimising.tests, 'test')}, {minimising.tests} -> {minimising.tests_after} tests "
                     f"({_count(minimising.runs, 'run')}{', cut by its deadline' if minimising.cut_by_deadline else ''})")
    for bug in report.likely_bugs:
        called = f" called from {bug['stack'][-1]}" if len(bug["stack"]) > 1 else ""
        lines.append(f"  likely bug: {bug['exception'].rpartition('.')[2]} at {bug['site']}{called} "
                     f"({_count(bug['executions'], 'execution')}); no passing test pins it")
    for test, reason in report.dropped:
        lines.append(f"  dropped {test}: {reason}")
    for test, reason in report.masked:
        lines.append(f"  assertion given up in {test}: {reason}")
    if report.note:
        lines.append(f"  note: {report.note}")
    times = ", ".join(f"{k} {v:.1f} s" for k, v in report.seconds.items() if k != "total")
    lines.append(f"  time: {report.seconds.get('total', 0.0):.1f} s ({times})")
    return lines


def _count(number: int, noun: str) -> str:
    plural = noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
    return f"{number} {noun if number == 1 else plural}"


def _percent(covered: int, total: int) -> str:
    return f"{100.0 * covered / total:.1f}%" if total else "n/a"


def generate(settings: Settings, class_names: Iterable[str]) -> Iterator[tuple[str, ClassReport | JtcError]]:
    """Each class's report, or the error that ended it, as soon as the class is done. The names may
    come lazily (a worker process receives them one at a time); the JVM starts before the first."""
    classpath = Classpath.parse(settings.classpath)
    with ClassIndex(classpath.entries, toolchain().java_home) as index, \
            JvmWorker(WorkerSettings(classpath.as_strings(), settings.worker_heap_mb)) as worker:
        worker.start()  # before the first class's clock: starting the JVM is no part of its search
        repository = ClassRepository()
        sub_searches = SubSearches()
        for name in class_names:
            try:
                release_guards()
                yield name, generate_class(name, classpath, worker, repository, settings, index, sub_searches)
            except JtcError as error:
                yield name, error
            except Exception as error:  # a bug in jtc: report it, keep going with the next class
                if os.environ.get("JTC_DEBUG"):
                    traceback.print_exc()
                yield name, InternalError(f"internal error while testing {name}: {type(error).__name__}: {error} "
                                          f"(JTC_DEBUG=1 prints the traceback)")
        release_guards()  # before the worker closes: the last class's guards
