"""B1 and B2 (docs/benchmarks.md): the container classes and the reachability examples.

Per class: JaCoCo branch and line coverage of the written tests, tests written, seconds to the
final coverage, longest sequence explored, executions, solver queries, divergences; for B2 also
whether each target line (sample-projects/containers/expected-coverage.json) is covered. With
`--ablation`, the B1 classes run once with everything on and once each without the data-flow check,
partial order reduction, grouping and pruning, at the same budget, and the ablation table is printed.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import tempfile
import time
from typing import Any
from pathlib import Path

from jtc.config import ExplorationOptions, GenerationOptions, Settings
from jtc.java.javac import compile_sources
from jtc.errors import JtcError
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ROOT / "sample-projects" / "containers"
PACKAGE = "com.example.containers"
B1 = ("UBStack", "IntStack", "BinSearchTree", "BinomialHeap", "LinkedList", "TreeMap", "HeapArray")
B2 = ("TemperatureMonitor", "Coinbox", "PartialOrder", "Shapes", "Catcher", "Outer", "PackagePrivate")
# Symstra's branch coverage, as the JTestCraft thesis reports it (den Hollander, TU Delft, 2010, table 6.2).
GOALS = {"UBStack": 100, "IntStack": 100, "BinSearchTree": 100, "BinomialHeap": 91, "LinkedList": 100,
         "TreeMap": 84, "HeapArray": 100}
VARIANTS = {
    "full": {},
    "no data-flow check": {"data_flow_check": False},
    "no partial order reduction": {"partial_order_reduction": False},
    "no grouping": {"grouping": False},
    "no pruning": {"pruning": False},
}


def _settings(classes: Path, output: Path, budget: float, seed: int, name: str, variant: dict[str, bool]) -> Settings:
    switches: dict[str, Any] = dict(variant)
    generation = dataclasses.replace(GenerationOptions(), **{k: v for k, v in switches.items()
                                                              if k in ("data_flow_check", "partial_order_reduction")})
    exploration = dataclasses.replace(ExplorationOptions(), **{k: v for k, v in switches.items()
                                                                if k in ("grouping", "pruning")})
    return Settings(classpath=(str(classes),), output_dir=output, time_budget=budget, seed=seed,
                    generation=generation, exploration=exploration)


def _coinbox_defect(report: ClassReport) -> bool:
    """Did the search run addQtr, addQtr, returnQtrs, vend with vend still returning true?"""
    for execution in report.search.executions:
        names = [getattr(s, "name", "<init>") for s in execution.program]
        replay = execution.replay
        if names[-4:] == ["addQtr", "addQtr", "returnQtrs", "vend"] and replay is not None \
                and len(replay.outcomes) == len(names) and execution.result.values[-1] == "Z:1":
            return True
    return False


def _row(name: str, report: ClassReport | JtcError, expected: dict) -> dict:
    if isinstance(report, JtcError):
        return {"class": name, "error": str(report)}
    search, solver = report.search, report.solver
    (bc, bt), (lc, lt) = report.branch or (0, 0), report.line or (0, 0)
    row = {
        "class": name, "branches": [bc, bt], "branch_percent": round(100.0 * bc / bt, 1) if bt else None,
        "lines": [lc, lt], "line_percent": round(100.0 * lc / lt, 1) if lt else None,
        "tests": report.tests_written, "dropped": len(report.dropped),
        "seconds_to_final_coverage": round(report.final_coverage_seconds, 1),
        "total_seconds": round(report.seconds.get("total", 0.0), 1),  # the whole class, every stage
        "longest_sequence": search.longest_sequence, "complete_length": search.completed_length,
        "sequences": search.sequences, "executions": len(search.executions),
        "solver": {"sat": solver.sat, "unsat": solver.unsat, "timeout": solver.unknown},
        "divergences": sum(search.divergences.values()),
    }
    targets: list[dict] = []
    for binary, facts in expected["classes"].items():
        if binary == f"{PACKAGE}.{name}" or binary.startswith(f"{PACKAGE}.{name}$"):
            targets.extend(facts.get("targets", []))
    if targets and report.coverage is not None:
        row["targets"] = {f"line {t['line']}": bool((line := report.coverage.line_at(t["line"])) and line.executed)
                          for t in targets}
    if name == "Coinbox":
        row["defect_sequence"] = _coinbox_defect(report)
    return row


def run(names: list[str], budget: float, seed: int, variant: dict[str, bool], work: Path) -> list[dict]:
    expected = json.loads((PROJECT / "expected-coverage.json").read_text())
    classes = work / "classes"
    if not classes.exists():
        errors = compile_sources(sorted((PROJECT / "src" / "main" / "java").rglob("*.java")), [], classes)
        if errors:
            raise SystemExit(f"the containers project does not compile: {errors[0]}")
    rows = []
    for name in names:
        settings = _settings(classes, work / "tests" / name, budget, seed, name, variant)
        for _, report in generate(settings, [f"{PACKAGE}.{name}"]):
            rows.append(_row(name, report, expected))
            print(_line(rows[-1]), flush=True)
    return rows


def _line(row: dict) -> str:
    if "error" in row:
        return f"{row['class']:<20} error: {row['error']}"
    bc, bt = row["branches"]
    lc, lt = row["lines"]
    extra = ""
    if "targets" in row:
        extra += "  targets " + " ".join(f"{k}:{'yes' if v else 'NO'}" for k, v in row["targets"].items())
    if "defect_sequence" in row:
        extra += f"  defect sequence {'yes' if row['defect_sequence'] else 'NO'}"
    goal = GOALS.get(row["class"])
    verdict = "" if goal is None else ("  ok" if (row["branch_percent"] or 0) >= goal else f"  BELOW {goal}")
    return (f"{row['class']:<20} br {bc:>3}/{bt:<3} ({row['branch_percent']:>5}%)  ln {lc:>3}/{lt:<3} "
            f"({row['line_percent']:>5}%)  tests {row['tests']:>3}  final@{row['seconds_to_final_coverage']:>5}s  "
            f"total {row['total_seconds']:>5}s  "
            f"longest {row['longest_sequence']:>2}  exec {row['executions']:>6}  "
            f"solver {row['solver']['sat']}/{row['solver']['unsat']}/{row['solver']['timeout']}  "
            f"div {row['divergences']}{verdict}{extra}")


def ablation_table(runs: dict[str, list[dict]]) -> str:
    """One line per class and variant: branch coverage, sequences explored, the longest length
    whose candidates were all explored, the longest sequence run, executions, seconds to final coverage."""
    lines = [f"{'class':<15} {'variant':<27} {'branch %':>8} {'sequences':>9} {'complete':>8} {'longest':>7} "
             f"{'executions':>10} {'final s':>7}"]
    by_class: dict[str, list[tuple[str, dict]]] = {}
    for label, rows in runs.items():
        for row in rows:
            by_class.setdefault(row["class"], []).append((label, row))
    for name, entries in by_class.items():
        for label, row in entries:
            if "error" in row:
                lines.append(f"{name:<15} {label:<27} error: {row['error']}")
                continue
            lines.append(f"{name:<15} {label:<27} {row['branch_percent']:>8} {row['sequences']:>9} "
                         f"{row['complete_length']:>8} {row['longest_sequence']:>7} {row['executions']:>10} "
                         f"{row['seconds_to_final_coverage']:>7}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench containers", description=__doc__)
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per class, every stage included: jtc generate --time-budget (default 60)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--classes", nargs="*", help="a subset of the B1/B2 class simple names")
    parser.add_argument("--ablation", action="store_true",
                        help="run the B1 classes once per variant: everything on, then each optimisation off")
    args = parser.parse_args(argv)
    names = args.classes or list(B1 if args.ablation else B1 + B2)
    result: dict = {"benchmark": "containers (B1, B2)", "budget_seconds": args.budget, "seed": args.seed,
                    "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "runs": {}}
    with tempfile.TemporaryDirectory(prefix="jtc-bench-") as scratch:
        work = Path(scratch)
        variants = VARIANTS if args.ablation else {"full": {}}
        for label, variant in variants.items():
            print(f"== {label}")
            result["runs"][label] = run(names, args.budget, args.seed, variant, work)
    if args.ablation:
        print(ablation_table(result["runs"]))
    kind = "ablation" if args.ablation else "containers"
    out = ROOT / "bench" / "results" / f"{kind}-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}.json"
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written {out.relative_to(ROOT)}")
    return 0
