"""Class attributes an old JaCoCo cannot read: found, taken out of copies, and the copies still load
and are measured (tests/coverage/fixtures/sealed: a sealed interface, a record, a final class)."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import tempfile
import zipfile
from pathlib import Path

import pytest

from jtc.coverage.attributes import (ASM9_ATTRIBUTES, ClassFormatError, strip_class_attributes, strip_directory,
                                     unreadable_attributes)
from jtc.coverage.measure import measure
from jtc.coverage.reporter import failure_message
from jtc.java.javac import compile_sources
from jtc.java.toolchain import _jacoco_in, junit_console_jar, toolchain

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SEALED = "seal/Tokens$Token.class"


def class_attributes(data: bytes) -> list[str]:
    """Class-level attribute names, read independently of the stripper: through javap."""
    return re.findall(r"^([A-Za-z]+):", _javap(data), re.MULTILINE)


def _javap(data: bytes) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "Some.class"
        path.write_bytes(data)
        return subprocess.run([str(toolchain().java_home / "bin" / "javap"), "-v", str(path)],
                              capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def sealed_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sealed")
    assert compile_sources(sorted((FIXTURES / "sealed").rglob("*.java")), [], out) == []  # the JDK's release: 17
    return out


def test_permitted_subclasses_are_taken_out_and_nothing_else(sealed_classes: Path) -> None:
    original = (sealed_classes / SEALED).read_bytes()
    assert "PermittedSubclasses" in class_attributes(original)
    stripped = strip_class_attributes(original)
    assert stripped.removed == ("PermittedSubclasses",)
    assert class_attributes(stripped.data) == [a for a in class_attributes(original) if a != "PermittedSubclasses"]
    assert len(stripped.data) < len(original)


def test_a_class_without_them_is_left_as_it_is(sealed_classes: Path) -> None:
    for name in ("seal/Tokens.class", "seal/Tokens$Number.class", "seal/Tokens$Word.class"):
        data = (sealed_classes / name).read_bytes()
        assert strip_class_attributes(data).data is data
    record = (sealed_classes / "seal/Tokens$Number.class").read_bytes()
    assert "Record" in class_attributes(record)  # JaCoCo 0.8.6 reads records: kept


def test_stripped_copies_still_load_and_run(sealed_classes: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(sealed_classes, copy)
    changed = strip_directory(copy)
    assert changed == {"seal.Tokens$Token": ("PermittedSubclasses",)}
    run = subprocess.run([str(toolchain().java), "-Xverify:all", "-cp", str(copy), "seal.Tokens"],
                         capture_output=True, text=True)
    assert (run.returncode, run.stdout.strip(), run.stderr) == (0, "5", "")


def test_not_a_class_file() -> None:
    with pytest.raises(ClassFormatError):
        strip_class_attributes(b"PK\x03\x04 a zip, not a class")
    with pytest.raises(ClassFormatError):
        strip_class_attributes(struct.pack(">IHHH", 0xCAFEBABE, 0, 61, 5) + b"\x01\x00")


def test_which_jacoco_needs_it() -> None:
    assert unreadable_attributes((0, 8, 6)) == ASM9_ATTRIBUTES
    assert unreadable_attributes((0, 8, 7)) == frozenset()
    assert unreadable_attributes((0, 8, 12)) == frozenset()


def _fake_jar(path: Path, version: str) -> None:
    with zipfile.ZipFile(path, "w") as jar:
        jar.writestr("META-INF/MANIFEST.MF", f"Manifest-Version: 1.0\nBundle-Version: {version}.202404\n")


def test_the_newest_complete_jacoco_in_a_folder_is_found(tmp_path: Path) -> None:
    for name, version in [("org.jacoco.core-0.8.6.jar", "0.8.6"), ("org.jacoco.report-0.8.6.jar", "0.8.6"),
                          ("org.jacoco.agent-0.8.6.jar", "0.8.6"), ("org.jacoco.core-0.8.12.jar", "0.8.12"),
                          ("org.jacoco.report-0.8.12.jar", "0.8.12"), ("jacocoagent.jar", "0.8.12"),
                          ("org.jacoco.core-0.9.0.jar", "0.9.0"), ("asm-9.7.jar", "9.7")]:
        _fake_jar(tmp_path / name, version)
    found = {j.version: j for j in _jacoco_in(tmp_path, with_asm=True)}
    assert sorted(found) == [(0, 8, 6), (0, 8, 12)]  # 0.9.0 has no report or agent jar
    assert found[(0, 8, 12)].agent.name == "jacocoagent.jar"
    assert [p.name for p in found[(0, 8, 12)].asm] == ["asm-9.7.jar"]


def test_a_reporter_failure_names_the_class_and_the_cause() -> None:
    output = """Exception in thread "main" java.io.IOException: Error while analyzing /tmp/x/classes-under-test/com/example/Shapes$Shape.class.
	at org.jacoco.core.analysis.Analyzer.analyzerError(Analyzer.java:163)
Caused by: java.lang.UnsupportedOperationException: PermittedSubclasses requires ASM9
	at org.objectweb.asm.ClassVisitor.visitPermittedSubclass(ClassVisitor.java:281)"""
    assert failure_message(output).endswith(
        "could not analyse Shapes$Shape.class: java.lang.UnsupportedOperationException: PermittedSubclasses requires ASM9")


@pytest.mark.slow
def test_a_sealed_hierarchy_is_measured(sealed_classes: Path, tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    assert compile_sources([FIXTURES / "tests" / "seal" / "TokensTest.java"], [sealed_classes, junit_console_jar()],
                           tests) == []
    run = measure(["seal.TokensTest"], [tests], [sealed_classes], ["seal.Tokens"], tmp_path / "run")
    assert all(result.passed for result in run.tests.results.values()) and len(run.tests.results) == 1
    assert run.stripped == {"seal.Tokens$Token": ("PermittedSubclasses",)}
    assert "without PermittedSubclasses" in run.note and "seal.Tokens$Token" in run.note
    assert run.report.mismatched == ()
    tokens = run.report.including_nested("seal.Tokens")
    assert (tokens.branch.covered, tokens.branch.total) == (3, 4)  # value() < 0 only, instanceof both ways
    assert strip_class_attributes((run.class_dir / SEALED).read_bytes()).removed == ()


def test_a_coverage_failure_is_not_a_missing_toolchain() -> None:
    from jtc.errors import CoverageError, ExitCode
    from jtc.pipeline.report import ClassReport

    report = ClassReport("x.Y", search=None, solver=None, problems=[],  # type: ignore[arg-type]
                         coverage_error=CoverageError("JaCoCo 0.8.6 could not analyse Y.class: …"))
    assert report.exit_code == ExitCode.COVERAGE_FAILED == 8
