"""The mutation runner on the JDK by default and on the newest (Java 24 on: no security manager, no
Thread.stop): an exit of the code under test, of a dependency jar or of a test fails that test and
the run goes on; a mutant that loops forever is stopped at its time limit; an exit through
reflection, which the runner cannot rewrite, is one line with its exit code. The classes are compiled
for the JDK that runs them (Java 25 class files on JDK 25)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from jtc.coverage.suites import compile_suite
from jtc.errors import ExitCode
from jtc.java.toolchain import toolchain
from jtc.mutate.model import Status, Verdict
from jtc.mutate.runner import Timeouts, run_mutants
from tests.conftest import compile_java

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "exits"
EXITED = "ExitCalled: {} called by the code under test"


@pytest.fixture
def project(jdk: Path, tmp_path: Path) -> tuple[Path, Path]:
    """The classes under test, and the jar of the dependency they call, compiled for the test's JDK."""
    release = str(toolchain().release)
    library = compile_java(FIXTURES / "lib", tmp_path / "lib", release)
    jar = tmp_path / "exlib.jar"
    with zipfile.ZipFile(jar, "w") as archive:
        for file in library.rglob("*.class"):
            archive.write(file, file.relative_to(library).as_posix())
    return compile_java(FIXTURES / "main", tmp_path / "main", release, classpath=[jar]), jar


def test_exits_fail_their_tests_and_a_loop_is_stopped(project: tuple[Path, Path], tmp_path: Path):
    classes, jar = project
    test_classes, junit = compile_suite(FIXTURES / "tests", [classes, jar], tmp_path / "tests", ["ex.Shutdown"])
    output = run_mutants(classes, [tmp_path / "tests", *junit, classes, jar], test_classes, tmp_path / "run.tsv",
                         Timeouts(1.0, 4.0))
    assert output.complete
    assert {run.name: (run.passed, run.message) for run in output.tests} == {
        "ex.ShutdownTest#checkedDoubles": (True, ""),
        "ex.ShutdownTest#haltedKeeps": (True, ""),
        "ex.ShutdownTest#parsesNumbers": (True, ""),
        "ex.ShutdownTest#halvingsOfTwelve": (True, ""),
        "ex.ShutdownTest#quitEndsTheProgram": (False, EXITED.format("Runtime.exit(0)")),
    }
    negated = {mutant.method: output.verdicts[mutant.id] for mutant in output.mutants
               if mutant.operator == "negate-conditional" and mutant.method != "halvings(I)I"}
    assert negated == {
        "checked(I)I": Verdict(Status.KILLED, "ex.ShutdownTest#checkedDoubles", EXITED.format("System.exit(2)")),
        "halted(I)I": Verdict(Status.KILLED, "ex.ShutdownTest#haltedKeeps", EXITED.format("Runtime.halt(5)")),
        "parse(Ljava/lang/String;)I": Verdict(Status.KILLED, "ex.ShutdownTest#parsesNumbers",
                                              EXITED.format("System.exit(64)")),  # in the dependency jar
    }
    endless = sorted(mutant.description for mutant in output.mutants
                     if output.verdicts[mutant.id].status == Status.TIMED_OUT)
    assert endless == ["replaced constant 1 with 0", "replaced ifle with iflt"]
    quit_mutants = [mutant for mutant in output.mutants if mutant.method == "quit()V"]
    assert quit_mutants and all(output.verdicts[m.id].status == Status.NO_COVERAGE for m in quit_mutants)


@pytest.mark.parametrize("folder,line", [
    ("reflective", "the code under test ended the mutation runner's JVM while it ran the test "
                   "ex.ReflectiveExitTest#exitsThroughReflection on the original code (an exit through reflection "
                   "or the JDK's own code)"),
    ("reflective-halt", "the code under test ended the mutation runner's JVM before its last mutant (through "
                        "reflection, or the JDK's own code)"),  # a halt runs no shutdown hook to say more
])
def test_an_exit_through_reflection_is_one_line(project: tuple[Path, Path], folder: str, line: str):
    classes, jar = project
    run = subprocess.run([sys.executable, "-m", "jtc.cli", "mutate", "--classpath", f"{classes}:{jar}",
                          "--tests", str(FIXTURES / folder), "ex.Shutdown"], capture_output=True, text=True, timeout=600)
    assert run.returncode == ExitCode.SYSTEM_EXIT
    assert run.stderr.strip().splitlines() == [f"jtc: error: {line}"]
