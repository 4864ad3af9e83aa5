"""`jtc diff`: generate tests on the reference classpath (the normal search, each test on its own,
recorded as a snapshot), replay them on the candidate classpath, and write the shortest test of
each difference, checked to pass on the reference and fail on the candidate; with --both the same
the other way round too; or replay a snapshot `jtc generate --snapshot` wrote on a new classpath.
Exit 1 when there is a difference."""

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
from jtc.java.toolchain import Toolchain, jdk_for, use_jdk
from jtc.model.classindex import ClassIndex
from jtc.model.classpath import Classpath
from jtc.model.types import BinaryName
from jtc.project.run import run_generate
from jtc.project.snapshot import ClassSnapshot, read_snapshot
from jtc.project.suite_check import without_methods
from jtc.project.targets import resolve_targets


@dataclass(frozen=True)
class DiffOutputs:
    tests: Path | None = None  # where the tests that show the differences go (--output)
    json_file: Path | None = None  # the differences by member as JSON (--json)
    candidate_tests: Path | None = None  # with --both: the tests explored on the candidate that fail on the reference


@dataclass(frozen=True)
class _Side:
    """One direction of a diff: tests generated on `explored`, replayed on `other`."""

    name: str
    explored: tuple[str, ...]  # the classpath as given
    other: tuple[str, ...]
    output: Path | None

    @property
    def heading(self) -> str:
        return f"explored on the {self.name} (the tests pass on it and fail on the other):"


@dataclass(frozen=True)
class _Found:
    side: _Side
    differences: list[Difference]
    written: dict[tuple[str, str], str]  # the file each written test went to, by test class and method


def run_diff(settings: Settings, jobs: int, targets: tuple[list[str], list[str], bool], candidate_args: list[str],
             outputs: DiffOutputs, say: Callable[[str], None], both: bool = False,
             java_home: Path | None = None) -> ExitCode:
    """`targets`: the classes, packages and --all, as `jtc generate` takes them. With `both`, the
    candidate is explored too and its tests replayed on the reference. One JDK runs both versions:
    --java-home, or the one chosen for the newer class files of the two."""
    reference = tuple(settings.classpath)
    sides = [_Side("reference", reference, tuple(candidate_args), outputs.tests)]
    if both:
        sides.append(_Side("candidate", tuple(candidate_args), reference, outputs.candidate_tests))
    for side in sides:  # a bad classpath is refused before any search
        Classpath.parse(side.explored)
    jdk = _jdk(java_home, reference, tuple(candidate_args), targets)
    with use_jdk(jdk):
        return _diff(dataclasses.replace(settings, jdk=jdk), jobs, targets, sides, outputs, say)


def _jdk(java_home: Path | None, reference: tuple[str, ...], candidate: tuple[str, ...],
         targets: tuple[list[str], list[str], bool]) -> Toolchain:
    """The JDK for both versions of the classes under test (as resolved on the reference)."""
    with ClassIndex(Classpath.parse(reference).entries) as index:
        names = [target.name for target in resolve_targets(index, *targets)]
    return jdk_for(java_home, names, Classpath.parse(reference), Classpath.parse(candidate))


def _diff(settings: Settings, jobs: int, targets: tuple[list[str], list[str], bool], sides: list[_Side],
          outputs: DiffOutputs, say: Callable[[str], None]) -> ExitCode:
    found = []
    with tempfile.TemporaryDirectory(prefix="jtc-diff-") as scratch:
        for side in sides:
            work = Path(scratch) / side.name
            generated, snapshots = explore(dataclasses.replace(settings, classpath=side.explored), jobs, targets, work)
            if generated != ExitCode.OK:
                return generated
            if not snapshots:
                say(f"no tests were written on the {side.name}: nothing of it is compared")
            classpaths = (Classpath.parse(side.explored).entries, Classpath.parse(side.other).entries)
            differences = replay(snapshots, classpaths[1], work / "replay")
            written: dict[tuple[str, str], str] = {}
            if side.output is not None and differences:
                differences, written = _write_tests(snapshots, differences, classpaths, side.output, work / "check")
            found.append(_Found(side, differences, written))
    return _told(found, outputs.json_file, say)


def explore(settings: Settings, jobs: int, targets: tuple[list[str], list[str], bool],
            work: Path) -> tuple[ExitCode, list[ClassSnapshot]]:
    """The tests `jtc generate` writes for the targets on `settings.classpath`, as snapshots (the
    test files under `work/tests`), or the generation's error."""
    recorded = work / "snapshot.json"
    # Each test on its own (no folding): a difference's test is written without its neighbours.
    settings = dataclasses.replace(settings, output_dir=work / "tests", fold=False, measure_coverage=False,
                                   emit_likely_bugs=False)
    generated = run_generate(settings, RunOptions(jobs=jobs, snapshot=recorded), *targets)
    return generated, read_snapshot(recorded) if generated == ExitCode.OK else []


def run_snapshot_diff(snapshot: Path, classpath_args: list[str], classes: Sequence[str], json_file: Path | None,
                      say: Callable[[str], None], java_home: Path | None = None) -> ExitCode:
    """Replay the snapshot's tests (of `classes`, or all) on the classpath and list what changed, with
    --java-home or the JDK chosen for those classes."""
    classpath = Classpath.parse(classpath_args)
    snapshots = read_snapshot(snapshot)
    recorded = {found.class_name for found in snapshots}
    missing = [name for name in classes if name not in recorded]
    if missing:
        raise UsageError(f"the snapshot {snapshot} has no tests of {', '.join(missing)}")
    chosen = [found for found in snapshots if not classes or found.class_name in classes]
    with use_jdk(jdk_for(java_home, [BinaryName(found.class_name) for found in chosen], classpath)), \
            tempfile.TemporaryDirectory(prefix="jtc-diff-") as scratch:
        differences = replay(chosen, classpath.entries, Path(scratch))
    return _told([_Found(_Side("snapshot", (), tuple(classpath_args), None), differences, {})], json_file, say)


def _told(found: list[_Found], json_file: Path | None, say: Callable[[str], None]) -> ExitCode:
    """The differences of each side (under a heading when both were explored), and as JSON:
    {"members": [...]} of the first side, {"candidate_members": [...]} of the candidate's."""
    data = {}
    for each in found:
        changes = by_member(each.differences)
        if len(found) > 1:
            say(each.side.heading)
        for line in difference_lines(changes, each.written):
            say(line if len(found) == 1 else f"  {line}")
        data["candidate_members" if each.side.name == "candidate" else "members"] = members_json(changes)
    if json_file is not None:
        json_file.parent.mkdir(parents=True, exist_ok=True)
        json_file.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return ExitCode.DIFFERENCES if any(each.differences for each in found) else ExitCode.OK


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
