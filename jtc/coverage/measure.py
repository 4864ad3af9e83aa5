"""Measure what compiled test classes cover: run them under the JaCoCo agent, then analyse (or
analyse what a run under the agent recorded already: a validation's second run).

JaCoCo matches execution data to class files by a checksum of their bytes, so the class files
under test (and their nested classes) are copied from the classpath first, the tests run with the
copies in front of the classpath, and the same copies are analysed; only those classes are
instrumented.
"""

from __future__ import annotations

import re
import shutil
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jtc.coverage.model import CoverageReport
from jtc.coverage.reporter import JacocoHtml, analyse
from jtc.java.launcher import LauncherRun, run_tests
from jtc.errors import CoverageError, UnknownClassError
from jtc.java.bundle import jacoco_agent_option, jacoco_version
from jtc.model.types import BinaryName, InternalName, binary_name, internal_from_binary


@dataclass(frozen=True)
class CoverageRun:
    report: CoverageReport
    tests: LauncherRun  # how the tests fared under the agent
    exec_file: Path  # JaCoCo's execution data, for merging with other runs
    class_dir: Path  # the class files under test the tests ran against and it was analysed against


def _is_part_of(entry_name: str, internal: str) -> bool:
    """'com/x/Foo.class' and 'com/x/Foo$Inner.class' are part of class 'com/x/Foo'."""
    if entry_name == f"{internal}.class":
        return True
    return entry_name.startswith(internal + "$") and entry_name.endswith(".class")


def _copy_from_directory(root: Path, internal: str, target: Path) -> bool:
    if not (root / f"{internal}.class").is_file():
        return False
    for file in sorted((root / internal).parent.glob("*.class")):
        relative = file.relative_to(root).as_posix()
        if _is_part_of(relative, internal):
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(file, target / relative)
    return True


def _copy_from_jar(jar_path: Path, internal: str, target: Path) -> bool:
    with zipfile.ZipFile(jar_path) as jar:
        names = jar.namelist()
        if f"{internal}.class" not in names:
            return False
        for member in names:
            if _is_part_of(member, internal):
                (target / member).parent.mkdir(parents=True, exist_ok=True)
                (target / member).write_bytes(jar.read(member))
    return True


def extract_classes(classpath: Sequence[Path], classes: Sequence[str], target: Path) -> None:
    """Copy each class's file and its nested classes' files from the first classpath entry that
    has the class (the one the JVM loads) into `target`."""
    for name in classes:
        internal = internal_from_binary(BinaryName(name))
        if not any(_copy_from_directory(entry, internal, target) if entry.is_dir()
                   else zipfile.is_zipfile(entry) and _copy_from_jar(entry, internal, target)
                   for entry in classpath):
            raise UnknownClassError(f"class {binary_name(InternalName(name))} is not on the classpath")


def _copied(classpath: Sequence[Path], classes: Sequence[str], work_dir: Path) -> Path:
    """A fresh `work_dir/classes-under-test` holding `classes` (outer classes) and their nested
    classes as the classpath has them: the bytes the JVM loads, which JaCoCo matches its data to."""
    class_dir = work_dir / "classes-under-test"
    shutil.rmtree(class_dir, ignore_errors=True)
    class_dir.mkdir(parents=True)
    extract_classes(classpath, classes, class_dir)
    return class_dir


def refusal(output: str) -> CoverageError | None:
    """Why the JaCoCo agent measured nothing, when a JVM's `output` says it could not instrument a
    class (the tests ran all the same)."""
    refused = re.search(r"Error while instrumenting (\S+?)\.?\s*$", output, re.MULTILINE)
    if not refused:
        return None
    causes = re.findall(r"^Caused by: (.*)$", output, re.MULTILINE)
    return CoverageError(f"the JaCoCo {jacoco_version()} agent could not instrument {refused.group(1)}"
                         + (f": {causes[-1].strip()}" if causes else ""))


def measure(test_classes: Sequence[str], test_classpath: Sequence[Path], classpath: Sequence[Path],
            classes_under_test: Sequence[str], work_dir: Path, *, test_timeout_s: float = 10.0,
            wall_timeout_s: float = 900.0, html: JacocoHtml | None = None,
            working_dir: Path | None = None) -> CoverageRun:
    """Run `test_classes` (binary names, compiled into `test_classpath`) against the user's
    `classpath` under JaCoCo, and report coverage of `classes_under_test` (outer classes; their
    nested classes are included). `work_dir` keeps jacoco.exec, jacoco.xml and lines.tsv; JaCoCo's
    HTML report goes where `html` says, if given; the tests run in `working_dir` if given."""
    work_dir = work_dir.resolve()
    work_dir.mkdir(parents=True, exist_ok=True)
    exec_file = work_dir / "jacoco.exec"
    exec_file.unlink(missing_ok=True)
    class_dir = _copied(classpath, classes_under_test, work_dir)
    agent = jacoco_agent_option(exec_file, [binary_name(InternalName(name)) for name in classes_under_test])
    run = run_tests(list(test_classes), [*test_classpath, class_dir, *classpath], work_dir / "junit",
                    test_timeout_s=test_timeout_s, wall_timeout_s=wall_timeout_s,
                    java_options=[agent], working_dir=working_dir)
    refused = refusal(run.output)
    if refused is not None:
        raise refused
    return CoverageRun(analyse([exec_file], class_dir, work_dir, html=html), run, exec_file, class_dir)


def measured(exec_file: Path, classpath: Sequence[Path], classes_under_test: Sequence[str], work_dir: Path,
             timeout_s: float = 300.0) -> CoverageReport:
    """Coverage of `classes_under_test` (outer classes, nested ones included) by a run that already
    recorded `exec_file` with the classes loaded from `classpath` (a validation's run under the agent):
    the analysis alone, no tests run again."""
    work_dir = work_dir.resolve()
    return analyse([exec_file], _copied(classpath, classes_under_test, work_dir), work_dir, timeout_s)
