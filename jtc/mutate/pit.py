"""PIT (pitest.org), bundled with jtc, run on one compiled suite: the mutation score the field reports,
made by PIT's own operators and run by PIT's own minion JVMs with its JUnit 5 plugin.

PIT mutates only the classes under test: they are copied into a folder of their own (as jtc's runner
has them), which comes first on PIT's class path and is the one path PIT may mutate, so classes in a
jar are mutated too and the tests' own classes never are. A test that fails on the original code is
left out (PIT's --skipFailingTests), as jtc's runner leaves it out; the time limit of a mutant is
jtc's (--timeout, --timeout-factor), which PIT computes the same way.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path

from jtc.errors import InternalError
from jtc.java.bundle import pit_classpath, pit_jar
from jtc.java.toolchain import toolchain
from jtc.model.types import InternalName, binary_name
from jtc.mutate.model import Mutant, Verdict
from jtc.mutate.pit_results import read_mutations
from jtc.mutate.runner import Timeouts
from jtc.mutate.settings import PitMutators

MAIN_CLASS = "org.pitest.mutationtest.commandline.MutationCoverageReport"
REPORT = "mutations.xml"


def pit_engine(mutators: PitMutators) -> str:
    """The engine as the report names it: PIT's version, its mutators and the test plugin."""
    return (f"PIT {pit_jar('pitest').version} ({mutators} mutators, "
            f"pitest-junit5-plugin {pit_jar('pitest-junit5-plugin').version})")


def pit_command(class_dir: Path, test_classpath: Sequence[Path], test_classes: Sequence[str],
                classes_under_test: Sequence[InternalName], report_dir: Path, mutators: PitMutators, timeouts: Timeouts,
                html: bool = False, sources: Sequence[Path] = ()) -> list[str]:
    """The java command that runs PIT on `test_classes` (compiled into `test_classpath` with what they
    need) against the classes under test copied into `class_dir`, writing its report into `report_dir`."""
    targets = ",".join(f"{name},{name}$*" for name in map(binary_name, classes_under_test))
    code = str(class_dir.resolve())
    return [str(toolchain().java), "-cp", ":".join(map(str, pit_classpath())), MAIN_CLASS,
            "--reportDir", str(report_dir.resolve()),
            "--targetClasses", targets,
            "--targetTests", ",".join(test_classes),
            "--classPath", ",".join([code, *(str(Path(p).resolve()) for p in test_classpath)]),
            "--mutableCodePaths", code,
            "--sourceDirs", ",".join(str(p.resolve()) for p in sources) or code,
            # PIT's default set is what it runs given no --mutators; its group named DEFAULTS differs (settings.py).
            *(["--mutators", str(mutators)] if mutators is not PitMutators.DEFAULTS else []),
            "--outputFormats", "XML,HTML" if html else "XML",
            "--timestampedReports=false", "--threads", "1",
            "--timeoutConst", str(round(timeouts.base_s * 1000)), "--timeoutFactor", str(timeouts.factor),
            "--skipFailingTests=true", "--failWhenNoMutations=false"]


def _why(output: str) -> str:
    """The line of PIT's output that says why it stopped: its own error, else the first exception."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for marker in ("PitHelpError: ", "PitError: "):
        for line in lines:
            if marker in line:
                return line.partition(marker)[2]
    exceptions = [line for line in lines if "Exception" in line or "Error:" in line]
    return (exceptions or lines or ["no output"])[0]


def run_pit(class_dir: Path, test_classpath: Sequence[Path], test_classes: Sequence[str],
            classes_under_test: Sequence[InternalName], report_dir: Path, mutators: PitMutators, timeouts: Timeouts, *,
            html: bool = False, sources: Sequence[Path] = (), working_dir: Path | None = None,
            wall_timeout_s: float = 7200.0) -> tuple[tuple[Mutant, ...], dict[str, Verdict]]:
    """PIT's mutants of the classes under test and its verdict on each (pit_command says how it runs).
    The tests run in `working_dir` if given, else in `report_dir`."""
    report_dir.mkdir(parents=True, exist_ok=True)
    (report_dir / REPORT).unlink(missing_ok=True)
    command = pit_command(class_dir, test_classpath, test_classes, classes_under_test, report_dir, mutators,
                          timeouts, html, sources)
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=wall_timeout_s,
                                   cwd=working_dir or report_dir, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise InternalError(f"PIT did not finish within {wall_timeout_s:.0f} s") from None
    if completed.returncode != 0 or not (report_dir / REPORT).is_file():
        raise InternalError(f"PIT failed: {_why(completed.stdout + completed.stderr)}")
    return read_mutations(report_dir / REPORT)
