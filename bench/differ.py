"""B9 (docs/benchmarks.md): `jtc diff` against mutants. For each class of a sample, its mutants
(`jtc mutate`'s operators, all of them or `--mutants N` spread evenly) are candidates: the share that
`jtc diff` tells apart from the original, beside the mutation score of the same generated suite over
the same mutants (`jtc mutate`'s runner). The reference is explored once per class, as every `jtc
diff` run of its mutants would explore it (the same seed and search budget); each mutant then costs
one replay (javac and one JUnit run), timed. A mutant is told apart within 20 s when the class's
generation (wall time) plus its replay took at most that: what one `jtc diff` run would take, the
Python start aside. Prints a table and writes JSON to bench/results/.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from jtc.config import Settings
from jtc.coverage.measure import extract_classes
from jtc.differ.command import explore
from jtc.differ.replay import replay
from jtc.errors import ExitCode
from jtc.java.javac import compile_sources
from jtc.model.types import BinaryName, InternalName, internal_from_binary
from jtc.mutate.runner import Timeouts, mutant_class_files
from jtc.mutate.suites import mutate_suites

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample-projects"
DEFAULT_CLASSES = ("com.example.basics.Bmi", "com.example.basics.Thresholds", "com.example.basics.SafeDivide")
WITHIN_S = 20.0  # told apart within this: the class's generation (wall time) plus the mutant's replay


def run_class(name: str, classpath: Path, work: Path, budget: float, seed: int, quick: bool, limit: int) -> dict:
    """One class: explore it, replay on each mutant, and score the same suite with `jtc mutate`."""
    started = time.perf_counter()
    settings = Settings(classpath=(str(classpath),), time_budget=budget, seed=seed, select_assertions=not quick)
    generated, snapshots = explore(settings, 1, ([name], [], False), work / "reference")
    generation_s = time.perf_counter() - started
    if generated != ExitCode.OK or not snapshots:
        return {"class": name, "error": f"no tests (exit {int(generated)})"}
    class_dir = work / "class"
    extract_classes([classpath], [name], class_dir)
    mutants = mutant_class_files(class_dir, work / "mutants", limit)
    told, seconds = {}, []
    for number, (mutant, class_file) in enumerate(mutants):
        candidate = work / f"candidate-{number}"
        target = candidate / f"{internal_from_binary(BinaryName(mutant.class_name))}.class"
        target.parent.mkdir(parents=True)
        shutil.copyfile(class_file, target)
        began = time.perf_counter()
        found = replay(snapshots, [candidate, classpath], work / f"replay-{number}")
        seconds.append(time.perf_counter() - began)
        told[mutant.id] = sorted({difference.member for difference in found})
        print(f"  {mutant.id}: {'told apart: ' + ', '.join(told[mutant.id]) if found else 'no difference'} "
              f"({seconds[-1]:.1f} s)", flush=True)
    [scored] = mutate_suites([work / "reference" / "tests"], [classpath], [InternalName(name)], work / "mutate", Timeouts())
    detected = {mutant.id: scored.verdicts[mutant.id].status.detected for mutant, _ in mutants}
    killed = sum(detected.values())
    apart = sum(1 for members in told.values() if members)
    within = sum(1 for members, replay_s in zip(told.values(), seconds) if members and generation_s + replay_s <= WITHIN_S)
    return {"class": name, "mutants": len(mutants), "told_apart": apart, "told_apart_within_s": within,
            "mutation_killed": killed, "agreeing": sum(bool(told[id_]) == found for id_, found in detected.items()),
            "generation_seconds": round(generation_s, 1),
            "replay_seconds": {"median": round(statistics.median(seconds), 2) if seconds else None,
                               "max": round(max(seconds), 2) if seconds else None},
            "told": told, "killed_by_mutate": sorted(id_ for id_, found in detected.items() if found),
            "tests": sum(len(snapshot.tests) for snapshot in snapshots)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench differ", description=__doc__)
    parser.add_argument("--sample", default="basics", help="the sample project (default basics)")
    parser.add_argument("--classes", nargs="*", default=list(DEFAULT_CLASSES), help="binary names of the sample's classes")
    parser.add_argument("--budget", type=float, default=10.0,
                        help="seconds per class, every stage included: jtc generate --time-budget (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mutants", type=int, default=2 ** 31 - 1, help="at most this many mutants per class, spread evenly")
    parser.add_argument("--quick", action="store_true", help="generate with --quick (no mutation analysis)")
    parser.add_argument("--output", type=Path, help="the JSON file (default: bench/results/differ-<time>.json)")
    args = parser.parse_args(argv)
    results = []
    with tempfile.TemporaryDirectory(prefix="jtc-bench-differ-") as scratch:
        work = Path(scratch)
        classpath = work / "classes"
        errors = compile_sources(sorted((SAMPLES / args.sample / "src" / "main" / "java").rglob("*.java")), [], classpath)
        if errors:
            raise SystemExit(f"the {args.sample} sample does not compile: {errors[0]}")
        for name in args.classes:
            print(f"{name}:", flush=True)
            results.append(run_class(name, classpath, work / name, args.budget, args.seed, args.quick, args.mutants))
    scored = [r for r in results if "error" not in r]
    print(f"{'class':<34} {'mutants':>7} {'jtc diff':>9} {f'<= {WITHIN_S:g} s':>8} {'mutate':>7} {'agree':>6} "
          f"{'generate s':>10} {'replay s':>9}")
    for r in scored:
        print(f"{r['class']:<34} {r['mutants']:>7} {r['told_apart']:>9} {r['told_apart_within_s']:>8} "
              f"{r['mutation_killed']:>7} {r['agreeing']:>6} {r['generation_seconds']:>10} {r['replay_seconds']['median']:>9}")
    total = sum(r["mutants"] for r in scored)
    for key, label in (("told_apart", "jtc diff told apart"), ("told_apart_within_s", f"within {WITHIN_S:g} s"),
                       ("mutation_killed", "the suite's mutation score")):
        count = sum(r[key] for r in scored)
        print(f"{label}: {count}/{total} ({100 * count / total:.1f}%)" if total else f"{label}: no mutants")
    for r in results:
        if "error" in r:
            print(f"{r['class']}: {r['error']}")
    out = args.output or ROOT / "bench" / "results" / f"differ-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"benchmark": "jtc diff against mutants (B9)", "sample": args.sample,
                               "budget_seconds": args.budget, "seed": args.seed, "quick": args.quick,
                               "within_seconds": WITHIN_S, "classes": results}, indent=1) + "\n")
    print(f"written to {out}")
    return 0
