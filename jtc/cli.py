"""Command line: `jtc generate`, `jtc diff`, `jtc coverage`, `jtc mutate`, `jtc doctor`. Parsing only; the
work is in jtc.project.run, jtc.differ, jtc.coverage, jtc.mutate and jtc.doctor."""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import sys
from pathlib import Path
from typing import Any

import jtc
from jtc.asking.answers import load as load_answers
from jtc.arguments import at_least, line_target, positive, writable_file, writable_folder
from jtc.coverage.suites import SuiteFolder
from jtc.config import AccessOptions, AskOptions, ExplorationOptions, GenerationOptions, RunOptions, Settings, Strategy
from jtc.errors import ExitCode, JtcError, UsageError
from jtc.java.toolchain import CACHE_DIR, choose_jdk, jdk_for, note_on_stderr, use_jdk
from jtc.model.classpath import Classpath
from jtc.mutate.runner import Timeouts


def _java_home_argument(command: argparse.ArgumentParser) -> None:
    command.add_argument("--java-home", type=Path, metavar="DIR",
                         help="the JDK to run everything with, used as it is (default: JAVA_HOME if it can load the "
                              "classes under test, else the newest JDK found that can)")


def _suite_arguments(command: argparse.ArgumentParser, union: str) -> None:
    """The arguments `jtc coverage` and `jtc mutate` share: classes, classpath, suite folders."""
    command.add_argument("classes", nargs="+", metavar="CLASS", help="classes under test (nested classes included)")
    command.add_argument("--classpath", "-cp", required=True, action="append",
                         help="the classes under test and their dependencies (':'-separated; may be repeated)")
    command.add_argument("--tests", required=True, action="append", type=SuiteFolder.parse, metavar="[NAME=]DIR",
                         help=f"a folder of JUnit 5 or JUnit 4 test sources, named NAME in the output (default: the "
                              f"folder); repeat to compare suites (their union is {union} too)")
    _java_home_argument(command)


def _search_arguments(command: argparse.ArgumentParser, classpath_help: str) -> None:
    """The arguments `jtc generate` and `jtc diff` share: what to test and how to search it."""
    command.add_argument("classes", nargs="*", metavar="CLASS", help="binary class names, e.g. com.example.Foo")
    command.add_argument("--package", "-p", action="append", default=[], metavar="PACKAGE",
                         help="every class of this package and its subpackages (may be repeated)")
    command.add_argument("--all", action="store_true", help="every class of the classpath's first entry")
    command.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1, metavar="N",
                         help="worker processes, each with its own JVM (default: the number of cores)")
    command.add_argument("--classpath", "-cp", required=True, action="append", help=classpath_help)
    _java_home_argument(command)
    command.add_argument("--time-budget", type=float, default=60.0, metavar="SECONDS",
                         help="search time per class (default: 60)")
    command.add_argument("--seed", type=int, default=0, help="seed for initial inputs and random choices")
    command.add_argument("--strategy", choices=[s.value for s in Strategy], default=Strategy.COVERAGE.value,
                         help="which unexplored path to try next (default: coverage)")
    command.add_argument("--max-executions", type=int, default=None,
                         help="stop a class after this many executions (a deterministic budget)")
    command.add_argument("--verbose", "-v", action="store_true",
                         help="log every execution of the search (sequence, outcome, time) to stderr")
    command.add_argument("--public-only", action="store_true",
                         help="call public members only (by default tests, which live in the class's package, also "
                              "call package-private and protected members)")
    command.add_argument("--include-private", action="store_true",
                         help="also call private members, through reflection")
    command.add_argument("--max-sequence-length", type=int, default=GenerationOptions.max_length, metavar="N",
                         help=f"longest call sequence to consider; an argument fed by anything but its plainest "
                              f"choice counts as one more call (default: {GenerationOptions.max_length})")
    command.add_argument("--quick", action="store_true",
                         help="the cheap mode: no tests on trial, no mutation run; three observer answers per "
                              "test kept by how rare they are (about half the time per class, weaker tests)")
    command.add_argument("--boundary-runs", type=int, default=Settings.boundary_runs, metavar="N",
                         help=f"after the search, run inputs on the boundary of up to N comparisons it reached "
                              f"(x == c), each a test (default: {Settings.boundary_runs}; 0: none)")
    command.add_argument("--path-limit", type=int, default=ExplorationOptions.path_limit, metavar="N",
                         help=f"paths kept per statement prefix of a sequence (default: {ExplorationOptions.path_limit})")
    for switch, what in (("data-flow-check", "the data-flow check of candidate sequences"),
                         ("partial-order-reduction", "partial order reduction"),
                         ("grouping", "grouping of sequences with a shared prefix"),
                         ("pruning", "pruning of paths on which a call influenced nothing later")):
        command.add_argument(f"--no-{switch}", action="store_true", help=f"turn off {what} (for ablation)")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="jtc", description="Generate JUnit 5 tests for compiled Java classes.")
    parser.add_argument("--version", action="version", version=f"jtc {jtc.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    generate = commands.add_parser("generate", help="explore classes and write their JUnit tests")
    _search_arguments(generate, "directories and jars with the classes under test and their dependencies "
                                "(':'-separated; may be repeated)")
    generate.add_argument("--scheduler", metavar="ADDRESS",
                          help="run the classes as jobs on a Dask cluster (tcp://host:8786); needs jtc[cluster]")
    generate.add_argument("--strict", action="store_true",
                          help="fail the run (exit 10-14) when the code under test exits, loops, overflows the stack, "
                               "runs out of memory or kills the JVM on some path")
    generate.add_argument("--report", type=Path, metavar="FILE", help="write every class's figures as JSON")
    generate.add_argument("--emit-likely-bugs", action="store_true",
                          help="also write each likely bug's shortest reproduction, as a @Disabled test")
    generate.add_argument("--likely-bugs-report", type=Path, metavar="FILE",
                          help="write the likely bugs as JSON to FILE and as text beside it (without it, the "
                               "run only counts them)")
    generate.add_argument("--snapshot", type=Path, metavar="FILE",
                          help="write what each written test observed (member, arguments, outcome) and the tests "
                               "as JSON, for jtc diff --snapshot FILE")
    generate.add_argument("--cache-dir", type=Path, default=Path(".jtc-cache"), metavar="DIR",
                          help="the incremental cache: unchanged classes are not generated again (default: .jtc-cache)")
    generate.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    generate.add_argument("--force", action="store_true", help="generate even the classes the cache says are unchanged")
    generate.add_argument("--output", "-o", type=Path, default=Path("src/test/java"),
                          help="root folder for the test sources (default: src/test/java)")
    generate.add_argument("--no-coverage", action="store_true", help="skip the JaCoCo measurement of the written tests")
    generate.add_argument("--no-fold", action="store_true",
                          help="write every test on its own instead of folding three or more tests of one shape "
                               "into a parameterized test")
    generate.add_argument("--no-minimise", action="store_true",
                          help="keep every statement the search ran and every test it chose (no minimisation)")
    generate.add_argument("--select-assertions", action="store_true",
                          help="the default: tests and the observer answers they assert chosen by mutation "
                               "analysis (kept for old scripts; --quick turns it off)")
    generate.add_argument("--target", metavar="FILE.java:LINE|CLASS[#METHOD]:LINE",
                          help="aim the search at this line (Foo.java:42, com.example.Foo#parse:42) and stop the "
                               "class's search once a run reaches it; its class is generated too")
    generate.add_argument("--ask", action="store_true",
                          help="show each chosen test's calls and outcome and ask: accept, reject with the expected "
                               "value, or skip (on a terminal; otherwise only the answers file's answers count, and "
                               "the unanswered questions are added to it)")
    generate.add_argument("--answers", type=Path, metavar="FILE",
                          help="--ask's answers, read and saved (default: jtc-answers.json beside the output folder)")
    generate.add_argument("--keep-failing", action="store_true",
                          help="--ask: write rejected outcomes as failing tests instead of @Disabled ones")

    coverage = commands.add_parser("coverage", help="measure test suites (source folders) with JaCoCo, side by side")
    _suite_arguments(coverage, "measured")
    coverage.add_argument("--html", type=Path, metavar="DIR",
                          help="write an HTML report comparing the suites (with JaCoCo's own report per suite) to DIR")
    coverage.add_argument("--sources", action="append", type=Path, default=[], metavar="DIR",
                          help="a folder of the classes' .java sources, for the HTML report's source view (may be repeated)")
    coverage.add_argument("--json", type=Path, metavar="FILE",
                          help="write the figures per suite and class, and every line's marks, as JSON to FILE")
    mutate = commands.add_parser("mutate", help="mutation scores of test suites (source folders), side by side")
    _suite_arguments(mutate, "scored")
    mutate.add_argument("--json", type=Path, metavar="FILE", help="also write the scores and survivors as JSON")
    mutate.add_argument("--timeout", type=float, default=Timeouts.base_s, metavar="SECONDS",
                        help=f"a mutant's time limit: this plus --timeout-factor times its tests' time on the "
                             f"original code (default: {Timeouts.base_s:g})")
    mutate.add_argument("--timeout-factor", type=float, default=Timeouts.factor, metavar="N",
                        help=f"see --timeout (default: {Timeouts.factor:g})")

    diff = commands.add_parser("diff", help="tell two versions of classes apart by what generated tests observe")
    _search_arguments(diff, "the reference classes and their dependencies, where the tests are generated (with "
                            "--snapshot: the new version the snapshot's tests run on)")
    diff.add_argument("--against", action="append", metavar="CLASSPATH",
                      help="the candidate: the same classes in another version, with their dependencies "
                           "(':'-separated; may be repeated)")
    diff.add_argument("--snapshot", type=Path, metavar="FILE",
                      help="replay the tests of a snapshot (jtc generate --snapshot) on --classpath instead")
    diff.add_argument("--output", "-o", type=Path, default=Path("jtc-diff"), metavar="DIR",
                      help="root folder for the tests that show the differences (default: jtc-diff)")
    diff.add_argument("--json", type=Path, metavar="FILE", help="also write the differences by member as JSON")
    diff.add_argument("--both", action="store_true",
                      help="explore the candidate too and replay its tests on the reference (twice the search)")
    diff.add_argument("--candidate-output", type=Path, default=Path("jtc-diff-candidate"), metavar="DIR",
                      help="with --both: root folder for the candidate's tests that fail on the reference "
                           "(default: jtc-diff-candidate)")

    doctor = commands.add_parser("doctor", help="show the JDK jtc runs with and the jars it carries, with their versions")
    doctor.add_argument("--json", action="store_true",
                        help="print what was found as one JSON object (for build tool wrappers)")
    _java_home_argument(doctor)
    return parser


def _check_search(args: argparse.Namespace) -> None:
    """Every search value of `jtc generate` and `jtc diff` that can be refused before the search starts."""
    positive("--time-budget", args.time_budget, " seconds")
    positive("--max-executions", args.max_executions)
    at_least("-j", args.jobs, 1)
    at_least("--boundary-runs", args.boundary_runs, 0)
    at_least("--max-sequence-length", args.max_sequence_length, 1)
    at_least("--path-limit", args.path_limit, 1)


def _check_generate(args: argparse.Namespace) -> None:
    """Every value of `jtc generate` that can be refused before the search starts."""
    _check_search(args)
    writable_folder(args.output, "tests")
    if not args.no_cache:
        writable_folder(args.cache_dir, "cache")
    for path, what in ((args.report, "report"), (args.likely_bugs_report, "likely-bug report"),
                       (args.snapshot, "snapshot")):
        if path is not None:
            writable_file(path, what)


def _settings(args: argparse.Namespace, **generate_only: Any) -> Settings:
    """The settings of the search options; `generate_only`: the others (output, folding ...)."""
    return Settings(
        classpath=tuple(args.classpath), time_budget=args.time_budget, seed=args.seed,
        strategy=Strategy(args.strategy), max_executions=args.max_executions,
        boundary_runs=args.boundary_runs, select_assertions=not args.quick,
        access=AccessOptions(not args.public_only, args.include_private),
        generation=GenerationOptions(not args.no_data_flow_check, not args.no_partial_order_reduction,
                                     args.max_sequence_length),
        exploration=dataclasses.replace(ExplorationOptions(), pruning=not args.no_pruning,
                                        grouping=not args.no_grouping, path_limit=args.path_limit),
        **generate_only)


def _diff(args: argparse.Namespace) -> int:
    """`jtc diff`, either form; the options of the other form are refused."""
    from jtc.differ.command import DiffOutputs, run_diff, run_snapshot_diff

    if (args.against is None) == (args.snapshot is None):
        raise UsageError("give the candidate with --against CLASSPATH, or a snapshot with --snapshot FILE (not both)")
    if args.json is not None:
        writable_file(args.json, "JSON")
    if args.snapshot is not None:
        if args.both:
            raise UsageError("--both explores both classpaths: give the candidate with --against, not a snapshot")
        if args.package or args.all:
            raise UsageError("--snapshot takes the classes it recorded; name some of them to replay only those")
        return int(run_snapshot_diff(args.snapshot, args.classpath, args.classes, args.json, print, args.java_home))
    _check_search(args)
    writable_folder(args.output, "tests")
    if args.both:
        writable_folder(args.candidate_output, "candidate's tests")
    return int(run_diff(_settings(args), args.jobs, (args.classes, args.package, args.all), args.against,
                        DiffOutputs(args.output, args.json, args.candidate_output), print, args.both,
                        args.java_home))


def _ask_options(args: argparse.Namespace) -> AskOptions | None:
    """--ask's settings: questions on the terminal when stdin is one (then in this process: -j 1); the
    answers file on this machine (worker processes share it, cluster workers could not)."""
    if not args.ask:
        for option, given in (("--answers", args.answers is not None), ("--keep-failing", args.keep_failing)):
            if given:
                raise UsageError(f"{option} goes with --ask")
        return None
    answers = args.answers if args.answers is not None else args.output.parent / "jtc-answers.json"
    writable_file(answers, "answers")
    load_answers(answers)  # a file that cannot be read is refused before any work
    if args.scheduler:
        raise UsageError("--ask reads and writes its answers file on this machine: it does not go with --scheduler")
    return AskOptions(answers, sys.stdin.isatty(), args.keep_failing)


def _suites(args: argparse.Namespace) -> int:
    """`jtc coverage` and `jtc mutate`, with --java-home or the JDK chosen for the classes under test."""
    from jtc.coverage.report_command import ReportOutputs, run_coverage
    from jtc.mutate.command import run_mutate

    if args.command == "mutate":
        positive("--timeout", args.timeout, " seconds")
        if args.timeout_factor < 0:
            raise UsageError(f"--timeout-factor cannot be negative (got {args.timeout_factor:g})")
    with use_jdk(jdk_for(args.java_home, args.classes, Classpath.parse(args.classpath))):
        if args.command == "coverage":
            outputs = ReportOutputs(args.html, args.json, tuple(args.sources))
            return int(run_coverage(args.classpath, args.tests, args.classes, print, outputs))
        return int(run_mutate(args.classpath, args.tests, args.classes, args.json,
                              Timeouts(args.timeout, args.timeout_factor), print))


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.java_home is not None:  # refused before any work when it is no JDK
            choose_jdk(args.java_home, None, note_on_stderr)
        if args.command == "doctor":
            from jtc.doctor import run_doctor

            return run_doctor(print, as_json=args.json, java_home=args.java_home)
        writable_folder(CACHE_DIR, "jar cache ($JTC_CACHE_DIR, else $XDG_CACHE_HOME/jtc)")
        if args.command in ("coverage", "mutate"):
            return _suites(args)
        if args.verbose:
            logging.basicConfig(level=logging.DEBUG, format="%(name)s: %(message)s", stream=sys.stderr)
        if args.command == "diff":
            return _diff(args)
        from jtc.project.run import run_generate

        settings = _settings(args, output_dir=args.output, measure_coverage=not args.no_coverage,
                             fold=not args.no_fold, minimise=not args.no_minimise,
                             emit_likely_bugs=args.emit_likely_bugs,
                             target=line_target(args.target) if args.target is not None else None,
                             ask=_ask_options(args))
        _check_generate(args)
        interactive = settings.ask is not None and settings.ask.interactive
        options = RunOptions(jobs=1 if interactive else args.jobs, strict=args.strict,
                             cache_dir=None if args.no_cache else args.cache_dir,
                             force=args.force or settings.ask is not None, report=args.report, scheduler=args.scheduler,
                             likely_bugs_report=args.likely_bugs_report, snapshot=args.snapshot,
                             java_home=args.java_home)
        code = run_generate(settings, options, args.classes, args.package, args.all)
        if args.snapshot is not None:
            print(f"snapshot of the written tests' behaviour in {args.snapshot}")
        return int(code)
    except JtcError as error:
        print(f"jtc: error: {error}", file=sys.stderr)
        return int(error.exit_code)
    except KeyboardInterrupt:
        print("jtc: interrupted", file=sys.stderr)
        return int(ExitCode.INTERNAL_ERROR)


if __name__ == "__main__":
    sys.exit(main())
