"""A `jtc generate` run: resolve the targets, take unchanged classes from the cache, generate the
rest (in this process, or on `-j N` worker processes), print as classes finish, then the summary
table and the JSON report; the exit status follows `results.run_exit_code`."""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Callable, Iterator

from jtc.atomic import write_atomically
from jtc.config import RunOptions, Settings
from jtc.errors import ClassFileTooNewError, ExitCode, UnknownClassError, UnreadableClassError
from jtc.java.toolchain import choose_jdk, note_on_stderr, toolchain, use_jdk
from jtc.model.classindex import ClassIndex
from jtc.model.classpath import Classpath, check_loadable, dependency_jars, newest_class_file
from jtc.model.types import BinaryName
from jtc.project.bug_report import summary_line, write_report
from jtc.project.cache import GenerationCache
from jtc.project.cluster import generate_on_cluster
from jtc.project.parallel import generate_parallel
from jtc.project.progress import RunDisplay
from jtc.project.results import ClassResult, Status, run_exit_code
from jtc.project.snapshot import write_snapshot
from jtc.project.suite_check import check_whole_suite
from jtc.project.targets import Target, aimed_target, resolve_targets


def run_generate(settings: Settings, options: RunOptions, classes: list[str], packages: list[str],
                 every_class: bool) -> ExitCode:
    """The run; its JDK is `settings.jdk` when the caller chose it (jtc diff, for both versions),
    else chosen here for the classes under test."""
    classpath = Classpath.parse(settings.classpath)
    with ClassIndex(classpath.entries) as index:
        if settings.target is not None:  # its class is generated too
            aimed = aimed_target(index, settings.target)
            settings = dataclasses.replace(settings, target=aimed)
            classes = [*classes, str(aimed.class_name)]
        targets = resolve_targets(index, classes, packages, every_class)
        names = [t.name for t in targets]
        jdk = settings.jdk or choose_jdk(options.java_home, newest_class_file(index, names), note_on_stderr)
        settings = dataclasses.replace(settings, dependencies=dependency_jars(index, names), jdk=jdk)
        with use_jdk(jdk):
            return _run(settings, options, classpath, index, targets)


def _run(settings: Settings, options: RunOptions, classpath: Classpath, index: ClassIndex,
         targets: list[Target]) -> ExitCode:
    """The run over the resolved targets, with the JDK chosen for them."""
    cache = GenerationCache(options.cache_dir, settings, index) if options.cache_dir else None
    results: dict[str, ClassResult] = {}
    asking = settings.ask is not None and settings.ask.interactive
    with RunDisplay(len(targets), options.jobs, live=not asking) as display:
        named = {t.name for t in targets if t.named}

        def finished(result: ClassResult) -> None:
            results[result.name] = result
            if cache:
                cache.store(BinaryName(result.name), result)
            _show(display, result, result.name in named)

        pending: list[str] = []
        for target in targets:
            unreadable = _unreadable(index, target.name)
            if unreadable is not None:
                results[target.name] = unreadable
                _show(display, unreadable, target.named)
                continue
            cached = cache.lookup(target.name) if cache and not options.force else None
            if cached is None:
                pending.append(target.name)
            else:
                results[target.name] = cached
                _show(display, cached, target.named)
        if options.scheduler and pending:
            generate_on_cluster(settings, classpath.entries, pending, options.scheduler, display.class_started,
                                finished)
        elif options.jobs > 1 and len(pending) > 1:
            generate_parallel(settings, pending, options.jobs, display.class_started, finished)
        elif pending:
            _generate_here(settings, pending, display, finished)
        ordered = [results[t.name] for t in targets]
        if pending:
            for name, lines in check_whole_suite(ordered, classpath.entries).items():
                display.console.print("\n".join([f"{name}: run with the whole generated suite", *lines]),
                                      markup=False)
                if cache:
                    cache.store(BinaryName(name), results[name])
        if len(targets) > 1:
            display.summary(ordered, toolchain())
    if options.report:
        _write_report(options.report, targets, ordered, settings, options)
    if options.likely_bugs_report is not None:
        write_report(options.likely_bugs_report, ordered)
    if options.snapshot is not None:
        write_snapshot(options.snapshot, ordered, settings.classpath)
    bugs_line = summary_line(options.likely_bugs_report, ordered)
    if bugs_line:
        print(bugs_line)
    return run_exit_code([(t.named, results[t.name]) for t in targets], options.strict)


def _unreadable(index: ClassIndex, name: BinaryName) -> ClassResult | None:
    """The class skipped, with the reason, when the run's JDK cannot read its class file (too new,
    corrupt): found before any worker starts, so it costs no search. A class that is not there at
    all is the generation's to report, as the one error of that class."""
    try:
        check_loadable(index, name, toolchain())
    except (ClassFileTooNewError, UnreadableClassError) as error:
        return ClassResult.of(name, error)
    except UnknownClassError:
        return None
    return None


def _show(display: RunDisplay, result: ClassResult, named: bool) -> None:
    """Summaries to stdout; an error of a class, or the refusal of a class the user named, as one
    `jtc: error:` line on stderr."""
    if result.status == Status.FAILED or (named and result.status == Status.SKIPPED):
        display.class_done(ClassResult(result.name, result.status, [], result.error_code))
        print(f"jtc: error: {result.lines[0]}", file=sys.stderr, flush=True)
    elif result.status == Status.SKIPPED:
        display.class_done(ClassResult(result.name, result.status, [f"{result.name}: skipped: {result.lines[0]}"],
                                       result.error_code))
    else:
        display.class_done(result)


def _generate_here(settings: Settings, names: list[str], display: RunDisplay,
                   finished: Callable[[ClassResult], None]) -> None:
    """`-j 1`: one JVM worker for every class, in this process."""
    from jtc.pipeline.generate import generate

    def announced() -> Iterator[str]:
        for name in names:
            display.class_started(name)
            yield name

    for name, outcome in generate(settings, announced()):
        finished(ClassResult.of(name, outcome))


def _write_report(path: Path, targets: list[Target], results: list[ClassResult], settings: Settings,
                  options: RunOptions) -> None:
    report = {
        "written": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "settings": {"classpath": list(settings.classpath), "time_budget": settings.time_budget,
                     "search_budget": settings.search_budget, "seed": settings.seed,
                     "max_executions": settings.max_executions, "jobs": options.jobs},
        "jdk": {"java_home": str(toolchain().java_home), "release": toolchain().release,
                "chosen_by": toolchain().chosen_by},
        "classes": [{**{key: value for key, value in result.to_json().items() if key != "behaviour"},
                     "named": target.named} for target, result in zip(targets, results)],
        "totals": {
            "classes": len(results), "tests": sum(r.tests for r in results),
            **{str(status): sum(1 for r in results if r.status == status) for status in Status},
            "branches": [sum(r.branch[i] for r in results if r.branch) for i in (0, 1)],
            "lines": [sum(r.line[i] for r in results if r.line) for i in (0, 1)],
        },
    }
    write_atomically(path, json.dumps(report, indent=1) + "\n")
