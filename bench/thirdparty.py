"""B8 (docs/benchmarks.md): third-party code, with real dependency jars on the classpath.

Three subjects, each beside its project's own hand-written suite:

* Apache Commons CSV 1.9.0 from the shared subjects folder (its sources and its JUnit 5 suite),
  compiled here; `CSVFormat` is the parameter object of `CSVParser` and `CSVPrinter`.
* Apache Commons CLI 1.5.0 as Debian ships it (/usr/share/java/commons-cli-1.5.0.jar), its JUnit 4
  suite the `test-sources` artifact of commons-cli:commons-cli:1.5.0 from Maven Central, fetched
  with mvn and checked by SHA-256 (nothing third-party is kept in this repository); `Options` is
  the parameter object of every parser's `parse(options, arguments)`.
* The FTP directory-listing parsers of Apache Commons Net 3.9.0 (`org.apache.commons.net.ftp.parser`,
  the `*EntryParser` classes) from the shared subjects folder, compiled here, beside that package's
  own tests: each parser matches a line against regular expressions and then parses the groups.

The classes are generated with Debian's guava, commons-lang3, commons-collections3 and commons-io
jars on the classpath, as a real project has them. Reported per class and overall: setup seconds
(before the first execution; the valid-input sub-searches apart), executions per second, total
seconds against the budget, tests written and dropped; branch and line coverage of the generated
suite, of the hand-written suite and of their union (JaCoCo, the suites run from a copy of the
project folder, since the hand-written tests read files relative to it); and, unless
--no-mutation, the mutation scores of both; the generated suite's shape (tests, statements per
test, numbered near-duplicates, assertNotNull-only tests: see B6); each class's solver queries on
String inputs and how many z3 left unknown (what the regex model, svm/models/regex.py, moves).
Prints a table per subject and writes JSON to bench/results/.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shutil
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from jtc.config import Settings
from jtc.coverage.suites import measure_suites
from jtc.errors import JtcError
from jtc.java.javac import compile_sources
from jtc.model.types import InternalName
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from bench import dependencies
from bench.artifacts import Artifact, fetch
from bench.dependencies import DEBIAN_DEPENDENCIES as DEPENDENCIES, JARS, with_dependencies
from bench.hidden_uses import listing
from bench.pit_scores import pit_figures, pit_table
from bench.strength import suite_shape

ROOT = Path(__file__).resolve().parent.parent
SUBJECTS = ROOT.parent / "shared" / "subjects"
# What the hand-written suite of commons-csv compiles and runs against, besides JUnit.
TEST_LIBRARIES = tuple(JARS / name for name in ("hamcrest.jar", "mockito-core.jar", "byte-buddy.jar",
                                                "byte-buddy-agent.jar", "objenesis.jar", "h2.jar"))
CSV = "commons-csv-1.9.0"
CLI = "commons-cli-1.5.0"
CLI_JAR = JARS / "commons-cli-1.5.0.jar"
# The hand-written suite of commons-cli 1.5.0 as Maven Central serves it, pinned by its digest.
CLI_TESTS = Artifact("commons-cli:commons-cli:1.5.0:jar:test-sources",
                     "265c18cbdf6a9f97d0ba3cc5e5f00caad03e0eb5d9a66166c5aa439061bd1ed0")
NET = "commons-net-3.9.0"
LISTING_PARSERS = "org/apache/commons/net/ftp/parser"


@dataclass(frozen=True)
class Prepared:
    """A subject laid out for one run: where its classes are (a folder or a jar), its hand-written
    tests, the project folder they run in (test resources where they read them) and what else
    they compile and run with."""

    classes: Path
    names: list[str]
    human: Path
    project: Path
    test_classpath: list[Path]

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
        "solver_queries": report.solver.queries, "solver_unknown": report.solver.unknown,
        "string_queries": report.solver.string_queries, "string_unknown": report.solver.string_unknown,
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


def _top_level_in_jar(jar: Path) -> list[str]:
    with zipfile.ZipFile(jar) as archive:
        return sorted(name.removesuffix(".class").replace("/", ".") for name in archive.namelist()
                      if name.endswith(".class") and "$" not in name.rsplit("/", 1)[-1]
                      and not name.startswith("META-INF/"))


def _prepare_csv(subjects: Path, work: Path) -> Prepared:
    """Commons CSV compiled from its sources; its tests read src/test/resources both relative to
    the project folder and as class-path resources, as Maven runs them."""
    subject = subjects / CSV
    missing = [str(jar) for jar in TEST_LIBRARIES if not jar.is_file()]
    if not subject.is_dir() or missing:
        raise SystemExit(f"missing: {subject if not subject.is_dir() else ', '.join(missing)} (see "
                         f"../shared/subjects/README.md; Debian packages libmockito-java libh2-java)")
    compiled = _compile_subject(subject, work)
    resources = work / "project" / "src" / "test" / "resources"
    shutil.copytree(subject / "src" / "test" / "resources", resources)
    return Prepared(compiled, _top_level(compiled), subject / "src" / "test" / "java", work / "project",
                    [resources, *TEST_LIBRARIES])


def _prepare_cli(subjects: Path, work: Path) -> Prepared:
    """Commons CLI as Debian's jar; its tests from the pinned test-sources artifact, whose files
    other than Java sources are test resources (read relative to the project folder)."""
    if not CLI_JAR.is_file():
        raise SystemExit(f"missing: {CLI_JAR} (Debian package libcommons-cli-java)")
    sources = fetch(CLI_TESTS, work / "fetched")
    human = work / "tests"
    resources = work / "project" / "src" / "test" / "resources"
    with zipfile.ZipFile(sources) as archive:
        for name in archive.namelist():
            if name.endswith("/") or name.startswith("META-INF/"):
                continue
            target = (human if name.endswith(".java") else resources) / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(archive.read(name))
    return Prepared(CLI_JAR, _top_level_in_jar(CLI_JAR), human, work / "project", [resources])


def _prepare_net(subjects: Path, work: Path) -> Prepared:
    """Commons Net compiled from its sources; its listing parsers only, beside their package's tests."""
    subject = subjects / NET
    if not subject.is_dir():
        raise SystemExit(f"missing: {subject} (see ../shared/subjects/README.md)")
    compiled = _compile_subject(subject, work)
    parsers = [name for name in _top_level(compiled)
               if name.startswith(LISTING_PARSERS.replace("/", ".") + ".") and name.endswith("EntryParser")]
    human = work / "tests"
    shutil.copytree(subject / "src" / "test" / "java" / LISTING_PARSERS, human / LISTING_PARSERS)
    (work / "project").mkdir()
    return Prepared(compiled, parsers, human, work / "project", [JARS / "hamcrest.jar"])


PREPARE = {CSV: _prepare_csv, CLI: _prepare_cli, NET: _prepare_net}


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
            f"({row['executions_per_second']}/s)  total {row['total_seconds']:>6} s of {row['budget_seconds']:g}"
            f"  string queries {row['string_queries']} ({row['string_unknown']} unknown)")


def _pair(covered: int, total: int) -> str:
    return f"{covered}/{total} ({100.0 * covered / total:.0f}%)" if total else "-"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench thirdparty", description=__doc__)
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per class, every stage included: jtc generate --time-budget (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--subjects", type=Path, default=SUBJECTS, help=f"the subjects folder (default {SUBJECTS})")
    parser.add_argument("--subject", action="append", choices=sorted(PREPARE),
                        help="only this subject (repeatable; default all)")
    parser.add_argument("--classes", nargs="*", help="only these classes (binary names)")
    parser.add_argument("--no-mutation", action="store_true", help="skip the mutation scores (jtc mutate's and PIT's)")
    parser.add_argument("--no-pit", action="store_true", help="skip PIT's mutation scores (jtc mutate's kept)")
    args = parser.parse_args(argv)
    if dependencies.missing():
        raise SystemExit(f"missing: {', '.join(dependencies.missing())} (Debian packages libguava-java "
                         f"libcommons-lang3-java libcommons-collections3-java libcommons-io-java)")
    result: dict = {"benchmark": "third-party code (B8)", "budget_seconds": args.budget, "seed": args.seed,
                    "dependencies": [str(jar) for jar in DEPENDENCIES],
                    "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "subjects": {}}
    for name in args.subject or list(PREPARE):
        with tempfile.TemporaryDirectory(prefix="jtc-bench-thirdparty-") as scratch:
            result["subjects"][name] = _measure_subject(name, PREPARE[name](args.subjects, Path(scratch)), args,
                                                        Path(scratch))
    out = ROOT / "bench" / "results" / f"thirdparty-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written {out.relative_to(ROOT)}")
    return 0


def _measure_subject(name: str, subject: Prepared, args: argparse.Namespace, work: Path) -> dict:
    """Generate the subject's classes, then measure the generated and the hand-written suites."""
    classes = [c for c in args.classes if c in subject.names] if args.classes else subject.names
    generated = work / "generated"
    print(f"== {name}: {len(classes)} classes, {args.budget:g} s each, with {len(DEPENDENCIES)} dependency jars")
    rows = _generate(classes, [subject.classes, *DEPENDENCIES], generated, args.budget, args.seed)
    classpath = [subject.classes, *DEPENDENCIES, *subject.test_classpath]
    internal = [binary.replace(".", "/") for binary in classes]
    if not list(generated.rglob("*.java")):
        raise SystemExit(f"{name}: no class got a test; nothing to compare")
    shape = suite_shape(generated)
    suites = measure_suites([generated, subject.human], classpath, internal, work / "measure",
                            working_dir=subject.project)
    labels = ("generated", "hand-written", "union")
    coverage = {label: {"tests_run": suite.tests_run, "tests_failed": suite.tests_failed,
                        "failures": [str(failure) for failure in suite.failures],
                        "per_class": {binary: {"branches": [c.branch.covered, c.branch.total],
                                               "lines": [c.line.covered, c.line.total]}
                                      for binary, c in suite.classes.items()}}
                for label, suite in zip(labels, suites)}
    mutation: dict = {}
    pit: dict = {}
    if not args.no_mutation:
        scored = mutate_suites([generated, subject.human], classpath, list(map(InternalName, internal)), work / "mutate", Timeouts(),
                               working_dir=subject.project)
        mutation = {label: {binary: dataclasses.asdict(suite.score(binary)) for binary in classes}
                    for label, suite in zip(labels, scored)}
        if not args.no_pit:
            pit = pit_figures(classpath, [generated, subject.human], labels[:2], internal, work / "pit",
                              jtc_suites=scored, working_dir=subject.project)
    hidden = listing({"generated": generated, "hand-written": subject.human}, classpath, internal)
    print(f"== {name}")
    _print_summary(classes, coverage, mutation)
    if pit:
        for line in pit_table(pit, scored, labels):
            print(line)
    print(f"solver queries on String inputs: {sum(r.get('string_queries', 0) for r in rows)}, "
          f"left unknown {sum(r.get('string_unknown', 0) for r in rows)}")
    print(f"generated suite: {shape['tests']} tests, {shape['statements_per_test']} statements per test, "
          f"{shape['numbered_near_duplicates']} numbered near-duplicates, "
          f"{100 * shape['not_null_only_share']:.1f}% whose only assertion is assertNotNull")
    return {"classes": rows, "coverage": coverage, "mutation": mutation, "pit": pit, "hidden_uses": hidden,
            "shape": shape}


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
    generated, human = totals["generated"][0], totals["hand-written"][0]
    if human:
        print(f"generated / hand-written branches: {generated}/{human} ({100.0 * generated / human:.0f}%; aim 90%)")
    for label in ("generated", "hand-written"):
        print(f"{label}: {coverage[label]['tests_run']} tests run, {coverage[label]['tests_failed']} failed"
              + (f"; mutants killed {sum(s['killed'] for s in mutation[label].values())}/"
                 f"{sum(s['total'] for s in mutation[label].values())}" if mutation else ""))
