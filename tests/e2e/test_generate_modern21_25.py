"""End to end on the Java 21 and Java 25 samples (B10, issue 33): generate → javac → two JUnit runs →
JaCoCo, on a JDK 25.

sample-projects/modern21 (class files of release 21): an expression evaluator over a sealed
interface of records (pattern switches with nested record patterns and guards), shipping rules
(guarded type patterns over a sealed hierarchy, an Object selector with String and Integer
patterns, an enum with a guarded pattern), an undo history on sequenced collections.
sample-projects/modern25 (release 25): accounts whose constructors run statements and set fields
before super(...) and this(...), a robot driven by commands (String constants beside patterns, a
switch with patterns on an enum, which javac 25 compiles to enumSwitch), a playlist on sequenced
collections. Every class must be generated with exit code 0, the replay must never desync nor
diverge, the written tests must compile and pass on their own, and the samples must reach at least
90% of their branches as JaCoCo counts them (javac's always-true tests of record components of
primitive type are branches no test can take: expected-coverage.json lists them). The search runs
on an execution budget with a search budget (not a whole-class one) behind it, so the figures do not
depend on the machine's speed.

The samples are compiled and generated for on a JDK that knows the release (the suite's own when it
does, else the newest installed, as jtc itself chooses); without one the tests are skipped with the
reason. jtc's agent (ASM 9.10.1) and JaCoCo 0.8.15 read Java 25 class files.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.coverage.suites import measure_suites
from jtc.errors import ExitCode
from jtc.java.toolchain import Toolchain, use_jdk
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import assert_written_tests_pass

ROOT = Path(__file__).resolve().parents[2]
EXECUTIONS = 800
BRANCH_GOAL = 0.90
# Per sample: its package, and per class (with its nested classes) the branches and lines covered
# at least, measured with EXECUTIONS executions (or 90 s), seed 1, on JDK 25 with JaCoCo 0.8.15.
SAMPLES = {
    "modern21": ("com.example.modern21", {"Expr": (77, 47), "Shipping": (57, 53), "EditHistory": (22, 48)}),
    "modern25": ("com.example.modern25", {"Accounts": (26, 41), "Commands": (58, 42), "Playlist": (26, 38)}),
}


def _expected(sample: str, subject: str) -> tuple[int, int, int, int]:
    """Branch covered/total and line covered/total of the reference tests, the class with its nested classes."""
    package, _ = SAMPLES[sample]
    classes = json.loads((ROOT / "sample-projects" / sample / "expected-coverage.json").read_text())["classes"]
    name = f"{package}.{subject}"
    parts = [v for k, v in classes.items() if k == name or k.startswith(name + "$")]
    return (sum(p["branches"]["covered"] for p in parts), sum(p["branches"]["total"] for p in parts),
            sum(p["lines"]["covered"] for p in parts), sum(p["lines"]["total"] for p in parts))


@pytest.fixture(scope="module", params=list(SAMPLES))
def sample(request: pytest.FixtureRequest) -> tuple[str, Path, Toolchain]:
    """A sample's name, its compiled classes and the JDK that runs them, or the test skipped where
    this machine has none."""
    name = request.param
    jdk = request.getfixturevalue("jdk_of_release")(int(name.removeprefix("modern")))
    return name, request.getfixturevalue(f"{name}_classes"), jdk


@pytest.fixture(autouse=True)
def on_the_samples_jdk(sample: tuple[str, Path, Toolchain]):
    """javac, JUnit and JaCoCo of each test on the sample's JDK."""
    with use_jdk(sample[2]):
        yield


@pytest.fixture(scope="module")
def reports(sample: tuple[str, Path, Toolchain], tmp_path_factory: pytest.TempPathFactory) -> dict[str, ClassReport]:
    name, classes, jdk = sample
    package, floors = SAMPLES[name]
    settings = Settings(select_assertions=False, classpath=(str(classes),), output_dir=tmp_path_factory.mktemp("generated"),
                        search_budget=90.0, seed=1, max_executions=EXECUTIONS)
    with use_jdk(jdk):
        results = dict(generate(settings, [f"{package}.{subject}" for subject in floors]))
    failures = {subject: str(result) for subject, result in results.items() if not isinstance(result, ClassReport)}
    assert not failures
    return results  # type: ignore[return-value]


@pytest.mark.slow
def test_generated_tests_are_measured_and_replayed_exactly(sample: tuple[str, Path, Toolchain], reports: dict[str, ClassReport]):
    name = sample[0]
    package, floors = SAMPLES[name]
    for subject, floor in floors.items():
        report = reports[f"{package}.{subject}"]
        assert report.exit_code == ExitCode.OK and report.coverage_error is None, subject
        assert report.tests_written >= 1 and report.test_file is not None
        assert report.branch is not None and report.line is not None
        _, branch_total, _, line_total = _expected(name, subject)
        assert (report.branch[1], report.line[1]) == (branch_total, line_total), subject
        assert (report.branch[0], report.line[0]) >= floor, (subject, report.branch, report.line)
        assert report.search.divergences == {}, subject
        assert all(e.replay is not None and e.replay.desync is None for e in report.search.executions), subject


@pytest.mark.slow
def test_the_sample_reaches_ninety_percent_of_its_branches(sample: tuple[str, Path, Toolchain], reports: dict[str, ClassReport]):
    covered = sum(r.branch[0] for r in reports.values())  # type: ignore[index]
    total = sum(r.branch[1] for r in reports.values())  # type: ignore[index]
    assert covered >= BRANCH_GOAL * total, (sample[0], covered, total)


@pytest.mark.slow
def test_written_classes_compile_and_pass_on_their_own(sample: tuple[str, Path, Toolchain], reports: dict[str, ClassReport],
                                                        tmp_path: Path):
    assert_written_tests_pass(reports.values(), sample[1], tmp_path)


@pytest.mark.slow
def test_reference_tests_reach_the_expected_coverage(sample: tuple[str, Path, Toolchain], tmp_path: Path):
    """expected-coverage.json holds what the hand-written tests reach: measured again here."""
    name, classes, _ = sample
    package, floors = SAMPLES[name]
    reference = tmp_path / "reference"
    shutil.copytree(ROOT / "sample-projects" / name / "src" / "test" / "java", reference)
    suites = measure_suites([reference], [classes], [f"{package}.{subject}" for subject in floors], tmp_path / "work")
    assert suites[0].tests_failed == 0
    for subject in floors:
        coverage = suites[0].classes[f"{package}.{subject}"]
        assert (coverage.branch.covered, coverage.branch.total, coverage.line.covered, coverage.line.total) == \
            _expected(name, subject), subject
