"""How PIT is started (no JVM): the classes under test alone mutable, their nested classes included, the
default mutators by naming none, jtc's time limit; and the one line said when PIT fails."""

from __future__ import annotations

from pathlib import Path

from jtc.mutate.pit import _why, pit_command
from jtc.mutate.runner import Timeouts
from jtc.mutate.settings import PitMutators


def _options(command: list[str]) -> dict[str, str]:
    start = command.index("org.pitest.mutationtest.commandline.MutationCoverageReport") + 1
    pairs = {}
    for index in range(start, len(command)):
        if command[index].startswith("--") and "=" not in command[index]:
            pairs[command[index]] = command[index + 1]
    return pairs


def test_only_the_copied_classes_under_test_are_mutated_by_pits_own_defaults(tmp_path: Path) -> None:
    command = pit_command(tmp_path / "cut", [tmp_path / "suite", tmp_path / "lib.jar"], ["a.BTest", "a.CTest"],
                          ["a.B", "a/C"], tmp_path / "report", PitMutators.DEFAULTS, Timeouts(1.5, 3.0))
    options = _options(command)
    assert options["--targetClasses"] == "a.B,a.B$*,a.C,a.C$*"
    assert options["--targetTests"] == "a.BTest,a.CTest"
    assert options["--classPath"] == f"{tmp_path / 'cut'},{tmp_path / 'suite'},{tmp_path / 'lib.jar'}"
    assert options["--mutableCodePaths"] == str(tmp_path / "cut")
    assert (options["--timeoutConst"], options["--timeoutFactor"]) == ("1500", "3.0")
    assert options["--outputFormats"] == "XML"
    assert "--mutators" not in options  # PIT's defaults are what it runs given none
    assert {"--skipFailingTests=true", "--failWhenNoMutations=false", "--timestampedReports=false"} <= set(command)


def test_a_named_group_of_mutators_and_the_html_report(tmp_path: Path) -> None:
    options = _options(pit_command(tmp_path, [], ["a.BTest"], ["a.B"], tmp_path, PitMutators.STRONGER, Timeouts(),
                                   html=True, sources=[tmp_path / "src"]))
    assert (options["--mutators"], options["--outputFormats"]) == ("STRONGER", "XML,HTML")
    assert options["--sourceDirs"] == str(tmp_path / "src")


def test_pits_failure_is_said_by_its_own_line() -> None:
    output = """12:00:01 PM PIT >> INFO : Verbose logging is disabled.
Exception in thread "main" org.pitest.help.PitHelpError: No test library found on classpath. PIT requires either JUnit 4 (but can support other test frameworks via plugins).
\tat org.pitest.mutationtest.config.SettingsFactory.verifyTestPlugins(SettingsFactory.java:1)"""
    assert _why(output) == ("No test library found on classpath. PIT requires either JUnit 4 (but can support other "
                            "test frameworks via plugins).")
    assert _why("Error: Could not find or load main class X\nCaused by: java.lang.ClassNotFoundException: X") == (
        "Error: Could not find or load main class X")
    assert _why("") == "no output"
