"""Command line: `jtc generate`, `jtc diff`, `jtc coverage`, `jtc mutate`, `jtc doctor`. Parsing only; the
work is in jtc.project.run, jtc.differ, jtc.coverage, jtc.mutate and jtc.doctor."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import Any

import jtc
from jtc.asking.answers import load as load_answers
from jtc.arguments import writable_file, writable_folder
from jtc.coverage.suites import SuiteFolder
from jtc.config import AskOptions, RunOptions, Settings
from jtc.errors import ExitCode, JtcError, UsageError
from jtc.interrupt import interrupt_on_terminate
from jtc.java.toolchain import CACHE_DIR, choose_jdk, jdk_for, note_on_stderr, use_jdk
from jtc.model.classpath import Classpath
from jtc.options import add_flags, check_flags, from_flags
from jtc.mutate.settings import MutateOptions


def _suite_arguments(command: argparse.ArgumentParser, name: str, union: str) -> None:
    """The arguments `jtc coverage` and `jtc mutate` share: classes, classpath, suite folders."""
    command.add_argument("classes", nargs="+", metavar="CLASS", help="classes under test (nested classes included)")
    command.add_argument("--classpath", "-cp", required=True, action="append",
                         help="the classes under test and their dependencies (':'-separated; may be repeated)")
    command.add_argument("--tests", required=True, action="append", type=SuiteFolder.parse, metavar="[NAME=]DIR",
                         help=f"a folder of JUnit 5, 4 or 3 test sources, named NAME in the output (default: the "
                              f"folder); repeat to compare suites (their union is {union} too)")
    add_flags(command, RunOptions, name)


def _search_arguments(command: argparse.ArgumentParser, name: str, classpath_help: str) -> None:
    """The arguments `jtc generate` and `jtc diff` share: what to test, then the settings' own flags."""
    command.add_argument("classes", nargs="*", metavar="CLASS", help="binary class names, e.g. com.example.Foo")
    command.add_argument("--package", "-p", action="append", default=[], metavar="PACKAGE",
                         help="every class of this package and its subpackages (may be repeated)")
    command.add_argument("--all", action="store_true", help="every class of the classpath's first entry")
    command.add_argument("--classpath", "-cp", required=True, action="append", help=classpath_help)
    command.add_argument("--verbose", "-v", action="store_true",
                         help="log every execution of the search (sequence, outcome, time) to stderr")
    add_flags(command, Settings, name)
    add_flags(command, RunOptions, name)


def command_line() -> argparse.ArgumentParser:
    """The whole command line (also what docs/commands.md's option tables are made from)."""
    parser = argparse.ArgumentParser(prog="jtc", description="Generate JUnit 5 tests for compiled Java classes.")
    parser.add_argument("--version", action="version", version=f"jtc {jtc.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    generate = commands.add_parser("generate", help="explore classes and write their JUnit tests")
    _search_arguments(generate, "generate", "directories and jars with the classes under test and their dependencies "
                                "(':'-separated; may be repeated)")
    generate.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    generate.add_argument("--select-assertions", action="store_true",
                          help="the default: tests and the observer answers they assert chosen by mutation "
                               "analysis (kept for old scripts; --quick turns it off)")
    generate.add_argument("--ask", action="store_true",
                          help="show each chosen test's calls and outcome and ask: accept, reject with the expected "
                               "value, or skip (on a terminal; otherwise only the answers file's answers count, and "
                               "the unanswered questions are added to it)")
    generate.add_argument("--answers", type=Path, metavar="FILE",
                          help="--ask's answers, read and saved (default: jtc-answers.json beside the output folder)")
    generate.add_argument("--keep-failing", action="store_true",
                          help="--ask: write rejected outcomes as failing tests instead of @Disabled ones")

    coverage = commands.add_parser("coverage", help="measure test suites (source folders) with JaCoCo, side by side")
    _suite_arguments(coverage, "coverage", "measured")
    coverage.add_argument("--html", type=Path, metavar="DIR",
                          help="write an HTML report comparing the suites (with JaCoCo's own report per suite) to DIR")
    coverage.add_argument("--sources", action="append", type=Path, default=[], metavar="DIR",
                          help="a folder of the classes' .java sources, for the HTML report's source view (may be repeated)")
    coverage.add_argument("--json", type=Path, metavar="FILE",
                          help="write the figures per suite and class, and every line's marks, as JSON to FILE")
    mutate = commands.add_parser("mutate", help="mutation scores of test suites (source folders), side by side")
    _suite_arguments(mutate, "mutate", "scored")
    mutate.add_argument("--json", type=Path, metavar="FILE", help="also write the scores and survivors as JSON")
    add_flags(mutate, MutateOptions, "mutate")

    diff = commands.add_parser("diff", help="tell two versions of classes apart by what generated tests observe")
    _search_arguments(diff, "diff", "the reference classes and their dependencies, where the tests are generated (with "
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
    add_flags(doctor, RunOptions, "doctor")
    return parser


def _check_search(args: argparse.Namespace) -> None:
    """Every search value of `jtc generate` and `jtc diff` that can be refused before the search starts."""
    check_flags(args, Settings, args.command)
    check_flags(args, RunOptions, args.command)


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


def _settings(args: argparse.Namespace, **others: Any) -> Settings:
    """The settings the command's flags set; `others`: those made from several flags (--ask's)."""
    return from_flags(args, Settings, args.command, classpath=tuple(args.classpath), **others)


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
    from jtc.mutate.command import check_mutate_options, run_mutate

    if args.command == "mutate":
        check_flags(args, MutateOptions, "mutate")
        check_mutate_options(from_flags(args, MutateOptions, "mutate"))
    with use_jdk(jdk_for(args.java_home, args.classes, Classpath.parse(args.classpath))):
        if args.command == "coverage":
            outputs = ReportOutputs(args.html, args.json, tuple(args.sources))
            return int(run_coverage(args.classpath, args.tests, args.classes, print, outputs))
        return int(run_mutate(args.classpath, args.tests, args.classes, args.json,
                              from_flags(args, MutateOptions, "mutate"), print))


def main(argv: list[str] | None = None) -> int:
    interrupt_on_terminate()
    try:
        args = command_line().parse_args(argv)  # a value a flag's parser refuses is a UsageError too
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

        settings = _settings(args, ask=_ask_options(args))
        _check_generate(args)
        interactive = settings.ask is not None and settings.ask.interactive
        options = from_flags(args, RunOptions, "generate", jobs=1 if interactive else args.jobs,
                             cache_dir=None if args.no_cache else args.cache_dir,
                             force=args.force or settings.ask is not None)
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
