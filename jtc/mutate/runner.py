"""The Java mutation runner (java-agent/src/mutate, bundled with jtc): one JVM per suite.

Mutants are made with ASM and run in the runner's own JVM, each in a fresh class loader (see
MutationRunner.java), so a suite costs one JVM start however many mutants the classes have. The
classes the tests load are rewritten so that an exit of the code under test fails its test and a test
over its time limit can be stopped (Guard.java): no security manager, no Thread.stop, any JDK from 11.
This module starts it and reads its tab-separated rows back.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jtc.errors import ExitCode, InternalError
from jtc.java.bundle import runner_classpath
from jtc.mutate.model import Mutant, Status, TestRun, Verdict
from jtc.options import MUTATE, option
from jtc.java.toolchain import toolchain

MAIN_CLASS = "jtc.mutate.MutationRunner"
# How the runner's shutdown hook starts the line it writes when the code under test ended its JVM.
ENDED_BY_CODE = "jtc: the code under test ended the mutation runner's JVM"


@dataclass(frozen=True)
class Timeouts:
    """A mutant's time limit: `base_s` plus `factor` times what its tests took on the original code."""

    base_s: float = option(2.0, "--timeout", commands=MUTATE, metavar="SECONDS", above=0, unit=" seconds",
                           help="a mutant's time limit: this plus --timeout-factor times its tests' time on the "
                                "original code")
    factor: float = option(4.0, "--timeout-factor", commands=MUTATE, metavar="N", least=0, help="see --timeout")


@dataclass(frozen=True)
class Kill:
    """A test that failed (or ran out of time) on a mutant, and the line of the test class where it
    failed (-1 when it left no frame there, or ran out of time)."""

    mutant: str
    test: str  # '<test class>#<method>'
    timed_out: bool
    line: int


@dataclass(frozen=True)
class RunnerOutput:
    mutants: tuple[Mutant, ...]
    tests: tuple[TestRun, ...]
    verdicts: dict[str, Verdict]
    kills: tuple[Kill, ...] = ()  # with every_test: each test that kills each mutant
    complete: bool = True  # False: the run was stopped at its time limit; what is here is of the mutants it finished


class RunnerTimeout(InternalError):
    """The runner did not finish within its time limit."""


class RunnerEnded(InternalError):
    """The code under test ended the runner's JVM in a way the runner does not rewrite (reflection)."""

    exit_code = ExitCode.SYSTEM_EXIT


def _java(mode: str, arguments: Sequence[str], timeout_s: float, working_dir: Path | None = None,
          jvm_options: Sequence[str] = ()) -> str:
    """Runs the runner (its JVM started with `jvm_options`); stdin is empty, so a test that reads it
    gets its end rather than waiting."""
    command = [str(toolchain().java), *jvm_options, "-ea", "-Djava.awt.headless=true", "-cp",
               ":".join(map(str, runner_classpath())), MAIN_CLASS, mode, *arguments]
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, cwd=working_dir,
                                   stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise RunnerTimeout(f"the mutation runner did not finish within {timeout_s:.0f} s") from None
    said = [line for line in completed.stderr.splitlines() if line.startswith(ENDED_BY_CODE)]
    if said:
        raise RunnerEnded(said[-1].removeprefix("jtc: "))
    if completed.returncode != 0:
        # The JVM's warnings (e.g. of deprecated options) may come first; the exception is what matters.
        lines = [line for line in (completed.stderr + completed.stdout).splitlines()
                 if line.strip() and not line.startswith("WARNING: ")]
        raise InternalError(f"the mutation runner failed: {lines[0] if lines else completed.returncode}")
    return completed.stdout


def _rows(path: Path, kind: str) -> list[list[str]]:
    return [line.split("\t")[1:] for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith(kind + "\t")]


def _mutants(path: Path) -> tuple[Mutant, ...]:
    return tuple(Mutant(id_, name, method, int(line), int(index), operator, description)
                 for id_, name, method, line, index, operator, description in _rows(path, "M"))


def list_mutants(class_dir: Path, out_file: Path) -> tuple[Mutant, ...]:
    """The mutants of the class files under `class_dir`."""
    _java("list", [str(class_dir), str(out_file)], 300)
    return _mutants(out_file)


def verify_mutants(class_dir: Path, out_file: Path) -> dict[str, str]:
    """Every mutant defined, linked and initialised in a fresh loader: 'ok' or the error, by id."""
    _java("verify", [str(class_dir), str(out_file)], 300)
    return {row[0]: row[1] for row in _rows(out_file, "V")}


def write_mutant(class_dir: Path, mutant_id: str, out_dir: Path) -> None:
    """The class file of one mutant, written under `out_dir` by its package path."""
    _java("write", [str(class_dir), mutant_id, str(out_dir)], 300)


def mutant_class_files(class_dir: Path, out_dir: Path, limit: int = 2 ** 31 - 1) -> list[tuple[Mutant, Path]]:
    """The mutants of the class files under `class_dir`, all of them or `limit` spread evenly over
    them, each with its mutated class file (written under `out_dir` by one runner JVM), for runs in
    jtc's own worker (amplification/cuts.py)."""
    _java("write-all", [str(class_dir), str(out_dir), str(limit)], 300)
    return [(mutant, out_dir / f"{n}.class") for n, mutant in enumerate(_mutants(out_dir / "mutants.tsv"))]


def run_mutants(class_dir: Path, classpath: Sequence[Path], test_classes: Sequence[str], out_file: Path,
                timeouts: Timeouts, wall_timeout_s: float = 3600.0, every_test: bool = False,
                working_dir: Path | None = None, partial: bool = False,
                jvm_options: Sequence[str] = ()) -> RunnerOutput:
    """Run one compiled suite (`classpath` starts with its classes) against every mutant of the
    class files under `class_dir`: until a test kills it or, with `every_test`, every test that runs
    its instruction, each one that kills it reported (`RunnerOutput.kills`). The tests run in
    `working_dir` if given (else in this process's). A run longer than `wall_timeout_s` raises
    RunnerTimeout, or with `partial` gives what it finished (the runner writes a mutant's rows as
    soon as its tests ran): an hour of a busy machine's mutation run is not thrown away whole. A run
    whose JVM the code under test ended, by an exit the runner could not rewrite, raises RunnerEnded.
    The runner's JVM starts with `jvm_options`."""
    arguments = [str(class_dir.resolve()), ":".join(str(Path(p).resolve()) for p in classpath),
                 str(out_file.resolve()), str(round(timeouts.base_s * 1000)), str(timeouts.factor), *test_classes]
    try:
        _java("kills" if every_test else "run", arguments, wall_timeout_s, working_dir, jvm_options)
        complete = True
    except RunnerTimeout:
        if not partial or not out_file.is_file():
            raise
        written = out_file.read_text(encoding="utf-8")
        out_file.write_text(written[:written.rfind("\n") + 1], encoding="utf-8")  # the row cut short goes
        complete = False
    if complete and "END" not in out_file.read_text(encoding="utf-8").splitlines():  # a halt skips the hook
        raise RunnerEnded("the code under test ended the mutation runner's JVM before its last mutant (through "
                          "reflection, or the JDK's own code)")
    tests = tuple(TestRun(name, status == "PASSED", int(millis), message)
                  for name, status, millis, message in _rows(out_file, "T"))
    verdicts = {id_: Verdict(Status(status), test, message) for id_, status, test, message in _rows(out_file, "R")}
    kills = tuple(Kill(id_, test, status == Status.TIMED_OUT, int(line))
                  for id_, test, status, line in _rows(out_file, "K") if id_ in verdicts)
    return RunnerOutput(_mutants(out_file), tests, verdicts, kills, complete)
