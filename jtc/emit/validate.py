"""Check a rendered test class before it is written: it parses, compiles, and passes twice.

A test that does not compile, fails, or behaves differently in the two runs is dropped with its
reason, and the class is rendered again without it, until one round is clean (or the round limit
is reached). When what fails is one of the assertions a test can give up (a value, a message, an
observer's answer: the line javac or the failure's stack trace names), only that assertion goes: a
value that differs from the generator's run (an identity hash, the clock) is not the test's fault. The two runs are separate JVMs with opposite method orders, run at once, so a test that depends
on what another one left in static state, or on the clock or the file system, shows itself. The
second runs under JaCoCo's agent, as a build measuring coverage runs tests: the agent opens
`java.lang` to the class path's classes (its runtime lives there), so reflection into the JDK
(`HashCodeBuilder.reflectionHashCode(1)`, InaccessibleObjectException without the agent) ends
otherwise, and a test that asserts either ending is dropped as flaky. The clean round's second run is
the written tests' coverage run as well (`ValidationReport.measured`): no third JVM runs them again.

Validation that reaches its deadline (`ValidationSettings.deadline`) before a round is clean
validates nothing: no test is written that was not checked (`ValidationReport.out_of_time`).
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import javalang

from jtc.java.javac import compile_sources
from jtc.java.launcher import ALPHABETICAL, REVERSED, LauncherRun, TestResult, run_tests
from jtc.emit.render import RenderedClass, RenderedTest, render_suite
from jtc.deadline import DeadlineReached
from jtc.model.classindex import ClassIndex
from jtc.model.types import binary_name
from jtc.model.testcases import CheckKey, TestSuite, without
from jtc.java.bundle import jacoco_agent_option, junit_console_jar
from jtc.java.toolchain import SHORT_LIVED_JVM, toolchain


@dataclass(frozen=True)
class ValidationSettings:
    test_timeout_s: float = 10.0  # per test method, in each run
    max_rounds: int = 4  # rounds that give up a failing assertion and keep its test
    last_rounds: int = 2  # then rounds that drop a test that still fails whole: what is stable is written
    jvm_startup_s: float = 60.0  # wall-clock allowance of a run on top of its tests' timeouts
    deadline: float = math.inf  # time.monotonic() by which validation ends, done or not
    # The two runs of a round at once, each in its JVM, where the machine has a core for each: a
    # round takes the time of its longer run instead of both.
    parallel_runs: bool = (os.cpu_count() or 1) >= 2


@dataclass(frozen=True)
class DroppedTest:
    name: str
    reason: str


@dataclass(frozen=True)
class MeasuredRun:
    """A run under JaCoCo's agent: its execution data of the class under test, and what the JVM
    printed (where an agent that could not instrument the class says so)."""

    exec_file: Path
    output: str


@dataclass
class ValidationReport:
    class_under_test: str
    written: Path | None = None
    test_class: str | None = None  # binary name of the written test class
    kept: list[str] = field(default_factory=list)
    disabled: list[str] = field(default_factory=list)  # of the kept tests, the @Disabled reproductions of likely bugs
    failing: list[str] = field(default_factory=list)  # of the kept tests, those written to fail (--keep-failing)
    dropped: list[DroppedTest] = field(default_factory=list)
    masked: list[DroppedTest] = field(default_factory=list)  # assertions given up: test name, why
    rounds: int = 0
    seconds: float = 0.0
    note: str = ""  # why nothing was written, when nothing was
    out_of_time: bool = False  # the deadline came before a round was clean: nothing was validated
    classes_dir: Path | None = None  # the compiled test class, kept when a work_dir was given
    measured: MeasuredRun | None = None  # the clean round's run under JaCoCo, kept when a work_dir was given
    suite: TestSuite | None = None  # the tests as written (checks given up and tests dropped)
    rendered: RenderedClass | None = None  # the source as written, with each test's lines and checks


@dataclass
class _Round:
    """The verdict on one rendering: reasons by suite-relative case index."""

    failures: dict[int, str] = field(default_factory=dict)
    masks: dict[tuple[int, CheckKey], str] = field(default_factory=dict)  # (case, check) -> why
    # Cases of a parameterized test that failed as a whole (no case ran): written apart next round.
    unfold: set[int] = field(default_factory=set)
    measured: MeasuredRun | None = None  # the second run, when both completed

    def drop(self, cases: frozenset[int] | Sequence[int], reason: str) -> None:
        for case in cases:
            self.failures.setdefault(case, reason)

    def fail_at(self, rendered: RenderedClass, line: int | None, cases: frozenset[int] | Sequence[int],
                reason: str, call_failed: bool) -> None:
        """Give up the check on `line` in `cases` when it is one of theirs, else drop `cases`. A case
        of a parameterized test that gives up a check no longer has the others' shape: it is
        written apart in the next round. `call_failed` when it is not an assertion that failed (see
        RenderedClass.check_at_line)."""
        check = rendered.check_at_line(line, call_failed) if line is not None else None
        if check is not None and set(cases) <= check[0]:
            for case in cases:
                self.masks.setdefault((case, check[1]), reason)
        else:
            self.drop(cases, reason)

    @property
    def clean(self) -> bool:
        return not self.failures and not self.masks and not self.unfold


def validate_suite(suite: TestSuite, classpath: Sequence[Path], output_dir: Path,
                   settings: ValidationSettings = ValidationSettings(), work_dir: Path | None = None,
                   index: ClassIndex | None = None, fold: bool = True) -> ValidationReport:
    """Render, check and write the test class for `suite` under `output_dir/<package path>/`;
    `fold` folds tests of one shape into parameterized tests.

    `classpath` is the user's (the classes under test and their dependencies). With `work_dir`,
    the compiled test class stays in `work_dir/classes` for a coverage run."""
    started = time.perf_counter()
    report = ValidationReport(suite.class_under_test)
    if not suite.tests:
        report.note = "the suite has no tests; nothing written"
        return report
    owns_index = index is None
    index = index or ClassIndex(classpath, toolchain().java_home)
    scratch = Path(tempfile.mkdtemp(prefix="jtc-validate-")) if work_dir is None else work_dir
    try:
        _validate(suite, list(classpath), output_dir, settings, index, scratch, report, fold)
    except DeadlineReached:
        report.out_of_time = True
        report.note = f"validation ran out of time in round {report.rounds}; nothing written"
    finally:
        if owns_index:
            index.close()
        if work_dir is None:
            shutil.rmtree(scratch, ignore_errors=True)
            report.classes_dir = report.measured = None
    report.seconds = time.perf_counter() - started
    return report


def _validate(suite: TestSuite, classpath: list[Path], output_dir: Path, settings: ValidationSettings,
              index: ClassIndex, scratch: Path, report: ValidationReport, fold: bool) -> None:
    cases = list(suite.tests)
    apart = [False] * len(cases)  # written on its own whatever its shape
    for round_number in range(1, settings.max_rounds + settings.last_rounds + 1):
        report.rounds = round_number
        rendered = render_suite(dataclasses.replace(suite, tests=tuple(cases)), index, fold,
                                frozenset(position for position, alone in enumerate(apart) if alone))
        round_dir = scratch / f"round-{round_number}"
        failing = frozenset(p for p, case in enumerate(cases) if case.fails and not case.disabled_reason)
        verdict = _check(rendered, classpath, round_dir, settings, binary_name(suite.class_under_test), failing)
        if verdict.clean:
            target = output_dir / rendered.relative_path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(rendered.source, encoding="utf-8")
            report.written, report.test_class = target, rendered.binary_name
            report.kept = [test.case_name(case) for test in rendered.tests for case in test.cases]
            report.disabled = [test.case_name(case) for test in rendered.tests for case in test.cases
                               if cases[case].likely_bug]
            report.failing = [test.case_name(case) for test in rendered.tests for case in test.cases if case in failing]
            report.suite = dataclasses.replace(suite, tests=tuple(cases))
            report.rendered = rendered
            classes = scratch / "classes"
            shutil.rmtree(classes, ignore_errors=True)
            shutil.move(str(round_dir / "classes"), classes)
            report.classes_dir, report.measured = classes, verdict.measured
            return
        names = {case: test.case_name(case) for test in rendered.tests for case in test.cases}
        if round_number >= settings.max_rounds:  # each round gave up one more assertion: no more of that
            for (case, _), reason in sorted(verdict.masks.items()):
                verdict.failures.setdefault(case, f"still failing after {settings.max_rounds} rounds: {reason}")
        for (case, check), reason in sorted(verdict.masks.items()):
            if case not in verdict.failures:
                report.masked.append(DroppedTest(names[case], reason))
                cases[case] = without(cases[case], check)
        for case, reason in sorted(verdict.failures.items()):
            report.dropped.append(DroppedTest(names[case], reason))
        for case in verdict.unfold:
            apart[case] = True
        kept = [position for position in range(len(cases)) if position not in verdict.failures]
        cases, apart = [cases[position] for position in kept], [apart[position] for position in kept]
        if not cases:
            report.note = "every test was dropped; nothing written"
            return
    report.note = f"still unstable after {settings.max_rounds + settings.last_rounds} rounds; nothing written"


def _check(rendered: RenderedClass, classpath: list[Path], round_dir: Path, settings: ValidationSettings,
           class_under_test: str, failing: frozenset[int] = frozenset()) -> _Round:
    """Parse, then compile, then run twice (the second measuring `class_under_test` with JaCoCo);
    each stage only when the one before found nothing. `failing`: the cases written to fail (a
    reported outcome under --keep-failing), kept when they fail in both runs."""
    verdict = _parse(rendered)
    if not verdict.clean:
        return verdict
    classes = round_dir / "classes"
    verdict = _compile(rendered, classpath, round_dir, classes, settings)
    if not verdict.clean:  # a check that does not compile is given up, but nothing compiled to run
        return verdict
    return _run_twice(rendered, [classes, *classpath], round_dir, settings, class_under_test, failing)


def _everything(rendered: RenderedClass) -> frozenset[int]:
    return frozenset(case for test in rendered.tests for case in test.cases)


def _parse(rendered: RenderedClass) -> _Round:
    verdict = _Round()
    try:
        javalang.parse.parse(rendered.source)
    except (javalang.parser.JavaSyntaxError, javalang.tokenizer.LexerError) as syntax_error:
        position = getattr(getattr(syntax_error, "at", None), "position", None)
        cases = rendered.cases_at_line(position.line) if position else None
        reason = getattr(syntax_error, "description", None) or str(syntax_error)
        verdict.drop(cases or _everything(rendered), f"does not parse: {reason}")
    return verdict


def _compile(rendered: RenderedClass, classpath: list[Path], round_dir: Path, classes: Path,
             settings: ValidationSettings) -> _Round:
    """javac errors map to the tests whose lines (or imports) they are on; an error anywhere else
    leaves no test standing."""
    verdict = _Round()
    source = round_dir / "src" / rendered.relative_path
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(rendered.source, encoding="utf-8")
    try:
        errors = compile_sources([source], [*classpath, junit_console_jar()], classes,
                                 timeout_s=_time_left(settings, 300.0), release=rendered.release,
                                 jvm_options=SHORT_LIVED_JVM)
    except subprocess.TimeoutExpired:
        raise DeadlineReached() from None
    for compile_error in errors:
        cases = rendered.cases_at_line(compile_error.line)
        verdict.fail_at(rendered, compile_error.line, cases or _everything(rendered),
                        f"does not compile: {compile_error.message} (line {compile_error.line})", call_failed=True)
    return verdict


def _run_twice(rendered: RenderedClass, classpath: list[Path], round_dir: Path, settings: ValidationSettings,
               class_under_test: str, failing: frozenset[int]) -> _Round:
    verdict = _Round()
    exec_file = round_dir / "run-2" / "jacoco.exec"
    with ThreadPoolExecutor(max_workers=2 if settings.parallel_runs else 1) as pool:  # two JVMs, two cores
        pending = [pool.submit(_run, rendered, classpath, round_dir / "run-1", ALPHABETICAL, settings),
                   pool.submit(_run, rendered, classpath, round_dir / "run-2", REVERSED, settings,
                               java_options=[jacoco_agent_option(exec_file, [class_under_test])])]
        runs = [run.result() for run in pending]
    if not all(run.completed for run in runs):
        return _isolate(rendered, classpath, round_dir, settings, runs)
    verdict.measured = MeasuredRun(exec_file, runs[1].output)
    for test in rendered.tests:
        results = [_case_results(run, rendered, test) for run in runs]
        if test.parameter_types is not None and not any(r for run_results in results for r in run_results):
            verdict.unfold.update(test.cases)  # the parameterized test failed as a whole: try its cases apart
            continue
        for case, first, second in zip(test.cases, *results):
            if first is None or second is None:
                verdict.drop([case], "was not run")
            elif first.skipped and second.skipped:
                continue  # @Disabled: a likely bug's reproduction, written to document it, not to pass
            elif case in failing and not first.passed and not second.passed:
                continue  # a reported outcome kept failing (--keep-failing): by its assertion, or by a throw
            elif first.passed != second.passed:
                passed, failed = (1, second) if first.passed else (2, first)
                verdict.fail_at(rendered, failing_line(rendered.binary_name, failed.trace), [case],
                                f"flaky: passed in run {passed}, failed in run {3 - passed} ({failed.message})",
                                _not_an_assertion(failed))
            elif not first.passed:
                verdict.fail_at(rendered, failing_line(rendered.binary_name, first.trace), [case], f"fails: {first.message}",
                                _not_an_assertion(first))
    return verdict


def _not_an_assertion(result: TestResult) -> bool:
    """Whether what failed was something else than an assertion (the call threw, or timed out)."""
    return not result.message.startswith("AssertionFailedError")


def _case_results(run: LauncherRun, rendered: RenderedClass, test: RenderedTest) -> list[TestResult | None]:
    """The result of each case of `test`: of the method, or of each invocation of a parameterized
    test (the report names them `name(types)[1]`, `[2]` …)."""
    if test.parameter_types is None:
        return [run.results.get(f"{rendered.binary_name}#{test.name}")]
    prefix = f"{rendered.binary_name}#{test.name}("
    invocations = {}
    for key, result in run.results.items():
        if key.startswith(prefix) and key.endswith("]") and "[" in key:
            number = key.rpartition("[")[2].removesuffix("]")
            if number.isdigit():
                invocations[int(number)] = result
    return [invocations.get(position) for position in range(1, len(test.cases) + 1)]


def failing_line(test_class: str, trace: str) -> int | None:
    """The line of the test class (binary name) where a failure's stack trace leaves it (the failing
    assertion)."""
    simple = test_class.rpartition(".")[2]
    frame = re.search(rf"at {re.escape(test_class)}\.[\w$<>]+\({re.escape(simple)}\.java:(\d+)\)", trace)
    return int(frame.group(1)) if frame else None


def _run(rendered: RenderedClass, classpath: list[Path], reports_dir: Path, order: str,
         settings: ValidationSettings, selector: str | None = None, java_options: Sequence[str] = ()) -> LauncherRun:
    count = 1 if selector else len(rendered.tests)
    run = run_tests([selector or rendered.binary_name], classpath, reports_dir,
                    test_timeout_s=settings.test_timeout_s,
                    wall_timeout_s=_time_left(settings, settings.jvm_startup_s + count * settings.test_timeout_s),
                    method_order=order, java_options=[*SHORT_LIVED_JVM, *java_options])
    if not run.completed and time.monotonic() >= settings.deadline:  # stopped by the deadline, not by a test
        raise DeadlineReached()
    return run


def _time_left(settings: ValidationSettings, most: float) -> float:
    """`most` seconds, or less when the deadline comes sooner; DeadlineReached when it has come."""
    left = min(most, settings.deadline - time.monotonic())
    if left <= 0:
        raise DeadlineReached()
    return left


def _isolate(rendered: RenderedClass, classpath: list[Path], round_dir: Path, settings: ValidationSettings,
             runs: list[LauncherRun]) -> _Round:
    """A run ended without a report (the code exited the JVM, crashed it, or hung it): run each
    test alone once to find the ones responsible. The rest are checked twice in the next round."""
    verdict = _Round()
    broken = next(run for run in runs if not run.completed)
    for test in rendered.tests:
        alone = _run(rendered, classpath, round_dir / f"alone-{test.cases[0]}", ALPHABETICAL, settings,
                     selector=f"{rendered.binary_name}#{test.selector}")
        if not alone.completed:
            ending = "was killed" if alone.exit_code is None else f"exited with code {alone.exit_code}"
            verdict.drop(test.cases, f"ends the test JVM: it {ending} without a report")
            continue
        for case, result in zip(test.cases, _case_results(alone, rendered, test)):
            if result is None or not (result.passed or result.skipped):
                verdict.drop([case], f"fails: {result.message if result else 'was not run'}")
    if not verdict.failures:  # every test behaves alone: they only break the JVM together
        tail = broken.output.strip().splitlines()[-3:]
        verdict.drop(_everything(rendered), "the test JVM ended without a report: " + " / ".join(tail))
    return verdict
