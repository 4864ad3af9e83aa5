"""B8 (docs/benchmarks.md): third-party code, with real dependency jars on the classpath.

The subject is Apache Commons CSV 1.9.0 from the shared subjects folder (its sources and its own
JUnit 5 suite), compiled here. Its classes are generated with Debian's guava, commons-lang3,
commons-collections3 and commons-io jars on the classpath, as a real project has them. Reported per
class and overall: setup seconds (before the first execution; the valid-input sub-searches apart),
executions per second, total seconds against the budget, tests written and dropped; branch and line
coverage of the generated suite, of the hand-written suite and of their union (JaCoCo, the suites
run from a copy of the project folder, since the hand-written tests read files relative to it);
and, unless --no-mutation, the mutation scores of both; the generated suite's shape (tests,
statements per test, numbered near-duplicates, assertNotNull-only tests: see B6). Prints a table and
writes JSON to bench/results/.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shutil
import tempfile
import time
from pathlib import Path

from jtc.config import Settings
from jtc.coverage.suites import measure_suites
from jtc.errors import JtcError
from jtc.java.javac import compile_sources
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from bench import dependencies
from bench.dependencies import DEBIAN_DEPENDENCIES as DEPENDENCIES, JARS, with_dependencies
from bench.strength import suite_shape

ROOT = Path(__file__).resolve().parent.parent
SUBJECTS = ROOT.parent / "shared" / "subjects"
# What the hand-written suite of commons-csv compiles and runs against, besides JUnit.
TEST_LIBRARIES = tuple(JARS / name for name in ("hamcrest.jar", "mockito-core.jar", "byte-buddy.jar",
                                                "byte-buddy-agent.jar", "objenesis.jar", "h2.jar"))
CSV = "commons-csv-1.9.0"


def _row(name: str, report: ClassReport | JtcError, budget: float) -> dict:
    if isinstance(report, JtcError):
        return {"class": name, "refused": str(report)}
    search, seconds = report.search, report.seconds
    return {
        "class": name, "tests": report.tests_written, "dropped": len(report.dropped),
        "dropped_reasons": [reason for _, reason in report.dropped],
        "setup_seconds": round(seconds.get("setup", 0.0), 2),
        "valid_input_seconds": round(seconds.get("valid inputs", 0.0), 2),
        "search_seconds": round(search.seconds, 2), "total_seconds": round(seconds.get("total", 0.0), 2),
        "budget_seconds": budget, "executions": len(search.executions),
        "executions_per_second": round(len(search.executions) / search.seconds, 1) if search.seconds else None,
        "stopped_by": str(search.stopped_by), "divergences": sum(search.divergences.values()),
        "seconds": {stage: round(value, 2) for stage, value in seconds.items()},
    }


def _compile_subject(subject: Path, work: Path) -> Path:
    classes = work / "classes"
    errors = compile_sources(sorted((subject / "src" / "main" / "java").rglob("*.java")), [], classes)
    if errors:
        raise SystemExit(f"{subject} does not compile: {errors[0]}")
    return classes


def _top_level(classes: Path) -> list[str]:
    return sorted(p.relative_to(classes).with_suffix("").as_posix().replace("/", ".")
                  for p in classes.rglob("*.class") if "$" not in p.stem)


def _generate(classes: list[str], classpath: list[Path], output: Path, budget: float, seed: int) -> list[dict]:
    settings = with_dependencies(Settings(classpath=tuple(map(str, classpath)), output_dir=output, time_budget=budget,
                                          seed=seed), classes)
    rows = []
    for name, report in generate(settings, classes):
        rows.append(_row(name, report, budget))
        print(_line(rows[-1]), flush=True)
    return rows


def _line(row: dict) -> str:
    if "refused" in row:
        return f"{row['class']:<46} REFUSED: {row['refused']}"
    return (f"{row['class']:<46} tests {row['tests']:>3} (dropped {row['dropped']})  setup {row['setup_seconds']:>5} s"
            f"  valid inputs {row['valid_input_seconds']:>5} s  exec {row['executions']:>5} "
            f"({row['executions_per_second']}/s)  total {row['total_seconds']:>6} s of {row['budget_seconds']:g}")


def _pair(covered: int, total: int) -> str:
    return f"{covered}/{total} ({100.0 * covered / total:.0f}%)" if total else "-"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench thirdparty", description=__doc__)
    parser.add_argument("--budget", type=float, default=20.0, help="search seconds per class (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--subjects", type=Path, default=SUBJECTS, help=f"the subjects folder (default {SUBJECTS})")
    parser.add_argument("--classes", nargs="*", help="only these classes (binary names)")
    parser.add_argument("--no-mutation", action="store_true", help="skip the mutation scores")
    args = parser.parse_args(argv)
    subject = args.subjects / CSV
    missing = dependencies.missing() + [str(jar) for jar in TEST_LIBRARIES if not jar.is_file()]
    if not subject.is_dir() or missing:
        raise SystemExit(f"missing: {subject if not subject.is_dir() else ', '.join(missing)} (see "
                         f"../shared/subjects/README.md; Debian packages libguava-java libcommons-lang3-java "
                         f"libcommons-collections3-java libcommons-io-java libmockito-java libh2-java)")
    result: dict = {"benchmark": "third-party code (B8)", "subject": CSV, "budget_seconds": args.budget,
                    "seed": args.seed, "dependencies": [str(jar) for jar in DEPENDENCIES],
                    "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    with tempfile.TemporaryDirectory(prefix="jtc-bench-thirdparty-") as scratch:
        work = Path(scratch)
        compiled = _compile_subject(subject, work)
        classes = args.classes or _top_level(compiled)
        generated = work / "generated"
        print(f"== {CSV}: {len(classes)} classes, {args.budget:g} s each, with {len(DEPENDENCIES)} dependency jars")
        rows = _generate(classes, [compiled, *DEPENDENCIES], generated, args.budget, args.seed)
        # The hand-written tests read src/test/resources both relative to the project folder and as
        # class-path resources, as Maven runs them.
        project = work / "project"
        resources = project / "src" / "test" / "resources"
        shutil.copytree(subject / "src" / "test" / "resources", resources)
        human = subject / "src" / "test" / "java"
        classpath = [compiled, resources, *DEPENDENCIES, *TEST_LIBRARIES]
        internal = [name.replace(".", "/") for name in classes]
        if not list(generated.rglob("*.java")):
            raise SystemExit("no class got a test; nothing to compare")
        shape = suite_shape(generated)
        suites = measure_suites([generated, human], classpath, internal, work / "measure", working_dir=project)
        labels = ("generated", "hand-written", "union")
        coverage = {label: {"tests_run": suite.tests_run, "tests_failed": suite.tests_failed,
                            "failures": [str(failure) for failure in suite.failures],
                            "per_class": {name: {"branches": [c.branch.covered, c.branch.total],
                                                 "lines": [c.line.covered, c.line.total]}
                                          for name, c in suite.classes.items()}}
                    for label, suite in zip(labels, suites)}
        mutation: dict = {}
        if not args.no_mutation:
            scored = mutate_suites([generated, human], classpath, internal, work / "mutate", Timeouts(),
                                   working_dir=project)
            mutation = {label: {name: dataclasses.asdict(suite.score(name)) for name in classes}
                        for label, suite in zip(labels, scored)}
    result.update(classes=rows, coverage=coverage, mutation=mutation, shape=shape)
    _print_summary(classes, coverage, mutation)
    print(f"generated suite: {shape['tests']} tests, {shape['statements_per_test']} statements per test, "
          f"{shape['numbered_near_duplicates']} numbered near-duplicates, "
          f"{100 * shape['not_null_only_share']:.1f}% whose only assertion is assertNotNull")
    out = ROOT / "bench" / "results" / f"thirdparty-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written {out.relative_to(ROOT)}")
    return 0


def _print_summary(classes: list[str], coverage: dict, mutation: dict) -> None:
    print(f"{'class':<46} {'generated':>16} {'hand-written':>16} {'union':>16}   mutants gen / hand")
    totals = {label: [0, 0] for label in coverage}
    for name in classes:
        cells = []
        for label in ("generated", "hand-written", "union"):
            covered, total = coverage[label]["per_class"][name]["branches"]
            totals[label][0] += covered
            totals[label][1] += total
            cells.append(f"{_pair(covered, total):>16}")
        scores = " / ".join(f"{mutation[label][name]['killed']}/{mutation[label][name]['total']}"
                            for label in ("generated", "hand-written")) if mutation else ""
        print(f"{name:<46} {' '.join(cells)}   {scores}")
    print(f"{'all (branches)':<46} " + " ".join(f"{_pair(*totals[label]):>16}"
                                               for label in ("generated", "hand-written", "union")))
    for label in ("generated", "hand-written"):
        print(f"{label}: {coverage[label]['tests_run']} tests run, {coverage[label]['tests_failed']} failed"
              + (f"; mutants killed {sum(s['killed'] for s in mutation[label].values())}/"
                 f"{sum(s['total'] for s in mutation[label].values())}" if mutation else ""))
