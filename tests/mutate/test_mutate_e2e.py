"""`jtc mutate` end to end on two suites of one small project: exact mutation scores per suite, per
class and for the union, a mutant that loops forever (killed by the time limit), a test that fails on
the original code (reported and excluded), the JSON report, and bad input; JUnit 3 and JUnit 4 suites
run by the vintage engine."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from jtc.errors import ExitCode
from tests.conftest import compile_java

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "scores"
WEAK, STRONG = FIXTURES / "weak", FIXTURES / "strong"
JUNIT3, JUNIT4 = FIXTURES / "junit3", FIXTURES / "junit4"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_java(FIXTURES / "main", tmp_path_factory.mktemp("scores"))


def jtc_mutate(classes: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jtc.cli", "mutate", "--classpath", str(classes), "--timeout", "1",
                           *args], capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def report(project: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess, dict]:
    json_file = tmp_path_factory.mktemp("report") / "mutants.json"
    run = jtc_mutate(project, "--tests", str(WEAK), "--tests", str(STRONG), "--json", str(json_file),
                     "mut.Range", "mut.Tally")
    assert run.returncode == 0, run.stderr
    return run, json.loads(json_file.read_text())


def _scores(entry: dict) -> tuple[int, int, int]:
    return entry["killed"], entry["total"], entry["timed_out"]


def test_exact_scores_per_suite_class_and_union(report: tuple[subprocess.CompletedProcess, dict]):
    suites = {suite["suite"]: suite for suite in report[1]["suites"]}
    assert list(suites) == [str(WEAK), str(STRONG), "union"]
    # Range: clamp 7 mutants, bits 7 (2 loop forever), isEven 7; Tally: add 1, addTwice 2, total 1.
    # The weak suite checks isEven fully, clamp inside its bounds only, bits(5) > 0, and Tally.add.
    assert _scores(suites[str(WEAK)]) == (17, 25, 2)
    assert _scores(suites[str(WEAK)]["classes"]["mut.Range"]) == (15, 21, 2)
    assert _scores(suites[str(WEAK)]["classes"]["mut.Tally"]) == (2, 4, 0)
    # The strong suite checks clamp and bits exactly and addTwice, but never calls isEven.
    assert _scores(suites[str(STRONG)]) == (16, 25, 2)
    assert _scores(suites[str(STRONG)]["classes"]["mut.Range"]) == (12, 21, 2)
    assert _scores(suites[str(STRONG)]["classes"]["mut.Tally"]) == (4, 4, 0)
    assert _scores(suites["union"]) == (23, 25, 2)
    assert _scores(suites["union"]["classes"]["mut.Range"]) == (19, 21, 2)
    assert _scores(suites["union"]["classes"]["mut.Tally"]) == (4, 4, 0)


def test_survivors_are_the_equivalent_mutants(report: tuple[subprocess.CompletedProcess, dict]):
    union = report[1]["suites"][-1]
    assert [(s["method"], s["line"], s["operator"], s["description"], s["covered"]) for s in union["survivors"]] == [
        ("clamp(III)I", 7, "conditional-boundary", "replaced if_icmpge with if_icmpgt", True),
        ("clamp(III)I", 10, "conditional-boundary", "replaced if_icmple with if_icmplt", True),
    ]
    assert set(union["survivors"][0]) == {"id", "class", "method", "line", "instruction", "operator", "description",
                                          "covered"}
    assert union["survivors"][0]["class"] == "mut.Range"
    weak = report[1]["suites"][0]
    uncovered = {s["description"] for s in weak["survivors"] if not s["covered"]}
    assert uncovered == {"replaced return value with 0", "removed call to mut.Tally.add"}


def test_an_endless_loop_is_killed_by_the_time_limit(report: tuple[subprocess.CompletedProcess, dict]):
    run = report[0]
    assert "17 killed (2 by timeout)" in run.stdout and "16 killed (2 by timeout)" in run.stdout
    for suite in report[1]["suites"]:
        assert not [s for s in suite["survivors"] if s["method"] == "bits(I)I"
                    and s["description"] in ("replaced ifle with iflt", "replaced constant 1 with 0")]


def test_a_test_failing_on_the_original_code_is_reported_and_excluded(
        report: tuple[subprocess.CompletedProcess, dict]):
    weak = report[1]["suites"][0]
    assert [t["test"] for t in weak["failing_tests"]] == ["mut.RangeTest#wrongOnTheOriginal"]
    assert "excluded, fails unmutated: mut.RangeTest#wrongOnTheOriginal" in report[0].stdout


def test_the_table_has_a_column_per_suite_and_the_union(report: tuple[subprocess.CompletedProcess, dict]):
    rows = {line.split("|")[0].strip(): [cell.split()[0] for cell in line.split("|")[1:]]
            for line in report[0].stdout.splitlines() if line.startswith(("mut.", "all "))}
    assert rows == {"mut.Range": ["15/21", "12/21", "19/21"], "mut.Tally": ["2/4", "4/4", "4/4"],
                    "all": ["17/25", "16/25", "23/25"]}


def test_junit3_and_junit4_suites_kill_with_jtc_s_runner(project: Path, tmp_path: Path):
    """The vintage engine runs JUnit 3 test cases (an inherited test method included) and JUnit 4 tests
    (a Hamcrest matcher through JUnit's assertThat included) against the mutants: JUnit, its
    junit.framework and Hamcrest's interfaces are the runner's own classes, shared with every mutant's loader."""
    json_file = tmp_path / "mutants.json"
    run = jtc_mutate(project, "--tests", f"junit3={JUNIT3}", "--tests", f"junit4={JUNIT4}", "--json", str(json_file),
                     "mut.Range", "mut.Tally")
    assert run.returncode == 0, run.stderr
    suites = {suite["suite"]: suite for suite in json.loads(json_file.read_text())["suites"]}
    assert "junit3: 3 tests, 25 mutants, 14 killed (0 by timeout)" in run.stdout
    assert "junit4: 2 tests, 25 mutants, 4 killed (0 by timeout)" in run.stdout
    assert not suites["junit3"]["failing_tests"] and not suites["junit4"]["failing_tests"]
    # JUnit 3: isEven fully (7) and clamp inside its bounds (3 of its 7); TallyTest's inherited addTwice all of Tally.
    assert _scores(suites["junit3"]["classes"]["mut.Range"]) == (10, 21, 0)
    assert _scores(suites["junit3"]["classes"]["mut.Tally"]) == (4, 4, 0)
    # JUnit 4: addTwice and add once, never Range.
    assert _scores(suites["junit4"]["classes"]["mut.Range"]) == (0, 21, 0)
    assert _scores(suites["junit4"]["classes"]["mut.Tally"]) == (4, 4, 0)


@pytest.mark.parametrize("args,code,words", [
    (["--tests", str(WEAK), "mut.Missing"], ExitCode.UNKNOWN_CLASS, "class mut.Missing is not on the classpath"),
    (["--tests", "no/such/folder", "mut.Range"], ExitCode.USAGE, "test folder no/such/folder does not exist"),
    (["--tests", str(FIXTURES / "broken"), "mut.Range"], ExitCode.USAGE, "do not compile"),
])
def test_bad_input_is_one_line_and_its_exit_code(project: Path, args: list[str], code: ExitCode, words: str):
    run = jtc_mutate(project, *args)
    assert run.returncode == code
    assert "Traceback" not in run.stderr + run.stdout
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("jtc: error: ") and words in lines[0], run.stderr


def test_a_mutant_that_calls_system_exit_is_killed_and_the_run_goes_on(basics_classes: Path, tmp_path: Path):
    reference = Path(__file__).resolve().parents[2] / "sample-projects" / "basics" / "src" / "test" / "java"
    suite = tmp_path / "exiter" / "com" / "example" / "basics"
    suite.mkdir(parents=True)
    shutil.copy(reference / "com" / "example" / "basics" / "ExiterTest.java", suite)
    run = jtc_mutate(basics_classes, "--tests", str(tmp_path / "exiter"), "com.example.basics.Exiter")
    assert run.returncode == 0, run.stderr
    # Negating `status < 0` makes process(0) call System.exit(3): the test fails instead of the runner's JVM ending.
    assert "com.example.basics.Exiter |    5/8 " in run.stdout
    assert "negate-conditional" not in run.stdout.split("surviving mutants")[1]


EVERY_TEST = """package mut;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TallyTest {

    @Test
    void once() {
        Tally tally = new Tally();
        tally.add(2);
        assertEquals(2, tally.total());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 4})
    void each(int n) {
        Tally tally = new Tally();
        tally.add(n);
        assertEquals(n, tally.total());
    }

    @Test
    void twice() {
        Tally tally = new Tally();
        tally.addTwice(3);
        assertEquals(6, tally.total());
    }
}
"""


def test_every_test_mode_runs_a_mutant_s_tests_in_one_launch_and_reports_each_kill(project: Path, tmp_path: Path):
    """The kills mode (assertion selection) launches a mutant's covering tests together; a test that
    loops forever is stopped at its own limit and the tests it kept from running run on their own.
    Its verdicts are the first-kill mode's, and it reports every test that kills, with its line."""
    from jtc.coverage.suites import compile_suite
    from jtc.mutate.model import Status
    from jtc.mutate.runner import Timeouts, run_mutants

    test_classes, junit = compile_suite(STRONG, [project], tmp_path / "tests", ["mut.Range", "mut.Tally"])
    classpath = [tmp_path / "tests", *junit, project]
    first = run_mutants(project, classpath, test_classes, tmp_path / "run.tsv", Timeouts(1.0, 4.0))
    every = run_mutants(project, classpath, test_classes, tmp_path / "kills.tsv", Timeouts(1.0, 4.0), every_test=True)
    killed = {mutant for mutant, verdict in first.verdicts.items() if verdict.status in (Status.KILLED, Status.TIMED_OUT)}
    assert {kill.mutant for kill in every.kills} == killed
    assert {mutant: verdict.status for mutant, verdict in every.verdicts.items()} == \
        {mutant: verdict.status for mutant, verdict in first.verdicts.items()}
    assert any(kill.timed_out for kill in every.kills)

    (tmp_path / "three" / "mut").mkdir(parents=True)
    (tmp_path / "three" / "mut" / "TallyTest.java").write_text(EVERY_TEST)
    test_classes, junit = compile_suite(tmp_path / "three", [project], tmp_path / "three-tests", ["mut.Tally"])
    every = run_mutants(project, [tmp_path / "three-tests", *junit, project], test_classes, tmp_path / "three.tsv",
                        Timeouts(1.0, 4.0), every_test=True)
    negated = [(kill.test.rpartition("#")[2], kill.line) for kill in every.kills if kill.mutant == "mut.Tally#add(I)V@4:math:0"]
    assert sorted(negated) == [("each", 23), ("once", 15), ("twice", 30)]  # the parameterized test once, by its case n=4


def test_a_dependency_in_a_javax_package_the_jdk_lacks_loads_from_the_classpath(tmp_path: Path):
    """javax. classes come from the runner's parent (the JDK's) when it has them, else from the classpath."""
    from jtc.coverage.suites import compile_suite
    from jtc.mutate.model import Status
    from jtc.mutate.runner import Timeouts, run_mutants

    fixture = FIXTURES.parent / "javax"
    library = compile_java(fixture / "lib", tmp_path / "lib")
    classes = compile_java(fixture / "main", tmp_path / "main", classpath=[library])
    test_classes, junit = compile_suite(fixture / "tests", [classes, library], tmp_path / "tests", ["jx.Trip"])
    output = run_mutants(classes, [tmp_path / "tests", *junit, classes, library], test_classes, tmp_path / "run.tsv",
                         Timeouts(1.0, 4.0))
    assert [(run.name, run.passed, run.message) for run in output.tests] == [("jx.TripTest#addsTheExtra", True, "")]
    assert output.verdicts and {verdict.status for verdict in output.verdicts.values()} == {Status.KILLED}


def test_a_suite_s_hamcrest_2_loads_from_the_classpath(project: Path, tmp_path: Path):
    """Only Hamcrest's interfaces come from the runner's parent: the rest is the suite's own Hamcrest 2,
    not the console launcher's 1.3, whose StringContains has no containsStringIgnoringCase."""
    from jtc.coverage.suites import compile_suite
    from jtc.java.bundle import junit4_jars
    from jtc.mutate.model import Status
    from jtc.mutate.runner import Timeouts, run_mutants

    hamcrest = [jar for jar in junit4_jars() if jar.name.startswith("org.hamcrest.")]
    test_classes, junit = compile_suite(FIXTURES.parent / "hamcrest2", [project, *hamcrest], tmp_path / "tests",
                                        ["mut.Tally"])
    output = run_mutants(project, [tmp_path / "tests", *junit, project, *hamcrest], test_classes, tmp_path / "run.tsv",
                         Timeouts(1.0, 4.0))
    assert [(run.name, run.passed, run.message) for run in output.tests] == [("mut.TallyTest#addOnce", True, "")]
    killed = [(mutant.method, mutant.operator) for mutant in output.mutants
              if output.verdicts[mutant.id].status == Status.KILLED]
    assert killed == [("add(I)V", "math"), ("total()I", "return-value")]
