"""B4 (docs/benchmarks.md): engine throughput, and the overhead of tracing against plain runs.

Subjects from both sample projects (single methods with loops, and container classes explored through
call sequences) are explored with a fixed seed and a fixed number of executions; then exactly the same
programs run again in a worker whose classes are not instrumented. Reported per class, as medians
of `--repeats` runs: SVM events per second (bytecode instructions replayed per second of replay),
executions per second end to end, the overhead ratio (instrumented JVM + transfer + replay) / (plain JVM
+ transfer) and the in-JVM ratio of the statements alone, and where the time went (JVM, transfer,
replay, solver, emit).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from jtc.config import Settings
from jtc.java.javac import compile_sources
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from jtc.jvm.protocol import encode_program
from jtc.jvm.worker import JvmWorker, WorkerSettings

ROOT = Path(__file__).resolve().parent.parent
PROJECTS = ("basics", "containers")
# Subjects whose exploration goes on for a few hundred executions, so that most classes contribute the
# same number; one whose search ends sooner (nothing left, or everything covered) contributes fewer.
SUBJECTS = ("com.example.basics.ArraySum", "com.example.containers.BinSearchTree", "com.example.containers.HeapArray",
            "com.example.containers.LinkedList", "com.example.containers.TreeMap", "com.example.containers.BinomialHeap")


def _plain(worker: JvmWorker, report: ClassReport, settings: Settings) -> tuple[float, float]:
    """(seconds of JVM + transfer, in-JVM statement seconds) for the same programs, uninstrumented."""
    total, statements = 0.0, 0
    for execution in report.search.executions:
        result = worker.run(encode_program(execution.program), settings.record_budget, settings.execution_timeout_ms)
        total += sum(result.seconds.values())
        statements += result.nanos
    return total, statements / 1e9


def _measure(classes: Path, names: list[str], executions: int, seed: int, work: Path) -> dict[str, dict]:
    settings = Settings(classpath=(str(classes),), output_dir=work / "tests", time_budget=3600.0, seed=seed,
                        max_executions=executions, measure_coverage=False)
    rows: dict[str, dict] = {}
    with JvmWorker(WorkerSettings((str(classes),), instrument=False)) as plain_worker:
        for name, report in generate(settings, names):
            if not isinstance(report, ClassReport):
                raise SystemExit(f"{name}: {report}")
            engine = report.engine
            assert engine is not None
            plain_seconds, plain_statements = _plain(plain_worker, report, settings)
            traced = engine.jvm_seconds + engine.transfer_seconds + engine.replay_seconds
            rows[name.rsplit(".", 1)[-1]] = {
                "executions": engine.executions, "instructions": engine.instructions,
                "trace_longs": engine.trace_entries,
                "events_per_second": engine.instructions / engine.replay_seconds if engine.replay_seconds else 0.0,
                "trace_longs_per_second": engine.trace_entries / engine.replay_seconds if engine.replay_seconds else 0.0,
                "executions_per_second": engine.executions / report.seconds["search"],
                "overhead_ratio": traced / plain_seconds if plain_seconds else float("nan"),
                "statement_ratio": (engine.plain_nanos / 1e9) / plain_statements if plain_statements else float("nan"),
                "seconds": {"jvm": engine.jvm_seconds, "transfer": engine.transfer_seconds,
                            "replay": engine.replay_seconds, "solver": report.solver.seconds,
                            "emit": report.seconds.get("validation", 0.0), "plain": plain_seconds,
                            "traced_statements": engine.plain_nanos / 1e9, "plain_statements": plain_statements},
            }
    return rows


def _total(rows: dict[str, dict]) -> dict:
    """All classes together: rates from the summed counts and times."""
    seconds = {k: sum(r["seconds"][k] for r in rows.values()) for k in next(iter(rows.values()))["seconds"]}
    executions = sum(r["executions"] for r in rows.values())
    instructions = sum(r["instructions"] for r in rows.values())
    search = sum(r["executions"] / r["executions_per_second"] for r in rows.values() if r["executions_per_second"])
    plain_statements = sum(r["seconds"]["plain_statements"] for r in rows.values())
    traced_statements = sum(r["seconds"]["traced_statements"] for r in rows.values())
    return {"executions": executions, "instructions": instructions,
            "trace_longs": sum(r["trace_longs"] for r in rows.values()),
            "events_per_second": instructions / seconds["replay"] if seconds["replay"] else 0.0,
            "trace_longs_per_second": sum(r["trace_longs"] for r in rows.values()) / seconds["replay"]
            if seconds["replay"] else 0.0,
            "executions_per_second": executions / search if search else 0.0,
            "overhead_ratio": (seconds["jvm"] + seconds["transfer"] + seconds["replay"]) / seconds["plain"],
            "statement_ratio": traced_statements / plain_statements if plain_statements else float("nan"),
            "seconds": seconds}


def _median(runs: list[dict[str, dict]]) -> dict[str, dict]:
    """Per class and figure, the median over the runs."""
    merged: dict[str, dict] = {}
    for name in runs[0]:
        first = runs[0][name]
        row = {key: statistics.median(run[name][key] for run in runs) for key in first if key != "seconds"}
        row["seconds"] = {k: statistics.median(run[name]["seconds"][k] for run in runs) for k in first["seconds"]}
        merged[name] = row
    return merged


def _print(rows: dict[str, dict]) -> None:
    print(f"{'class':<14} {'exec':>5} {'events/s':>10} {'exec/s':>7} {'overhead':>8} {'in-JVM':>7}   "
          f"{'jvm':>6} {'transfer':>8} {'replay':>7} {'solver':>7} {'emit':>6} {'plain':>6}")
    for name, row in rows.items():
        s = row["seconds"]
        print(f"{name:<14} {row['executions']:>5.0f} {row['events_per_second']:>10.0f} "
              f"{row['executions_per_second']:>7.1f} {row['overhead_ratio']:>7.1f}x {row['statement_ratio']:>6.1f}x   "
              f"{s['jvm']:>6.2f} {s['transfer']:>8.2f} {s['replay']:>7.2f} {s['solver']:>7.2f} {s['emit']:>6.2f} "
              f"{s['plain']:>6.2f}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench engine", description=__doc__)
    parser.add_argument("--executions", type=int, default=200, help="executions per class (default 200)")
    parser.add_argument("--repeats", type=int, default=3, help="runs to take medians over (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--classes", nargs="*", help="other subjects (binary names) from the sample projects")
    parser.add_argument("--output", type=Path, help="JSON file (default bench/results/engine-<time>.json)")
    args = parser.parse_args(argv)
    names = args.classes or list(SUBJECTS)
    with tempfile.TemporaryDirectory(prefix="jtc-bench-") as scratch:
        work = Path(scratch)
        sources = [f for p in PROJECTS for f in sorted((ROOT / "sample-projects" / p / "src" / "main" / "java").rglob("*.java"))]
        errors = compile_sources(sources, [], work / "classes")
        if errors:
            raise SystemExit(f"the sample projects do not compile: {errors[0]}")
        runs = [_measure(work / "classes", names, args.executions, args.seed, work / f"run{i}")
                for i in range(args.repeats)]
    rows = _median(runs)
    rows["total"] = _total(rows)
    _print(rows)
    result = {"benchmark": "engine (B4)", "executions_per_class": args.executions, "repeats": args.repeats,
              "seed": args.seed, "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "classes": rows}
    out = args.output or ROOT / "bench" / "results" / f"engine-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}.json"
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written {out}")
    return 0
