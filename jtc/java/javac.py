"""Compile generated test sources with javac and read its errors back as (file, line, message).

The validator needs errors by line to drop only the tests that do not compile. javac is isolated
from the user's classpath as far as javac allows: no annotation processors, no implicit compilation
of sources that happen to sit next to the classes.

Test classes are compiled for the Java release of the classes they test (`--release`, see
`release_for_tests`), not for the JDK that compiles them: a suite written on JDK 25 for classes compiled
for Java 11 runs on a Java 11 JVM, and uses no JDK API newer than the classes may.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from jtc.errors import ToolchainError
from jtc.java.bundle import compiler_jar
from jtc.java.compile_server import CompileServerError, compile_warm
from jtc.java.toolchain import toolchain
from jtc.model.classfile import major_version
from jtc.model.classindex import ClassIndex
from jtc.model.types import InternalName

_ERROR = re.compile(r"^(?P<file>.+\.java):(?P<line>\d+): error: (?P<message>.*)$")


@dataclass(frozen=True)
class CompileError:
    file: Path
    line: int
    message: str


# The oldest release generated tests compile for: JUnit 5 and the lambdas of `assertThrows` need Java 8.
# (The renderer fills collections by `Arrays.asList` below Java 9's `List.of`.)
OLDEST_TESTS_RELEASE = 8


def release_for_tests(index: ClassIndex, classes_under_test: Iterable[InternalName]) -> int:
    """The `--release` of tests of `classes_under_test` (internal names, on `index`'s classpath):
    that of the newest class file among them, never older than OLDEST_TESTS_RELEASE nor newer than
    the JDK that compiles them (its own when none of them is found)."""
    own = toolchain().release
    files = [index.class_bytes(name) for name in classes_under_test]
    newest = max((major_version(data) - 44 for data in files if data is not None), default=own)
    return min(max(newest, OLDEST_TESTS_RELEASE), own)


def compile_sources(sources: Sequence[Path], classpath: Sequence[Path], out_dir: Path,
                    timeout_s: float = 300.0, release: int | None = None,
                    jvm_options: Sequence[str] = ()) -> list[CompileError]:
    """Compile `sources` into `out_dir`, for Java `release` when given (else the JDK's own), by this
    process's warm javac (java/compile_server.py), or where it cannot start by javac itself, its own
    JVM started with `jvm_options`; the errors, or an empty list when it compiled."""
    out_dir.mkdir(parents=True, exist_ok=True)
    # Absolute paths: the warm javac runs in the folder the process was in when it started it.
    arguments = ["-g", "-nowarn", "-encoding", "UTF-8", "-proc:none", "-implicit:none",
                 "-Xmaxerrs", "10000", "-sourcepath", "", "-d", str(out_dir.resolve())]
    if release is not None:
        arguments += ["--release", str(release), "-Xlint:-options"]  # no word on releases the JDK deprecates
    if classpath:
        arguments += ["-cp", os.pathsep.join(str(Path(entry).resolve()) for entry in classpath)]
    arguments += [str(Path(source).resolve()) for source in sources]
    try:
        code, output = compile_warm(toolchain().java, compiler_jar(), arguments, timeout_s)
    except (CompileServerError, ToolchainError):
        completed = subprocess.run([str(toolchain().javac), *(f"-J{option}" for option in jvm_options), *arguments],
                                   capture_output=True, text=True, timeout=timeout_s)
        code, output = completed.returncode, completed.stdout + completed.stderr
    if code == 0:
        return []
    errors = _parse_errors(output.splitlines())
    if not errors:
        raise ToolchainError(f"javac failed without a source error:\n{output.strip()}")
    return errors


def _parse_errors(lines: list[str]) -> list[CompileError]:
    """Error lines, each with the symbol javac names on a following line ('symbol: method m()')."""
    errors: list[CompileError] = []
    for line in lines:
        match = _ERROR.match(line)
        if match:
            errors.append(CompileError(Path(match["file"]), int(match["line"]), match["message"]))
        elif errors and line.strip().startswith("symbol:"):
            last = errors[-1]
            errors[-1] = CompileError(last.file, last.line, f"{last.message} ({line.strip()})")
    return errors
