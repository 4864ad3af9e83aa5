"""Bad input and misbehaving code under test: one line on stderr, a distinct exit code, no traceback,
and the tests for everything else still written."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jtc.errors import ExitCode
from jtc.java.jdks import installed_jdks

pytestmark = pytest.mark.slow
JAVA_99 = 99 + 44  # a class file major version no JDK loads yet


def jtc(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jtc.cli", "generate", "--quick", "--time-budget", "8", *args],
                          capture_output=True, text=True, cwd=cwd, timeout=600)


def one_line_error(run: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in run.stderr + run.stdout
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("jtc: error: "), run.stderr
    return lines[0]


@pytest.mark.parametrize("cls,code,words", [
    ("com.example.basics.Missing", ExitCode.UNKNOWN_CLASS, "is not on the classpath"),
    ("com.example.basics.NoPublicConstructor", ExitCode.NOT_TESTABLE, "has no way in: no accessible constructor"),
])
def test_class_errors(basics_classes: Path, tmp_path: Path, cls: str, code: ExitCode, words: str):
    run = jtc("--classpath", str(basics_classes), "--output", str(tmp_path / "out"), cls, cwd=tmp_path)
    assert run.returncode == code
    assert words in one_line_error(run)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("cls,declared", [
    ("com.example.basics.Shape", "Shape shape = () -> "),  # one abstract method: a lambda
    ("com.example.basics.AbstractShape", "public double area() {"),  # an anonymous subclass
])
def test_an_interface_or_abstract_class_without_implementations_is_tested_through_a_stub(
        basics_classes: Path, tmp_path: Path, cls: str, declared: str):
    run = jtc("--classpath", str(basics_classes), "--output", str(tmp_path / "out"), cls, cwd=tmp_path)
    assert run.returncode == ExitCode.OK, run.stderr
    assert "branches 2/2 (100.0%)" in run.stdout
    source = (tmp_path / "out" / "com" / "example" / "basics" / f"{cls.rpartition('.')[2]}Test.java").read_text()
    assert declared in source


def test_bad_classpath_entries(tmp_path: Path):
    missing = jtc("--classpath", str(tmp_path / "nowhere"), "com.example.Foo", cwd=tmp_path)
    assert missing.returncode == ExitCode.BAD_CLASSPATH and "does not exist" in one_line_error(missing)
    not_a_jar = tmp_path / "notes.jar"
    not_a_jar.write_text("not a zip")
    broken = jtc("--classpath", str(not_a_jar), "com.example.Foo", cwd=tmp_path)
    assert broken.returncode == ExitCode.BAD_CLASSPATH and "is not a directory or a jar" in one_line_error(broken)


def test_class_file_newer_than_every_jdk(basics_classes: Path, tmp_path: Path):
    classes = tmp_path / "classes" / "com" / "example" / "basics"
    classes.mkdir(parents=True)
    data = bytearray((basics_classes / "com" / "example" / "basics" / "Gcd.class").read_bytes())
    data[6:8] = (JAVA_99).to_bytes(2, "big")
    (classes / "Gcd.class").write_bytes(data)
    run = jtc("--classpath", str(tmp_path / "classes"), "com.example.basics.Gcd", cwd=tmp_path)
    assert run.returncode == ExitCode.CLASS_FILE_TOO_NEW
    newest = max(installed_jdks(), key=lambda jdk: jdk.release)
    assert one_line_error(run) == (f"jtc: error: com.example.basics.Gcd is compiled for Java 99 (class file 143); "
                                   f"the newest JDK found is Java {newest.release} ({newest.java_home})")


@pytest.mark.parametrize("cls,code,words", [
    ("com.example.basics.Exiter", ExitCode.SYSTEM_EXIT, "called System.exit (status 3)"),
    ("com.example.basics.Spinner", ExitCode.ENDLESS_LOOP, "did not finish"),
    ("com.example.basics.DeepRecursion", ExitCode.STACK_OVERFLOW, "overflowed the stack"),
    ("com.example.basics.MemoryHog", ExitCode.OUT_OF_MEMORY, "ran out of memory"),
])
def test_misbehaving_code_keeps_the_other_tests(basics_classes: Path, tmp_path: Path, cls: str, code: ExitCode,
                                                words: str):
    out = tmp_path / "out"
    run = jtc("--classpath", str(basics_classes), "--output", str(out), "--strict", cls, cwd=tmp_path)
    assert run.returncode == code, run.stdout + run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    warnings = [line for line in run.stdout.splitlines() if "warning:" in line]
    assert len(warnings) == 1 and words in warnings[0]
    written = list(out.rglob("*Test.java"))
    assert len(written) == 1 and "@Test" in written[0].read_text()
    assert not list(tmp_path.glob("hs_err*"))
    if code == ExitCode.SYSTEM_EXIT:  # without --strict the run succeeds: the tests were written
        again = jtc("--classpath", str(basics_classes), "--output", str(out), "--force", cls, cwd=tmp_path)
        assert again.returncode == ExitCode.OK and words in again.stdout


def test_a_crashing_jvm_is_replaced_and_reported(bad_classes: Path, tmp_path: Path):
    out = tmp_path / "out"
    run = jtc("--classpath", str(bad_classes), "--output", str(out), "bad.Crasher", cwd=tmp_path)
    assert run.returncode == ExitCode.OK, run.stdout + run.stderr  # tests were written: a build goes on
    assert "killed the JVM (crash: the JVM died of signal" in run.stdout
    test = next(out.rglob("CrasherTest.java")).read_text()
    assert "Crasher.crash(" in test and "throws Exception" in test
    assert not list(tmp_path.glob("hs_err*"))


def test_in_a_package_run_an_unreadable_class_is_skipped_with_its_reason(basics_classes: Path, tmp_path: Path):
    package = tmp_path / "classes" / "com" / "example" / "basics"
    package.mkdir(parents=True)
    original = basics_classes / "com" / "example" / "basics"
    (package / "Gcd.class").write_bytes((original / "Gcd.class").read_bytes())
    too_new = bytearray((original / "Bmi.class").read_bytes())
    too_new[6:8] = (JAVA_99).to_bytes(2, "big")
    (package / "Bmi.class").write_bytes(too_new)
    (package / "Buffer.class").write_bytes((original / "Buffer.class").read_bytes()[:40])  # cut short
    arguments = ("--classpath", str(tmp_path / "classes"), "--package", "com.example.basics", "--max-executions", "30",
                 "-j", "1", "--report", str(tmp_path / "run.json"))
    run = jtc(*arguments, cwd=tmp_path)
    assert run.returncode == ExitCode.OK, run.stdout + run.stderr
    rows = {line.split()[1]: line for line in run.stdout.splitlines() if line.startswith("│ com.example.basics.")}
    assert "skipped" in rows["com.example.basics.Bmi"] and "compiled for Java 99" in rows["com.example.basics.Bmi"]
    assert "skipped" in rows["com.example.basics.Buffer"] and "cannot read its class file" in rows["com.example.basics.Buffer"]
    assert "written" in rows["com.example.basics.Gcd"]
    classes = {entry["name"]: entry for entry in json.loads((tmp_path / "run.json").read_text())["classes"]}
    assert classes["com.example.basics.Bmi"]["status"] == "skipped"
    assert classes["com.example.basics.Bmi"]["error_code"] == ExitCode.CLASS_FILE_TOO_NEW
    assert "truncated or malformed class file" in classes["com.example.basics.Buffer"]["lines"][0]
    strict = jtc(*arguments, "--strict", cwd=tmp_path)  # Gcd comes from the cache
    assert strict.returncode == ExitCode.CLASS_FILE_TOO_NEW, strict.stdout + strict.stderr
