"""An interrupted `jtc generate` (Ctrl-C, a build's timeout) leaves each test file as it was before the
run or as the finished run writes it, never a version in between (issue 36, item 1): the file is
written once, at the end of its class, whole.

The run is interrupted where an earlier jtc had already written a file that was not the last: while
the mutants choose among the tests it validated first (their file stood in the output folder, with
every test on trial and every answer), with one job and with two, and while the chosen tests are
validated again, before the coverage analysis (which now reads the last validation's record in under
a second, too short a stage to be caught reliably). The stage is seen by the scratch folders the run
makes under its TMPDIR. The run starts with SIGINT at its default: a shell that starts a job in the
background (`nohup … &`) ignores SIGINT in it, Python then keeps ignoring it, and Ctrl-C is not
what the test would send."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from junit_run import compile_and_run

CLASSES = ("com.example.basics.Conversions", "com.example.basics.FloatEdge")
# A search bounded by executions and a budget that does not end first: the finished file is always the same.
OPTIONS = ("--max-executions", "60", "--time-budget", "300", "--seed", "0", "--no-cache")
PREVIOUS = "// the previous run's tests\n"


def _test_file(output: Path, name: str) -> Path:
    return output / (name.replace(".", "/") + "Test.java")


def _start(classes: Path, output: Path, scratch: Path, names: tuple[str, ...], jobs: int) -> subprocess.Popen:
    scratch.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen([sys.executable, "-m", "jtc.cli", "generate", "-cp", str(classes), "-o", str(output),
                             "-j", str(jobs), *OPTIONS, *names], env={**os.environ, "TMPDIR": str(scratch)},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _interrupt_at(run: subprocess.Popen, scratch: Path, stage_folder: str, signal_number: int) -> str:
    """Send `signal_number` once a class's scratch folder has `stage_folder`; the run's output (of a
    run that finished before, not signalled)."""
    deadline = time.monotonic() + 600
    while not any(scratch.glob(f"jtc-generate-*/{stage_folder}")):
        if run.poll() is not None:
            return run.communicate()[0]
        assert time.monotonic() < deadline
        time.sleep(0.05)
    run.send_signal(signal_number)
    output, _ = run.communicate(timeout=60)  # it stops promptly, its JVMs with it
    return output


def _interrupted_run(classes: Path, output: Path, scratch: Path, names: tuple[str, ...], jobs: int,
                     stage_folder: str, signal_number: int) -> str:
    """The output of a run interrupted in `stage_folder`'s stage. A short stage may end before the
    signal lands, or between two looks for its folder, on a busy machine: the run then finishes, and
    is tried again, up to three times."""
    for _ in range(3):
        said = _interrupt_at(_start(classes, output, scratch, names, jobs), scratch, stage_folder, signal_number)
        if "jtc: interrupted" in said:
            return said
        for name in names:
            _test_file(output, name).write_text(PREVIOUS)
    return said


@pytest.fixture(scope="module")
def finished(basics_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The test files an uninterrupted run writes."""
    work = tmp_path_factory.mktemp("finished")
    run = _start(basics_classes, work / "out", work / "tmp", CLASSES, 2)
    output, _ = run.communicate(timeout=900)
    assert run.returncode == 0, output[-3000:]
    return {name: _test_file(work / "out", name).read_text() for name in CLASSES}


@pytest.mark.slow
@pytest.mark.parametrize(("stage_folder", "signal_number", "jobs"), [
    ("select", signal.SIGTERM, 1),  # the mutants choosing among the validated tests
    ("validate-selected", signal.SIGINT, 1),  # the last validation, after the choice by mutants
    ("select", signal.SIGTERM, 2),  # worker processes, the signal to the parent alone
])
def test_an_interrupted_run_leaves_the_previous_file_or_the_finished_one(
        basics_classes: Path, finished: dict[str, str], tmp_path: Path, stage_folder: str, signal_number: int,
        jobs: int) -> None:
    output, scratch = tmp_path / "out", tmp_path / "tmp"
    names = CLASSES if jobs > 1 else CLASSES[:1]
    for name in names:
        _test_file(output, name).parent.mkdir(parents=True, exist_ok=True)
        _test_file(output, name).write_text(PREVIOUS)
    said = _interrupted_run(basics_classes, output, scratch, names, jobs, stage_folder, signal_number)
    assert "jtc: interrupted" in said, said[-3000:]
    found = {name: _test_file(output, name).read_text() for name in names}
    assert all(text in (PREVIOUS, finished[name]) for name, text in found.items())
    assert PREVIOUS in found.values()  # the class that was interrupted (with -j 2 the other may have finished)
    leftovers = [path for path in output.rglob("*") if path.is_file() and not path.name.endswith("Test.java")]
    assert leftovers == [] and list(scratch.glob("jtc-generate-*")) == []  # no temporary file, no scratch folder


@pytest.mark.slow
def test_the_finished_file_is_whole_and_its_tests_pass(basics_classes: Path, finished: dict[str, str],
                                                       tmp_path: Path) -> None:
    sources = []
    for name, text in finished.items():
        sources.append(_test_file(tmp_path / "src", name))
        sources[-1].parent.mkdir(parents=True, exist_ok=True)
        sources[-1].write_text(text)
    run = compile_and_run(sources, basics_classes, tmp_path)
    assert run.returncode == 0 and "0 tests failed" in run.stdout, run.stdout[-3000:]
