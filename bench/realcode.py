"""Throughput and the time budget on real code: commons-lang3 (Debian's jar) class by class.

Per class: executions, executions per second of search, JaCoCo branch coverage of the written tests,
the search seconds (from the start of the class to the end of its search, as `jtc generate` prints
them) against the budget, the overrun, solver queries and where the search stopped. The summary
gives the median executions per second and the worst overrun; with `--repeats N` every class runs
N times (round robin, so a busy moment of the machine hits all classes alike) and the medians are
reported.

    python -m bench realcode [--budget 20] [--repeats 1] [--classes Fraction StringUtils ...]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from jtc.config import Settings
from jtc.generate import ClassReport, generate

ROOT = Path(__file__).resolve().parent.parent
JAR = "/usr/share/java/commons-lang3.jar"
PACKAGE = "org.apache.commons.lang3"
# The classes named in the throughput issue first, then a spread of the library (static utilities,
# value classes, builders, parsers) for the worst overrun over many classes.
CLASSES = ("math.Fraction", "StringUtils", "text.StrBuilder", "time.DateUtils", "Range", "CharUtils",
           "BooleanUtils", "math.NumberUtils", "text.WordUtils", "CharSequenceUtils", "ObjectUtils", "Validate",
           "ClassUtils", "LocaleUtils", "text.StrTokenizer", "time.DurationFormatUtils", "mutable.MutableInt",
           "BitField", "CharRange", "CharSet", "math.IEEE754rUtils", "Conversion", "ArrayUtils", "StringEscapeUtils",
           "text.StrSubstitutor", "time.StopWatch")


def _row(name: str, report: ClassReport | Exception, budget: float) -> dict:
    if not isinstance(report, ClassReport):
        return {"class": name, "error": str(report)}
    search = report.seconds.get("search", 0.0)
    bc, bt = report.branch or (0, 0)
    executions = len(report.search.executions)
    return {
        "class": name, "executions": executions, "search_seconds": round(search, 2),
        "executions_per_second": round(executions / search, 2) if search else 0.0,
        "overrun": round(search - budget, 2), "branches": [bc, bt],
        "branch_percent": round(100.0 * bc / bt, 1) if bt else None, "tests": report.tests_written,
        "stopped": str(report.search.stopped_by),
        "solver": {"sat": report.solver.sat, "unsat": report.solver.unsat, "unknown": report.solver.unknown,
                   "seconds": round(report.solver.seconds, 2)},
    }


def _median(rows: list[dict]) -> dict:
    """One row from repeated runs of a class: medians of the figures, the worst overrun."""
    good = [r for r in rows if "error" not in r]
    if not good:
        return rows[0]
    median = dict(good[len(good) // 2])
    for key in ("executions", "search_seconds", "executions_per_second", "branch_percent"):
        values = [r[key] for r in good if r[key] is not None]
        median[key] = statistics.median(values) if values else None
    median["overrun"] = max(r["overrun"] for r in good)
    median["runs"] = len(good)
    return median


def _line(row: dict) -> str:
    if "error" in row:
        return f"{row['class']:<26} error: {row['error']}"
    bc, bt = row["branches"]
    return (f"{row['class']:<26} exec {row['executions']:>6}  exec/s {row['executions_per_second']:>7.1f}  "
            f"br {bc:>4}/{bt:<4} ({row['branch_percent']}%)  search {row['search_seconds']:>6.1f}s  "
            f"overrun {row['overrun']:>+6.1f}s  stopped {row['stopped']:<9} solver {row['solver']['sat']}/"
            f"{row['solver']['unsat']}/{row['solver']['unknown']} {row['solver']['seconds']}s")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench realcode", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budget", type=float, default=20.0, help="search seconds per class (default 20)")
    parser.add_argument("--repeats", type=int, default=1, help="runs per class; medians are reported")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jar", default=JAR)
    parser.add_argument("--classes", nargs="*", help=f"class names relative to {PACKAGE} (default: {len(CLASSES)})")
    parser.add_argument("--no-coverage", action="store_true", help="skip JaCoCo (no branch figures)")
    args = parser.parse_args(argv)
    names = args.classes or list(CLASSES)
    runs: dict[str, list[dict]] = {name: [] for name in names}
    with tempfile.TemporaryDirectory(prefix="jtc-bench-real-") as scratch:
        for repeat in range(args.repeats):
            print(f"== run {repeat + 1} of {args.repeats}", flush=True)
            for name in names:
                settings = Settings(classpath=(args.jar,), output_dir=Path(scratch) / "tests", seed=args.seed,
                                    time_budget=args.budget, measure_coverage=not args.no_coverage)
                for _, report in generate(settings, [f"{PACKAGE}.{name}"]):
                    runs[name].append(_row(name, report, args.budget))
                    print(_line(runs[name][-1]), flush=True)
    rows = [_median(runs[name]) for name in names]
    good = [r for r in rows if "error" not in r]
    summary = {
        "median_executions_per_second": statistics.median(r["executions_per_second"] for r in good) if good else 0,
        "worst_overrun": max((r["overrun"] for r in good), default=0.0),
    }
    print("== medians" if args.repeats > 1 else "== summary")
    for row in rows:
        print(_line(row))
    print(f"median executions/s {summary['median_executions_per_second']:.1f}, "
          f"worst overrun {summary['worst_overrun']:+.1f} s over {len(good)} classes")
    result = {"benchmark": "realcode (commons-lang3)", "budget_seconds": args.budget, "repeats": args.repeats,
              "seed": args.seed, "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
              "rows": rows, "runs": runs, "summary": summary}
    out = ROOT / "bench" / "results" / f"realcode-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written {out.relative_to(ROOT)}")
    return 0
