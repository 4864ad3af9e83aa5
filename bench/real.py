"""B5 (docs/benchmarks.md): real code, in two halves.

* **jars**: public classes of Debian's commons-lang3 jar, no sources;
* **project**: the multi-class sample project `sample-projects/dungeon`, with its hand-written suite.

Per class: whether jtc refused it (and why), JaCoCo branch and line coverage of the written tests,
executions and executions per second, search seconds against the budget, tests written and tests
dropped by validation. Then every written test runs again, all together under JaCoCo (`jtc
coverage`'s machinery): the coverage of the whole suite, and the tests that fail (the goal is none).
The project half runs its hand-written suite beside the generated one and reports both and their
union, per class. Aggregates are sums over the classes (refused classes count with nothing
covered). Prints tables and writes JSON to bench/results/.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from jtc.config import Settings
from jtc.coverage.suites import SuiteCoverage, measure_suites
from jtc.java.javac import compile_sources
from jtc.errors import JtcError
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from bench import dependencies
from bench.dependencies import DEBIAN_DEPENDENCIES, with_dependencies

ROOT = Path(__file__).resolve().parent.parent
LANG3_JAR = Path("/usr/share/java/commons-lang3.jar")
LANG3 = "org.apache.commons.lang3"
# At least 60 public classes of commons-lang3 (the benchmark's required ones first). Left out: classes
# whose results depend on the clock, threads or randomness (StopWatch, RandomStringUtils, concurrent.*),
# and reflection utilities that inspect jtc's own classes.
LANG3_CLASSES = tuple(f"{LANG3}.{name}" for name in (
    "StringUtils", "CharUtils", "BooleanUtils", "math.Fraction", "text.StrBuilder", "Range", "time.DateUtils",
    "builder.ToStringBuilder", "tuple.Pair",
    "ArrayUtils", "ArraySorter", "BitField", "CharRange", "CharSequenceUtils", "CharSet", "CharSetUtils",
    "CharEncoding", "ClassUtils", "Conversion", "EnumUtils", "JavaVersion", "LocaleUtils", "ObjectUtils",
    "RegExUtils", "StringEscapeUtils", "Validate",
    "builder.CompareToBuilder", "builder.EqualsBuilder", "builder.HashCodeBuilder", "builder.DiffBuilder",
    "builder.DiffResult", "builder.ToStringStyle", "builder.StandardToStringStyle", "compare.ComparableUtils",
    "exception.ExceptionUtils", "exception.ContextedException", "exception.DefaultExceptionContext",
    "math.NumberUtils", "math.IEEE754rUtils",
    "mutable.MutableInt", "mutable.MutableLong", "mutable.MutableDouble", "mutable.MutableFloat",
    "mutable.MutableBoolean", "mutable.MutableByte", "mutable.MutableShort", "mutable.MutableObject",
    "text.StrTokenizer", "text.StrMatcher", "text.StrSubstitutor", "text.StrLookup", "text.WordUtils",
    "text.translate.NumericEntityEscaper", "text.translate.NumericEntityUnescaper", "text.translate.UnicodeEscaper",
    "text.translate.UnicodeUnescaper", "text.translate.OctalUnescaper", "text.translate.LookupTranslator",
    "time.DateFormatUtils", "time.DurationFormatUtils", "time.CalendarUtils", "time.FastDateFormat",
    "tuple.ImmutablePair", "tuple.MutablePair", "tuple.ImmutableTriple", "tuple.MutableTriple", "tuple.Triple",
))
PROJECT = ROOT / "sample-projects" / "dungeon"


def _row(name: str, report: ClassReport | JtcError, budget: float) -> dict:
    if isinstance(report, JtcError):
        return {"class": name, "refused": str(report)}
    search = report.search
    seconds = search.seconds
    return {
        "class": name, "tests": report.tests_written, "dropped": len(report.dropped),
        "dropped_reasons": [reason for _, reason in report.dropped],
        "branches": list(report.branch or (0, 0)), "lines": list(report.line or (0, 0)),
        "executions": len(search.executions), "search_seconds": round(seconds, 2),
        "setup_seconds": round(report.seconds.get("setup", 0.0), 2), "total_seconds": round(report.seconds.get("total", 0.0), 2),
        "executions_per_second": round(len(search.executions) / seconds, 1) if seconds else None,
        # --time-budget bounds the whole class: its overrun is the class's time beyond the budget
        "overrun_seconds": round(max(0.0, report.seconds.get("total", 0.0) - budget), 2),
        "stopped_by": str(search.stopped_by),
        "divergences": sum(search.divergences.values()),
        "problems": [f"{method} {outcome.kind.value}" for method, outcome, _ in report.problems],
    }


def generate_half(classes: list[str], classpath: list[Path], output: Path, budget: float, seed: int,
                  quick: bool) -> list[dict]:
    settings = with_dependencies(Settings(classpath=tuple(map(str, classpath)), output_dir=output, time_budget=budget,
                                          seed=seed, select_assertions=not quick), classes)
    rows = []
    for name, report in generate(settings, classes):
        rows.append(_row(name, report, budget))
        print(_line(rows[-1]), flush=True)
    return rows


def _line(row: dict) -> str:
    if "refused" in row:
        return f"{row['class']:<58} REFUSED: {row['refused']}"
    (bc, bt), (lc, lt) = row["branches"], row["lines"]
    return (f"{row['class']:<58} br {bc:>4}/{bt:<4} ln {lc:>4}/{lt:<4} tests {row['tests']:>3} dropped "
            f"{row['dropped']:>2}  exec {row['executions']:>6} ({row['executions_per_second']}/s)  search "
            f"{row['search_seconds']:>5}s  div {row['divergences']}")


def _suite_summary(suite: SuiteCoverage) -> dict:
    branches = [sum(c.branch.covered for c in suite.classes.values()), sum(c.branch.total for c in suite.classes.values())]
    lines = [sum(c.line.covered for c in suite.classes.values()), sum(c.line.total for c in suite.classes.values())]
    return {"label": suite.label, "tests_run": suite.tests_run, "tests_failed": suite.tests_failed,
            "failures": [str(failure) for failure in suite.failures], "branches": branches, "lines": lines,
            "per_class": {name: {"branches": [c.branch.covered, c.branch.total], "lines": [c.line.covered, c.line.total]}
                          for name, c in suite.classes.items()}}


def _percent(pair: list[int]) -> str:
    return f"{pair[0]}/{pair[1]} ({100.0 * pair[0] / pair[1]:.1f}%)" if pair[1] else "n/a"


def aggregate(rows: list[dict], budget: float) -> dict:
    ran = [r for r in rows if "refused" not in r]
    executions = sum(r["executions"] for r in ran)
    seconds = sum(r["search_seconds"] for r in ran)
    return {
        "classes": len(rows), "refused": {r["class"]: r["refused"] for r in rows if "refused" in r},
        "tests_written": sum(r["tests"] for r in ran), "tests_dropped": sum(r["dropped"] for r in ran),
        "executions": executions, "executions_per_second": round(executions / seconds, 1) if seconds else None,
        "worst_overrun_seconds": max((r["overrun_seconds"] for r in ran), default=0.0), "budget_seconds": budget,
        "worst_time_ratio": round(max((r["total_seconds"] for r in ran), default=0.0) / budget, 2),
        "divergences": sum(r["divergences"] for r in ran),
        "setup_seconds_median": statistics.median(r["setup_seconds"] for r in ran) if ran else None,
        "setup_seconds_worst": max((r["setup_seconds"] for r in ran), default=None),
    }


def run_half(label: str, classes: list[str], classpath: list[Path], human: Path | None, work: Path, budget: float,
             seed: int, quick: bool = False) -> dict:
    print(f"== {label}: {len(classes)} classes, {budget:g} s each")
    generated = work / label / "generated"
    rows = generate_half(classes, classpath, generated, budget, seed, quick)
    folders = [generated] + ([human] if human else [])
    suites = measure_suites(folders, classpath, [c.replace(".", "/") for c in classes], work / label / "measure") \
        if generated.exists() else []
    summary = aggregate(rows, budget)
    result = {"classes": rows, "aggregate": summary, "suites": [_suite_summary(s) for s in suites]}
    print(f"-- {label}: refused {len(summary['refused'])} of {summary['classes']}; tests {summary['tests_written']} "
          f"written, {summary['tests_dropped']} dropped; {summary['executions_per_second']} executions/s; worst "
          f"overrun {summary['worst_overrun_seconds']} s (slowest class {summary['worst_time_ratio']} x the budget); divergences {summary['divergences']}")
    for suite in result["suites"]:
        name = "generated" if suite["label"] == str(generated) else "hand-written" if human and suite["label"] == str(
            human) else suite["label"]
        print(f"   {name:<13} branches {_percent(suite['branches']):<22} lines {_percent(suite['lines']):<22} "
              f"tests {suite['tests_run']} run, {suite['tests_failed']} failed")
    return result


def _classpath(project: list[Path], variant: str) -> list[Path]:
    extra = [jar for jar in DEBIAN_DEPENDENCIES if jar not in project] if variant else []
    return [*project, *extra]


def _print_side_by_side(halves: dict) -> None:
    """Each half without and with the dependency jars: generated branches, executions per second,
    setup seconds (median, worst)."""
    for name in ("jars", "project"):
        if name not in halves or name + "+dependencies" not in halves:
            continue
        cells = []
        for label in (name, name + "+dependencies"):
            half = halves[label]
            generated = half["suites"][0]["branches"] if half["suites"] else [0, 0]
            summary = half["aggregate"]
            cells.append(f"{_percent(generated)}, {summary['executions_per_second']}/s, setup "
                         f"{summary['setup_seconds_median']} s (worst {summary['setup_seconds_worst']} s)")
        before, after = (halves[label]["suites"][0]["branches"][0] if halves[label]["suites"] else 0
                         for label in (name, name + "+dependencies"))
        ratio = f"{after / before:.3f}" if before else "n/a"
        print(f"== {name}: without {cells[0]} | with {cells[1]} | branches with/without {ratio}")


def _project_classes(classes_dir: Path) -> list[str]:
    return sorted(p.relative_to(classes_dir).with_suffix("").as_posix().replace("/", ".")
                  for p in classes_dir.rglob("*.class") if "$" not in p.stem)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench real", description=__doc__)
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per class, every stage included: jtc generate --time-budget (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--half", choices=("jars", "project", "both"), default="both")
    parser.add_argument("--classes", nargs="*", help="only these classes (binary names) of the chosen half")
    parser.add_argument("--dependencies", choices=("none", "debian", "both"), default="both",
                        help="run each half without and/or with Debian's guava, commons-lang3, commons-collections3 "
                             "and commons-io on the classpath (default both, side by side)")
    parser.add_argument("--quick", action="store_true", help="jtc generate --quick (no mutation analysis)")
    args = parser.parse_args(argv)
    variants = {"none": [""], "debian": ["+dependencies"], "both": ["", "+dependencies"]}[args.dependencies]
    if "+dependencies" in variants and dependencies.missing():
        raise SystemExit(f"missing: {', '.join(dependencies.missing())}")
    result: dict = {"benchmark": "real code (B5)", "budget_seconds": args.budget, "seed": args.seed,
                    "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "halves": {}}
    with tempfile.TemporaryDirectory(prefix="jtc-bench-real-") as scratch:
        work = Path(scratch)
        if args.half in ("jars", "both"):
            if not LANG3_JAR.is_file():
                raise SystemExit(f"{LANG3_JAR} is missing: apt-get install libcommons-lang3-java")
            classes = args.classes or list(LANG3_CLASSES)
            for variant in variants:
                result["halves"]["jars" + variant] = run_half("jars" + variant, classes, _classpath([LANG3_JAR], variant),
                                                              None, work, args.budget, args.seed, args.quick)
        if args.half in ("project", "both"):
            compiled = work / "project-classes"
            errors = compile_sources(sorted((PROJECT / "src" / "main" / "java").rglob("*.java")), [], compiled)
            if errors:
                raise SystemExit(f"the sample project does not compile: {errors[0]}")
            classes = args.classes or _project_classes(compiled)
            for variant in variants:
                result["halves"]["project" + variant] = run_half(
                    "project" + variant, classes, _classpath([compiled], variant), PROJECT / "src" / "test" / "java",
                    work, args.budget, args.seed, args.quick)
    _print_side_by_side(result["halves"])
    out = ROOT / "bench" / "results" / f"real-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written {out.relative_to(ROOT)}")
    return 0
