"""`jtc diff`: generate tests on the reference classpath (the normal search, each test on its own,
recorded as a snapshot), replay them on the candidate classpath, and write the shortest test of
each difference, checked to pass on the reference and fail on the candidate; or replay a snapshot
`jtc generate --snapshot` wrote on a new classpath. Exit 1 when there is a difference."""

from __future__ import annotations

import dataclasses
import json
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from jtc.config import RunOptions, Settings
from jtc.differ.replay import Difference, replay
from jtc.differ.report import by_member, difference_lines, members_json, shortest_tests
from jtc.errors import ExitCode, UsageError
from jtc.model.classpath import Classpath
from jtc.project.run import run_generate
from jtc.project.snapshot import ClassSnapshot, read_snapshot
from jtc.project.suite_check import without_methods


@dataclass(frozen=True)
class DiffOutputs:
    tests: Path | None = None  # where the tests that show the differences go (--output)
    json_file: Path | None = None  # the differences by member as JSON (--json)


def run_diff(settings: Settings, jobs: int, targets: tuple[list[str], list[str], bool], candidate_args: list[str],
             outputs: DiffOutputs, say: Callable[[str], None]) -> ExitCode:
    """`targets`: the classes, packages and --all, as `jtc generate` takes them."""
    candidate = Classpath.parse(candidate_args)
    reference = Classpath.parse(settings.classpath)
    with tempfile.TemporaryDirectory(prefix="jtc-diff-") as scratch:
        work = Path(scratch)
        recorded = work / "reference.json"
        # Each test on its own (no folding): a difference's test is written without its neighbours.
        settings = dataclasses.replace(settings, output_dir=work / "reference-tests", fold=False,
                                       measure_coverage=False, emit_likely_bugs=False)
        generated = run_generate(settings, RunOptions(jobs=jobs, snapshot=recorded), *targets)
        if generated != ExitCode.OK:
            return generated
        snapshots = read_snapshot(recorded)
        differences = replay(snapshots, candidate.entries, work / "candidate")
        written: dict[tuple[str, str], str] = {}
        if outputs.tests is not None and differences:
            differences, written = _write_tests(snapshots, differences, (reference.entries, candidate.entries),
                                                outputs.tests, work / "check")
        return _told(differences, written, outputs.json_file, say)


def run_snapshot_diff(snapshot: Path, classpath_args: list[str], classes: Sequence[str], json_file: Path | None,
                      say: Callable[[str], None]) -> ExitCode:
    """Replay the snapshot's tests (of `classes`, or all) on the classpath and list what changed."""
    classpath = Classpath.parse(classpath_args)
    snapshots = read_snapshot(snapshot)
    recorded = {found.class_name for found in snapshots}
    missing = [name for name in classes if name not in recorded]
    if missing:
        raise UsageError(f"the snapshot {snapshot} has no tests of {', '.join(missing)}")
    chosen = [found for found in snapshots if not classes or found.class_name in classes]
    with tempfile.TemporaryDirectory(prefix="jtc-diff-") as scratch:
        differences = replay(chosen, classpath.entries, Path(scratch))
    return _told(differences, {}, json_file, say)


def _told(differences: list[Difference], written: dict[tuple[str, str], str], json_file: Path | None,
          say: Callable[[str], None]) -> ExitCode:
    changes = by_member(differences)
    for line in difference_lines(changes, written):
        say(line)
    if json_file is not None:
        json_file.parent.mkdir(parents=True, exist_ok=True)
        json_file.write_text(json.dumps({"members": members_json(changes)}, indent=1) + "\n", encoding="utf-8")
    return ExitCode.DIFFERENCES if differences else ExitCode.OK


def _cut(snapshots: Sequence[ClassSnapshot], keep: set[tuple[str, str]]) -> list[ClassSnapshot]:
    """The snapshots with only the tests `keep` (test class, method); classes left without one go."""
    cut = []
    for found in snapshots:
        kept = tuple(test for test in found.tests if (found.test_class, test.method) in keep)
        if kept:
            dropped = {test.method for test in found.tests} - {test.method for test in kept}
            cut.append(ClassSnapshot(found.class_name, found.test_class, without_methods(found.source, dropped), kept))
    return cut


def _write_tests(snapshots: Sequence[ClassSnapshot], differences: list[Difference],
                 classpaths: tuple[Sequence[Path], Sequence[Path]], output: Path,
                 work: Path) -> tuple[list[Difference], dict[tuple[str, str], str]]:
    """Write the shortest test of each difference, kept only when, cut from the others, it still
    passes on the reference and fails on the candidate. The differences are those whose shortest
    test was not given up (a test that fails only after another one ran shows nothing alone), and
    where each written test went."""
    reference, candidate = classpaths
    wanted = {(d.test_class, d.test.method) for d in shortest_tests(by_member(differences))}
    cut = _cut(snapshots, wanted)
    fails_on_reference = {(d.test_class, d.test.method) for d in replay(cut, reference, work / "reference")}
    fails_on_candidate = {(d.test_class, d.test.method) for d in replay(cut, candidate, work / "candidate")}
    shown = (wanted & fails_on_candidate) - fails_on_reference
    written = {}
    for found in _cut(snapshots, shown):
        path = output / found.relative_path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(found.source, encoding="utf-8")
        written.update({(found.test_class, test.method): str(path) for test in found.tests})
    given_up = wanted - shown
    return [d for d in differences if (d.test_class, d.test.method) not in given_up], written
