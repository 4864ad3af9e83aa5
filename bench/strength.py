"""B6 (docs/benchmarks.md): test strength, hand-written against generated suites.

On a sample project (`basics` unless `--sample` names another: `containers`, `dungeon`, whose
classes are spread over packages): jtc generates a suite for every class that has a hand-written test (with
the access that test takes: a package-private method, a private constructor; HAND_WRITTEN_ACCESS), then
`jtc mutate`'s machinery scores the hand-written suite, the generated one and their union per class, and
PIT scores them too, with its default mutators and with STRONGER, beside the agreement of the two tools
on the mutants both make (bench/pit_scores.py; --no-pit leaves PIT out).
Beside the scores, the shape of each suite: tests (and how many are parameterized), statements per
test, assertions per test, and the share of assertions that only check a type (`assertInstanceOf`). Prints a table and writes JSON to
bench/results/.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path

import javalang

from jtc.config import AccessOptions, Settings
from jtc.java.javac import compile_sources
from jtc.errors import JtcError
from jtc.model.types import InternalName
from jtc.pipeline.generate import generate
from jtc.mutate.model import SuiteMutation
from jtc.mutate.report import mutation_json, mutation_table
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites

from bench.pit_scores import pit_figures, pit_table

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample-projects"
LABELS = ("hand-written", "generated", "union")
# Classes whose hand-written test calls what jtc leaves alone by default, and the access jtc is given
# for them, so that both suites may call the same members (`--default-access` leaves it out).
HAND_WRITTEN_ACCESS = {
    "com.example.basics.NoPublicConstructor": AccessOptions(include_private=True),  # a private constructor, by reflection
}
TEST_ANNOTATIONS = frozenset({"Test", "ParameterizedTest", "RepeatedTest"})
NUMBERED = re.compile(r"_?\d+$")  # the number jtc adds to a name taken already


def suite_shape(folder: Path) -> dict:
    """Tests, statements and assertions of the JUnit sources under `folder`. Statements are counted
    through the whole test body (nested blocks, lambdas and the bodies of stub classes too; a block
    itself is not one); an assertion is a call of a method named assert*. A parameterized test counts
    once, however many cases it has. Beside all statements, those that are not a bare assertion (an
    `assertEquals(…);` statement): the calls that set the test up and make the call under test. And
    what a reader would not keep: numbered near-duplicates (a test named as another of its class plus
    a number, `getItemReturnsBook2` beside `getItemReturnsBook`) and tests whose only assertion is
    `assertNotNull`."""
    tests = statements = bare_assertions = parameterized = not_null_only = 0
    numbered: list[str] = []
    assertions: Counter[str] = Counter()
    for source in sorted(folder.rglob("*.java")):
        methods = [method for _, method in javalang.parse.parse(source.read_text(encoding="utf-8")).filter(
            javalang.tree.MethodDeclaration) if {annotation.name for annotation in method.annotations} & TEST_ANNOTATIONS]
        names = {method.name for method in methods}
        for method in methods:
            annotations = {annotation.name for annotation in method.annotations}
            tests += 1
            if NUMBERED.sub("", method.name) in names - {method.name}:
                numbered.append(f"{source.stem}.{method.name}")
            own = [node.member for _, node in method.filter(javalang.tree.MethodInvocation) if node.member.startswith("assert")]
            not_null_only += bool(own) and set(own) == {"assertNotNull"}
            parameterized += "ParameterizedTest" in annotations
            statements += sum(1 for _, node in method.filter(javalang.tree.Statement)
                              if not isinstance(node, javalang.tree.BlockStatement))
            statements += sum(1 for _ in method.filter(javalang.tree.LocalVariableDeclaration))
            bare_assertions += sum(1 for _, node in method.filter(javalang.tree.StatementExpression)
                                   if isinstance(node.expression, javalang.tree.MethodInvocation)
                                   and node.expression.member.startswith("assert") and not node.expression.qualifier)
            assertions.update(node.member for _, node in method.filter(javalang.tree.MethodInvocation)
                              if node.member.startswith("assert"))
    total = sum(assertions.values())
    return {"tests": tests, "parameterized": parameterized, "statements_per_test": round(statements / tests, 2) if tests else None,
            "non_assertion_statements_per_test": round((statements - bare_assertions) / tests, 2) if tests else None,
            "assertions_per_test": round(total / tests, 2) if tests else None,
            "instance_of_share": round(assertions["assertInstanceOf"] / total, 3) if total else None,
            "assertions": dict(sorted(assertions.items())), "numbered_near_duplicates": len(numbered),
            "numbered_names": numbered,
            "not_null_only_share": round(not_null_only / tests, 3) if tests else None}


def _test_sources(sample: str) -> Path:
    return SAMPLES / sample / "src" / "test" / "java"


def _hand_written(sample: str, classes: list[str], target: Path) -> Path:
    """The sample's own tests of `classes` (`<package>/<Simple>Test.java`, whatever the packages),
    copied with the test tree's helpers (its sources not named *Test) so that only those tests run."""
    sources = _test_sources(sample)
    wanted = [Path(*name.split(".")).with_name(f"{name.rpartition('.')[2]}Test.java") for name in classes]
    helpers = [p.relative_to(sources) for p in sources.rglob("*.java") if not p.stem.endswith("Test")]
    for relative in [*wanted, *helpers]:
        (target / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(sources / relative, target / relative)
    return target


def _classes_with_tests(sample: str) -> list[str]:
    """Every main class of the sample with a test named after it, in any package."""
    sources, main = _test_sources(sample), SAMPLES / sample / "src" / "main" / "java"
    tested = (p.relative_to(sources).with_name(p.stem.removesuffix("Test") + ".java")
              for p in sources.rglob("*Test.java"))
    return sorted(".".join(relative.with_suffix("").parts) for relative in tested if (main / relative).is_file())


def _generate(classes: list[str], classpath: Path, output: Path, budget: float, seed: int,
              options: dict, access: dict[str, AccessOptions]) -> dict[str, str]:
    """Writes the generated suite; the classes jtc refused, with the reason. `options`: more Settings;
    `access`: the classes generated with other access than `options` gives (one run per access)."""
    refused = {}
    default = options.get("access", AccessOptions())
    for granted in dict.fromkeys([default, *access.values()]):
        group = [name for name in classes if access.get(name, default) == granted]
        settings = Settings(classpath=(str(classpath),), output_dir=output, time_budget=budget, seed=seed,
                            **{**options, "access": granted})
        for name, report in generate(settings, group):
            if isinstance(report, JtcError):
                refused[name] = str(report)
                print(f"{name}: refused: {report}", flush=True)
            else:
                print(f"{name}: {report.tests_written} tests", flush=True)
    return refused


def run(sample: str, classes: list[str], work: Path, budget: float, seed: int, generated: Path | None,
        options: dict | None = None, access: dict[str, AccessOptions] | None = None, pit: bool = True) -> dict:
    """B6 on `classes` of `sample`; `options` are Settings fields for jtc generate (access, select_assertions);
    `access`: the classes generated with other access (HAND_WRITTEN_ACCESS); `pit`: PIT's scores too."""
    options, access = options or {}, {name: granted for name, granted in (access or {}).items() if name in classes}
    classpath = work / "classes"
    errors = compile_sources(sorted((SAMPLES / sample / "src" / "main" / "java").rglob("*.java")), [], classpath)
    if errors:
        raise SystemExit(f"the {sample} sample does not compile: {errors[0]}")
    for name, granted in access.items():
        print(f"{name}: generated with {granted}, as its hand-written test calls such members", flush=True)
    started = time.perf_counter()
    refused: dict[str, str] = {}
    if generated is None:
        generated = work / "generated"
        refused = _generate(classes, classpath, generated, budget, seed, options, access)
    generation_s = time.perf_counter() - started
    hand = _hand_written(sample, classes, work / "hand-written")
    started = time.perf_counter()
    suites: list[SuiteMutation] = mutate_suites([hand, generated], [classpath], list(map(InternalName, classes)), work / "mutate", Timeouts())
    mutation_s = time.perf_counter() - started
    suites = [dataclasses.replace(suite, label=label) for suite, label in zip(suites, LABELS)]
    for line in mutation_table(suites):
        print(line)
    shapes = {LABELS[0]: suite_shape(hand), LABELS[1]: suite_shape(generated)}
    for label, shape in shapes.items():
        print(f"{label}: {shape['tests']} tests ({shape['parameterized']} parameterized), "
              f"{shape['statements_per_test']} statements ({shape['non_assertion_statements_per_test']} not assertions) and "
              f"{shape['assertions_per_test']} assertions per test, assertInstanceOf {shape['instance_of_share']}")
    scores = mutation_json(suites)["suites"]
    kept = [name for name in classes if name not in refused]
    accepted = _accepted(scores, kept)
    print("over the classes jtc accepts: " + ", ".join(f"{label} {a['killed']}/{a['total']}"
                                                         for label, a in accepted.items()))
    figures: dict = {}
    if pit:
        figures = pit_figures([classpath], [hand, generated], LABELS[:2], classes, work / "pit", jtc_suites=suites)
        for line in pit_table(figures, suites, LABELS):
            print(line)
        for mutators, by_suite in figures["mutators"].items():
            print(f"PIT {mutators.lower()} over the classes jtc accepts: " + ", ".join(
                f"{label} {_sum(by_suite[label]['classes'], kept)}" for label in LABELS))
    return {"sample": sample, "budget_seconds": budget,
            "options": {key: str(value) for key, value in options.items()}, "seed": seed, "classes": classes,
            "access": {name: str(granted) for name, granted in access.items()},
            "refused": refused,
            "mutants_per_class": {name: scores[0]["classes"][name]["total"] for name in classes},
            "seconds": {"generation": round(generation_s, 1), "mutation": round(mutation_s, 1)},
            "shape": shapes, "suites": scores, "accepted_classes": accepted, "pit": figures}


def _sum(per_class: dict[str, dict[str, int]], classes: list[str]) -> str:
    """killed/total summed over `classes`."""
    return f"{sum(per_class[name]['killed'] for name in classes)}/{sum(per_class[name]['total'] for name in classes)}"


def _accepted(scores: list[dict], classes: list[str]) -> dict[str, dict[str, int]]:
    """Each suite's mutants killed and in all over `classes` (those jtc did not refuse): a refused
    class (a bad-input fixture such as a private constructor and no factory) scores 0 by design."""
    return {suite["suite"]: {key: sum(suite["classes"][name][key] for name in classes) for key in ("killed", "total")}
            for suite in scores}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench strength", description=__doc__)
    parser.add_argument("--sample", default="basics", help="the sample project (default basics)")
    parser.add_argument("--keep", type=Path, help="copy the generated suite to this folder")
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per class, every stage included: jtc generate --time-budget (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--classes", nargs="*", help="only these classes (binary names) of the sample")
    parser.add_argument("--public-only", action="store_true",
                        help="let the generated tests call public members only (jtc generate --public-only)")
    parser.add_argument("--default-access", action="store_true",
                        help="generate every class with the same access, also those whose hand-written test calls "
                             "package-private or private members (HAND_WRITTEN_ACCESS)")
    parser.add_argument("--quick", action="store_true",
                        help="jtc generate --quick: no mutation analysis, three observer answers per test by rule")
    parser.add_argument("--generated", type=Path, help="score this generated suite instead of generating one")
    parser.add_argument("--no-pit", action="store_true", help="leave PIT's scores out (jtc mutate's only)")
    parser.add_argument("--output", type=Path, help="the JSON file (default: bench/results/strength-<time>.json)")
    args = parser.parse_args(argv)
    classes = args.classes or _classes_with_tests(args.sample)
    with tempfile.TemporaryDirectory(prefix="jtc-strength-") as scratch:
        result = run(args.sample, classes, Path(scratch), args.budget, args.seed, args.generated,
                     {"access": AccessOptions(include_non_public=not args.public_only),
                      "select_assertions": not args.quick},
                     {} if args.default_access else HAND_WRITTEN_ACCESS, pit=not args.no_pit)
        if args.keep is not None and args.generated is None:
            shutil.copytree(Path(scratch) / "generated", args.keep, dirs_exist_ok=True)
    out = args.output or ROOT / "bench" / "results" / f"strength-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written to {out}")
    return 0
