"""The warm javac (java/compile_server.py): one server per process, javac's own answers, a new
server after one that died or overran its timeout."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from jtc.java import compile_server
from jtc.java.bundle import compiler_jar
from jtc.java.jdks import installed_jdks
from jtc.java.javac import compile_sources
from jtc.java.toolchain import toolchain

GOOD = "package cs;\n\npublic class Good {\n    public int one() {\n        return 1;\n    }\n}\n"
BAD = "package cs;\n\npublic class Bad {\n    public int one() {\n        return \"one\";\n    }\n}\n"


def _source(folder: Path, name: str, text: str) -> Path:
    path = folder / "cs" / f"{name}.java"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_one_server_compiles_one_class_after_another_as_javac_does(tmp_path: Path) -> None:
    good, bad = _source(tmp_path, "Good", GOOD), _source(tmp_path, "Bad", BAD)
    assert compile_sources([good], [], tmp_path / "out", release=11) == []
    server = compile_server._server
    assert server is not None and server.alive
    assert (tmp_path / "out" / "cs" / "Good.class").is_file()
    [error] = compile_sources([bad], [], tmp_path / "out")
    assert compile_server._server is server  # the same warm javac
    assert error.line == 5 and "incompatible types" in error.message
    assert error.file == bad.resolve()
    by_javac = subprocess.run([str(toolchain().javac), "-d", str(tmp_path / "cold"), str(bad)], capture_output=True,
                              text=True, timeout=120)
    assert f"{bad}:5: error: {error.message}" in by_javac.stderr


def test_a_server_that_died_is_replaced_and_one_that_overran_is_stopped(tmp_path: Path) -> None:
    good = _source(tmp_path, "Good", GOOD)
    assert compile_sources([good], [], tmp_path / "one") == []
    first = compile_server._server
    assert first is not None
    first.close()
    assert compile_sources([good], [], tmp_path / "two") == []
    second = compile_server._server
    assert second is not None and second is not first and second.alive
    with pytest.raises(subprocess.TimeoutExpired):
        compile_server.compile_warm(toolchain().java, compiler_jar(), ["-d", str(tmp_path / "three"), str(good)],
                                    timeout_s=0.0001)
    assert not second.alive and compile_server._server is None
    assert compile_sources([good], [], tmp_path / "four") == []


def test_empty_arguments_reach_javac_and_multi_line_ones_are_left_to_javac_itself(tmp_path: Path) -> None:
    """`-sourcepath ""` is an empty argument: the protocol counts arguments instead of ending at an empty line."""
    good = _source(tmp_path, "Good", GOOD)
    code, printed = compile_server.compile_warm(toolchain().java, compiler_jar(),
                                                ["-sourcepath", "", "-d", str(tmp_path / "out"), str(good)], 120.0)
    assert (code, printed) == (0, "")
    with pytest.raises(compile_server.CompileServerError):
        compile_server.compile_warm(toolchain().java, compiler_jar(), ["-d", "two\nlines", str(good)], 120.0)


def test_a_server_of_another_jdk_is_replaced(tmp_path: Path) -> None:
    """A run's JDK is chosen per command: a process that ran commands for two JDKs (the tests do) must
    not compile for Java 25 with Java 17's javac."""
    good = _source(tmp_path, "Good", GOOD)
    assert compile_sources([good], [], tmp_path / "one") == []
    first = compile_server._server
    assert first is not None
    other = next((jdk for jdk in installed_jdks() if jdk.java != toolchain().java), None)
    if other is None:
        pytest.skip("one JDK on this machine")
    code, _ = compile_server.compile_warm(other.java, compiler_jar(), ["-d", str(tmp_path / "two"), str(good)], 120.0)
    assert code == 0 and compile_server._server is not first and compile_server._server.java == other.java
    assert not first.alive


def test_an_interrupted_compilation_stops_javac_before_the_run_goes_on(tmp_path: Path, monkeypatch) -> None:
    """Ctrl-C or SIGTERM while javac compiles: the run removes its scratch folders on the way out, and
    a javac still writing class files into one left it behind (a `-j 2` run stopped in the selection)."""
    good = _source(tmp_path, "Good", GOOD)
    assert compile_sources([good], [], tmp_path / "one") == []
    server = compile_server._server
    assert server is not None

    def interrupted(arguments: object, timeout_s: float) -> tuple[int, str]:
        raise KeyboardInterrupt()
    monkeypatch.setattr(server, "compile", interrupted)
    with pytest.raises(KeyboardInterrupt):
        compile_sources([good], [], tmp_path / "two")
    assert not server.alive and compile_server._server is None
