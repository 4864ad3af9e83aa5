"""B8, second subject (docs/benchmarks.md): commons-net's FTP directory-listing parsers.

Apache Commons Net 3.9.0 from the shared subjects folder, compiled here; the classes generated are
the listing parsers of `org.apache.commons.net.ftp.parser` (`*EntryParser`), which check each line
against regular expressions and then parse its groups (dates, sizes, permissions). Beside branch
and line coverage of the generated suite, of the subject's own tests of that package and of their
union (JaCoCo), each class's solver queries on String inputs and how many z3 left unknown are
reported: the figures the regex model (svm/models/regex.py) is meant to move. Prints a table and
writes JSON to bench/results/. Reuses B8's steps (bench/thirdparty.py).
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path

from jtc.config import Settings
from jtc.coverage.suites import measure_suites
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from bench.thirdparty import ROOT, SUBJECTS, _compile_subject, _line, _print_summary, _row, _top_level

NET = "commons-net-3.9.0"
PACKAGE = "org/apache/commons/net/ftp/parser"
JUNIT = Path("/usr/share/java")
TEST_LIBRARIES = tuple(JUNIT / name for name in ("junit4.jar", "hamcrest.jar", "junit-jupiter-api.jar",
                                                 "apiguardian-api.jar", "opentest4j.jar"))


def _parsers(classes: Path) -> list[str]:
    return [name for name in _top_level(classes)
            if name.startswith(PACKAGE.replace("/", ".") + ".") and name.endswith("EntryParser")]


def _generate(classes: list[str], classpath: list[Path], output: Path, budget: float, seed: int) -> list[dict]:
    settings = Settings(classpath=tuple(map(str, classpath)), output_dir=output, time_budget=budget, seed=seed)
    rows = []
    for name, report in generate(settings, classes):
        row = _row(name, report, budget)
        if isinstance(report, ClassReport):
            row.update(string_queries=report.solver.string_queries, string_unknown=report.solver.string_unknown,
                       solver_queries=report.solver.queries, solver_unknown=report.solver.unknown,
                       branches=report.branch)
        rows.append(row)
        print(_line(row) + (f"  string queries {row['string_queries']} ({row['string_unknown']} unknown)"
                            if "string_queries" in row else ""), flush=True)
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench netparsers", description=__doc__)
    parser.add_argument("--budget", type=float, default=20.0, help="search seconds per class (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--subjects", type=Path, default=SUBJECTS, help=f"the subjects folder (default {SUBJECTS})")
    parser.add_argument("--classes", nargs="*", help="only these classes (binary names)")
    parser.add_argument("--out", type=Path, help="the JSON file to write (default bench/results/netparsers-TIME.json)")
    args = parser.parse_args(argv)
    subject = args.subjects / NET
    missing = [str(jar) for jar in TEST_LIBRARIES if not jar.is_file()]
    if not subject.is_dir() or missing:
        raise SystemExit(f"missing: {subject if not subject.is_dir() else ', '.join(missing)} (see "
                         f"../shared/subjects/README.md; Debian packages junit4 junit5 libhamcrest-java)")
    result: dict = {"benchmark": "third-party code (B8): FTP listing parsers", "subject": NET,
                    "budget_seconds": args.budget, "seed": args.seed,
                    "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    with tempfile.TemporaryDirectory(prefix="jtc-bench-netparsers-") as scratch:
        work = Path(scratch)
        compiled = _compile_subject(subject, work)
        classes = args.classes or _parsers(compiled)
        generated = work / "generated"
        print(f"== {NET}: {len(classes)} listing parsers, {args.budget:g} s each")
        rows = _generate(classes, [compiled], generated, args.budget, args.seed)
        human = work / "human"
        shutil.copytree(subject / "src" / "test" / "java" / PACKAGE, human / PACKAGE)
        if not list(generated.rglob("*.java")):
            raise SystemExit("no class got a test; nothing to compare")
        internal = [name.replace(".", "/") for name in classes]
        suites = measure_suites([generated, human], [compiled, *TEST_LIBRARIES], internal, work / "measure")
        labels = ("generated", "hand-written", "union")
        coverage = {label: {"tests_run": suite.tests_run, "tests_failed": suite.tests_failed,
                            "failures": [str(failure) for failure in suite.failures],
                            "per_class": {name: {"branches": [c.branch.covered, c.branch.total],
                                                 "lines": [c.line.covered, c.line.total]}
                                          for name, c in suite.classes.items()}}
                    for label, suite in zip(labels, suites)}
    result.update(classes=rows, coverage=coverage)
    _print_summary(classes, coverage, {})
    print(f"string queries: {sum(r.get('string_queries', 0) for r in rows)}, "
          f"unknown {sum(r.get('string_unknown', 0) for r in rows)}")
    out = args.out or ROOT / "bench" / "results" / f"netparsers-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written {out}")
    return 0
