"""Bad command-line values are refused before any work: one line on stderr, the usage exit code,
and the search never starts; `jtc --version`; where jtc's jar cache goes."""

from __future__ import annotations

from pathlib import Path

import pytest

import jtc
import jtc.coverage.report_command
import jtc.project.run
from jtc.cli import main
from jtc.errors import ExitCode
from jtc.java.toolchain import cache_dir, toolchain


@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> ExitCode:
        raise AssertionError("the search started")
    monkeypatch.setattr(jtc.project.run, "run_generate", refuse)


@pytest.mark.parametrize("arguments,message", [
    (["--time-budget", "-5"], "--time-budget must be more than 0 seconds (got -5)"),
    (["--time-budget", "0"], "--time-budget must be more than 0 seconds (got 0)"),
    (["--max-executions", "0"], "--max-executions must be more than 0 (got 0)"),
    (["-j", "0"], "-j must be at least 1 (got 0)"),
    (["--boundary-runs", "-1"], "--boundary-runs must be at least 0 (got -1)"),
    (["--max-sequence-length", "0"], "--max-sequence-length must be at least 1 (got 0)"),
    (["--path-limit", "0"], "--path-limit must be at least 1 (got 0)"),
    (["--output", "/proc/x"], "cannot write the tests to /proc/x: No such file or directory"),
    (["--output", "{tmp}/a-file/tests"], "cannot write the tests to {tmp}/a-file/tests: Not a directory"),
    (["--cache-dir", "/proc/x"], "cannot write the cache to /proc/x: No such file or directory"),
    (["--report", "{tmp}/a-file/r.json"], "cannot write the report to {tmp}/a-file: it is a file"),
    (["--likely-bugs-report", "{tmp}"], "cannot write the likely-bug report to {tmp}: it is a folder"),
    (["--target", "Foo.java"], "--target must be FILE.java:LINE or CLASS[#METHOD]:LINE with a line number from 1 "
                               "(got 'Foo.java')"),
    (["--target", "Foo.java:0"], "--target must be FILE.java:LINE or CLASS[#METHOD]:LINE with a line number from 1 "
                                 "(got 'Foo.java:0')"),
    (["--target", "com.x.Foo#:3"], "--target must be FILE.java:LINE or CLASS[#METHOD]:LINE (got 'com.x.Foo#:3')"),
    (["--answers", "{tmp}/a.json"], "--answers goes with --ask"),
    (["--ask", "--answers", "{tmp}"], "cannot write the answers to {tmp}: it is a folder"),
    (["--ask", "--scheduler", "tcp://localhost:8786"], "--ask reads and writes its answers file on this machine: "
                                                      "it does not go with --scheduler"),
])
def test_a_bad_generate_argument_is_one_line_before_any_search(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_search: None, arguments: list[str], message: str) -> None:
    (tmp_path / "a-file").write_text("")
    given = [argument.format(tmp=tmp_path) for argument in arguments]
    code = main(["generate", "-cp", str(tmp_path), "--output", str(tmp_path / "out"), "--cache-dir",
                 str(tmp_path / "cache"), *given, "a.B"])
    assert code == ExitCode.USAGE
    assert capsys.readouterr().err.splitlines() == [f"jtc: error: {message.format(tmp=tmp_path)}"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a-file"]  # the checks left no folder behind


def test_the_checks_make_no_folder_and_a_good_run_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started = []
    monkeypatch.setattr(jtc.project.run, "run_generate", lambda *args: started.append(args) or ExitCode.OK)
    code = main(["generate", "-cp", str(tmp_path), "--output", str(tmp_path / "deep" / "out"),
                 "--cache-dir", str(tmp_path / "cache"), "--time-budget", "0.5", "a.B"])
    assert code == ExitCode.OK and len(started) == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("arguments,message", [
    (["--timeout", "0"], "--timeout must be more than 0 seconds (got 0)"),
    (["--timeout-factor", "-1"], "--timeout-factor must be at least 0 (got -1)"),
    (["--html", "{tmp}/report"], "--html is an option of PIT: it goes with --engine pit"),
    (["--pit-mutators", "STRONGER"], "--pit-mutators is an option of PIT: it goes with --engine pit"),
    (["--engine", "jtc", "--sources", "{tmp}"], "--sources is an option of PIT: it goes with --engine pit"),
    (["--engine", "pit", "--sources", "{tmp}"], "--sources shows the sources in PIT's HTML report: it goes with --html DIR"),
    (["--engine", "pit", "--html", "{tmp}/a-file/report"], "cannot write the PIT report to {tmp}/a-file/report: "
                                                             "Not a directory"),
])
def test_a_bad_mutate_argument_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           arguments: list[str], message: str) -> None:
    (tmp_path / "a-file").write_text("")
    given = [argument.format(tmp=tmp_path) for argument in arguments]
    code = main(["mutate", "-cp", str(tmp_path), "--tests", str(tmp_path), *given, "a.B"])
    assert code == ExitCode.USAGE
    assert capsys.readouterr().err.splitlines() == [f"jtc: error: {message.format(tmp=tmp_path)}"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a-file"]


@pytest.mark.parametrize("command", [
    ["generate", "-cp", "{tmp}", "a.B"], ["diff", "-cp", "{tmp}", "--against", "{tmp}", "a.B"],
    ["coverage", "-cp", "{tmp}", "--tests", "{tmp}", "a.B"], ["mutate", "-cp", "{tmp}", "--tests", "{tmp}", "a.B"],
    ["doctor"],
])
def test_every_command_that_runs_java_refuses_a_java_home_that_is_no_jdk(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_search: None, command: list[str]) -> None:
    code = main([*(part.format(tmp=tmp_path) for part in command), "--java-home", str(tmp_path / "runtime")])
    assert code == ExitCode.USAGE
    assert capsys.readouterr().err.splitlines() == [
        f"jtc: error: --java-home {tmp_path / 'runtime'} is not a JDK (it needs bin/java, bin/javac and a release file)"]


def test_java_home_reaches_the_run_and_coverage_runs_on_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    java_home = toolchain().java_home
    started = []
    monkeypatch.setattr(jtc.project.run, "run_generate", lambda *args: started.append(args) or ExitCode.OK)
    assert main(["generate", "-cp", str(tmp_path), "--output", str(tmp_path / "out"), "--java-home", str(java_home),
                 "a.B"]) == ExitCode.OK
    assert started[0][1].java_home == java_home
    measured_on = []
    monkeypatch.setattr(jtc.coverage.report_command, "run_coverage",
                        lambda *args: measured_on.append(toolchain()) or ExitCode.OK)
    assert main(["coverage", "-cp", str(tmp_path), "--tests", str(tmp_path), "--java-home", str(java_home),
                 "a.B"]) == ExitCode.OK
    assert [(jdk.java_home, jdk.chosen_by) for jdk in measured_on] == [(java_home, "--java-home")]


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_status:
        main(["--version"])
    assert exit_status.value.code == 0
    assert capsys.readouterr().out == f"jtc {jtc.__version__}\n"


def test_the_jar_cache_follows_xdg_cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JTC_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "jtc"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")  # not absolute: ignored, as the XDG spec says
    assert cache_dir() == Path.home() / ".cache" / "jtc"
    monkeypatch.setenv("JTC_CACHE_DIR", str(tmp_path / "own"))
    assert cache_dir() == tmp_path / "own"
