"""Mutation analysis of suite folders: compile each as `jtc coverage` does, run its mutants, unite."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path

from jtc.coverage.measure import extract_classes
from jtc.coverage.suites import compile_suite
from jtc.mutate.model import SuiteMutation, union
from jtc.mutate.runner import Timeouts, run_mutants
from jtc.model.types import binary_name


def mutate_suites(folders: Sequence[Path], classpath: Sequence[Path], classes: Sequence[str], work_dir: Path,
                  timeouts: Timeouts, labels: Sequence[str] = (), working_dir: Path | None = None) -> list[SuiteMutation]:
    """One SuiteMutation per folder (named by `labels`, else by its path) and, with several folders,
    their union. The mutants are the same for every suite (made from the same class files), so the
    union is a verdict per mutant. The tests run in `working_dir` if given."""
    class_dir = work_dir / "classes-under-test"
    shutil.rmtree(class_dir, ignore_errors=True)
    class_dir.mkdir(parents=True)
    extract_classes(classpath, classes, class_dir)
    compiled = [(folder, work_dir / f"suite-{index}") for index, folder in enumerate(folders)]
    test_classes = [compile_suite(folder, classpath, work / "classes", classes) for folder, work in compiled]
    given = tuple(map(binary_name, classes))
    results = []
    for (folder, work), (tests, junit), label in zip(compiled, test_classes, labels or map(str, folders)):
        output = run_mutants(class_dir, [work / "classes", *junit, *classpath], tests, work / "mutants.tsv", timeouts,
                             working_dir=working_dir)
        results.append(SuiteMutation(label, output.mutants, output.verdicts,
                                     tuple(t for t in output.tests if not t.passed), len(output.tests), given))
    if len(results) > 1:
        results.append(union("union", results))
    return results
