"""Compile generated test sources with javac and read its errors back as (file, line, message).

The validator needs errors by line to drop only the tests that do not compile. javac is isolated
from the user's classpath as far as javac allows: no annotation processors, no implicit compilation
of sources that happen to sit next to the classes.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jtc.errors import ToolchainError
from jtc.java.toolchain import toolchain

_ERROR = re.compile(r"^(?P<file>.+\.java):(?P<line>\d+): error: (?P<message>.*)$")


@dataclass(frozen=True)
class CompileError:
    file: Path
    line: int
    message: str


def compile_sources(sources: Sequence[Path], classpath: Sequence[Path], out_dir: Path,
                    timeout_s: float = 300.0) -> list[CompileError]:
    """Compile `sources` into `out_dir`; the errors, or an empty list when it compiled."""
    out_dir.mkdir(parents=True, exist_ok=True)
    command = [str(toolchain().javac), "-g", "-nowarn", "-encoding", "UTF-8", "-proc:none", "-implicit:none",
               "-Xmaxerrs", "10000", "-sourcepath", "", "-d", str(out_dir)]
    if classpath:
        command += ["-cp", ":".join(map(str, classpath))]
    completed = subprocess.run(command + [str(s) for s in sources], capture_output=True, text=True,
                               timeout=timeout_s)
    if completed.returncode == 0:
        return []
    output = completed.stdout + completed.stderr
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
