"""B7 (docs/benchmarks.md): scale. `jtc generate --all` over a sample project (and, with
`--suite jars`, the commons-lang3 set of B5) with `-j 1`, `-j N` and a local Dask cluster of N
workers, measured in one run: wall time, speedups against `-j 1`, whether every mode wrote the same
files, and the time of a second run that the incremental cache answers.

Every mode runs the `jtc` command as a user would, with an execution budget per class (and a time
budget that does not end first), so the files can be compared byte for byte.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.real import LANG3_CLASSES, LANG3_JAR, PROJECT
from jtc.java.javac import compile_sources

ROOT = Path(__file__).resolve().parent.parent


def _jtc(classpath: Path, targets: list[str], output: Path, args: list[str], cwd: Path) -> float:
    command = [sys.executable, "-m", "jtc.cli", "generate", "-cp", str(classpath), "-o", str(output),
               "--no-coverage", *args, *targets]
    started = time.monotonic()
    run = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    seconds = time.monotonic() - started
    if run.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({run.returncode}):\n{run.stderr[-2000:]}")
    return seconds


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*.java"))}


def measure(label: str, classpath: Path, targets: list[str], jobs: int, budget: list[str], work: Path) -> dict:
    from distributed import LocalCluster

    print(f"== {label}: {' '.join(targets) if len(targets) < 4 else f'{len(targets)} classes'}", flush=True)
    times: dict[str, float] = {}
    outputs: dict[str, Path] = {}
    modes: list[tuple[str, list[str]]] = [("-j 1", ["-j", "1"]), (f"-j {jobs}", ["-j", str(jobs)])]
    for mode, args in modes:
        outputs[mode] = work / label / mode.replace(" ", "")
        times[mode] = _jtc(classpath, targets, outputs[mode], [*budget, *args, "--no-cache"], work)
        print(f"   {mode:<22} {times[mode]:7.1f} s", flush=True)
    cluster_mode = f"cluster of {jobs}"
    with LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        outputs[cluster_mode] = work / label / "cluster"
        times[cluster_mode] = _jtc(classpath, targets, outputs[cluster_mode],
                                   [*budget, "--scheduler", cluster.scheduler_address, "--no-cache"], work)
    print(f"   {cluster_mode:<22} {times[cluster_mode]:7.1f} s", flush=True)
    cached = work / label / "cached"
    cache = ["--cache-dir", str(work / label / "cache"), "-j", str(jobs)]
    first = _jtc(classpath, targets, cached, [*budget, *cache], work)
    again = _jtc(classpath, targets, cached, [*budget, *cache], work)
    reference = _files(outputs["-j 1"])
    identical = {mode: _files(folder) == reference for mode, folder in outputs.items()}
    row = {
        "classes": len(targets), "test_files": len(reference), "seconds": {m: round(s, 1) for m, s in times.items()},
        "speedup": {m: round(times["-j 1"] / s, 2) for m, s in times.items() if m != "-j 1"},
        "identical_to_j1": identical, "incremental": {"first": round(first, 1), "second": round(again, 1),
                                                      "ratio": round(again / first, 3)},
    }
    print(f"   speedup {row['speedup']}; identical {identical}; second run {again:.1f} s of {first:.1f} s "
          f"({100 * again / first:.1f}%)", flush=True)
    return row


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench scale", description=__doc__)
    parser.add_argument("--suite", choices=("project", "jars", "both"), default="project")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="N for -j N and the cluster's workers")
    parser.add_argument("--max-executions", type=int, default=150, help="execution budget per class (default 150)")
    args = parser.parse_args(argv)
    budget = ["--max-executions", str(args.max_executions), "--time-budget", "600"]
    result: dict = {"benchmark": "scale (B7)", "jobs": args.jobs, "max_executions": args.max_executions,
                    "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "suites": {}}
    with tempfile.TemporaryDirectory(prefix="jtc-bench-scale-") as scratch:
        work = Path(scratch)
        if args.suite in ("project", "both"):
            compiled = work / "project-classes"
            errors = compile_sources(sorted((PROJECT / "src" / "main" / "java").rglob("*.java")), [], compiled)
            if errors:
                raise SystemExit(f"the sample project does not compile: {errors[0]}")
            result["suites"]["project"] = measure("project", compiled, ["--all"], args.jobs, budget, work)
        if args.suite in ("jars", "both"):
            result["suites"]["jars"] = measure("jars", LANG3_JAR, list(LANG3_CLASSES), args.jobs, budget, work)
    out = ROOT / "bench" / "results" / f"scale-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written {out.relative_to(ROOT)}")
    return 0
