"""The JDK a command uses: --java-home as it is, else JAVA_HOME if it loads the classes under test,
else the newest JDK found; fake JDK folders stand for what is installed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import jtc.java.toolchain as toolchain_module
from jtc.errors import ClassFileTooNewError, ExitCode, ToolchainError, UsageError
from jtc.java.jdks import Jdk
from jtc.java.toolchain import Toolchain, choose_jdk, matching_jdk, toolchain, use_jdk
from jtc.model.classindex import ClassIndex
from jtc.java.toolchain import jdk_for
from jtc.model.classpath import ClassNeed, Classpath, check_loadable, newest_class_file

from jdk_folders import fake_jdk

SHAPE_21 = ClassNeed("p.Shape", 65)


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, Jdk]]:
    """JDKs 17, 25 (twice: the first found counts) and 21 installed; no JAVA_HOME. toolchain()'s
    choice outside a command, if made meanwhile, is forgotten afterwards."""
    jdks = [Jdk(fake_jdk(tmp_path / name, version), int(version.split(".")[0]))
            for name, version in (("jdk-17", "17.0.2"), ("jdk-25", "25.0.1"), ("jdk-21", "21.0.1"),
                                  ("other-25", "25.0.3"))]
    monkeypatch.setattr(toolchain_module, "installed_jdks", lambda: jdks)
    monkeypatch.delenv("JAVA_HOME", raising=False)
    yield {jdk.release: jdk for jdk in reversed(jdks)}
    toolchain_module._default_toolchain.cache_clear()


def _jdk(chosen: Toolchain) -> Jdk:
    """The JDK chosen, without why."""
    return Jdk(chosen.java_home, chosen.release)


def _choose(java_home: Path | None, need: ClassNeed | None) -> tuple[Toolchain, list[str]]:
    notes: list[str] = []
    return choose_jdk(java_home, need, notes.append), notes


def test_java_home_option_is_used_as_it_is(installed: dict[int, Jdk]):
    chosen, notes = _choose(installed[17].java_home, SHAPE_21)
    assert (_jdk(chosen), chosen.chosen_by, notes) == (installed[17], "--java-home", [])
    assert chosen.limit == f"--java-home is Java 17 ({installed[17].java_home})"


def test_java_home_option_that_is_no_jdk_or_too_old_for_jtc_is_a_usage_error(installed: dict[int, Jdk],
                                                                               tmp_path: Path):
    with pytest.raises(UsageError, match=r"--java-home .*runtime is not a JDK \(it needs bin/java, bin/javac"):
        _choose(fake_jdk(tmp_path / "runtime", "21.0.1", javac=False), None)
    with pytest.raises(UsageError, match="is Java 8; jtc needs Java 11 or newer") as refused:
        _choose(fake_jdk(tmp_path / "jdk8", "1.8.0_292"), None)
    assert refused.value.exit_code == ExitCode.USAGE


def test_java_home_that_loads_the_classes_is_used(installed: dict[int, Jdk], monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("JAVA_HOME", str(installed[21].java_home))
    chosen, notes = _choose(None, SHAPE_21)
    assert (_jdk(chosen), chosen.chosen_by, notes) == (installed[21], "JAVA_HOME", [])
    assert _jdk(_choose(None, None)[0]) == installed[21]  # nothing to decide


def test_java_home_too_old_for_the_classes_gives_way_to_the_newest_with_a_note(installed: dict[int, Jdk],
                                                                                monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("JAVA_HOME", str(installed[17].java_home))
    chosen, notes = _choose(None, SHAPE_21)
    assert (_jdk(chosen), chosen.chosen_by) == (installed[25], "the newest JDK found")
    assert notes == [f"JAVA_HOME {installed[17].java_home} is Java 17; p.Shape needs Java 21: using "
                     f"{installed[25].java_home} (Java 25)"]


def test_java_home_that_is_no_jdk_gives_way_with_a_note(installed: dict[int, Jdk], monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path):
    monkeypatch.setenv("JAVA_HOME", str(tmp_path / "gone"))
    chosen, notes = _choose(None, None)
    assert _jdk(chosen) == installed[25]
    assert notes == [f"JAVA_HOME {tmp_path / 'gone'} is not a JDK (it needs bin/java, bin/javac and a release "
                     f"file): using {installed[25].java_home} (Java 25)"]


def test_without_java_home_the_newest_jdk_found_is_used_the_first_of_its_release(installed: dict[int, Jdk]):
    for need in (None, ClassNeed("p.Old", 52), SHAPE_21):
        chosen, notes = _choose(None, need)
        assert (_jdk(chosen), notes) == (installed[25], [])
    assert installed[25].java_home.name == "jdk-25"


def test_classes_no_jdk_found_loads_are_refused_in_one_line_naming_the_newest(installed: dict[int, Jdk],
                                                                              monkeypatch: pytest.MonkeyPatch,
                                                                              tmp_path: Path):
    monkeypatch.setenv("JAVA_HOME", str(installed[17].java_home))
    classes = _class_file(tmp_path / "classes", "p/Future", 70)  # Java 26
    with ClassIndex([classes]) as index:
        need = newest_class_file(index, ["p.Future", "p.Missing"])
        assert need == ClassNeed("p.Future", 70)
        chosen, notes = _choose(None, need)
        assert (_jdk(chosen), notes) == (installed[25], [])  # the refusal says it all
        with pytest.raises(ClassFileTooNewError) as refused:
            check_loadable(index, "p.Future", chosen)
    assert str(refused.value) == (f"p.Future is compiled for Java 26 (class file 70); the newest JDK found is Java 25 "
                                  f"({installed[25].java_home})")
    assert refused.value.exit_code == ExitCode.CLASS_FILE_TOO_NEW == 5


def test_the_newest_class_file_of_either_classpath_decides(installed: dict[int, Jdk], monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path):
    monkeypatch.setenv("JAVA_HOME", str(installed[17].java_home))
    reference = Classpath.parse([str(_class_file(tmp_path / "old", "p/Shape", 61))])
    candidate = Classpath.parse([str(_class_file(tmp_path / "new", "p/Shape", 65))])
    assert _jdk(jdk_for(None, ["p.Shape"], reference, note=lambda line: None)) == installed[17]
    assert _jdk(jdk_for(None, ["p.Shape"], reference, candidate, note=lambda line: None)) == installed[25]


def test_no_jdk_at_all_is_a_toolchain_error(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(toolchain_module, "installed_jdks", lambda: [])
    monkeypatch.delenv("JAVA_HOME", raising=False)
    with pytest.raises(ToolchainError, match="no JDK found; install a JDK") as refused:
        _choose(None, None)
    assert refused.value.exit_code == ExitCode.TOOLCHAIN_MISSING


def test_a_dask_worker_uses_a_jdk_of_the_runs_release(installed: dict[int, Jdk], tmp_path: Path):
    run = Toolchain.of(installed[21], "the newest JDK found")
    assert matching_jdk(run) is run  # the same folder holds it
    elsewhere = Toolchain.of(Jdk(tmp_path / "client-only/jdk-25", 25), "JAVA_HOME")
    assert matching_jdk(elsewhere) == Toolchain.of(installed[25], "JAVA_HOME")
    with pytest.raises(ToolchainError, match="no JDK of Java 22 found on this machine"):
        matching_jdk(Toolchain.of(Jdk(tmp_path / "client-only/jdk-22", 22), "JAVA_HOME"))


def test_a_commands_jdk_is_toolchain_within_it_only(installed: dict[int, Jdk]):
    outside = toolchain()
    chosen = Toolchain.of(installed[21], "--java-home")
    with use_jdk(chosen):
        assert toolchain() is chosen
        with use_jdk(Toolchain.of(installed[17], "the run's")):
            assert toolchain().release == 17
        assert toolchain() is chosen
    assert toolchain() is outside


def _class_file(root: Path, internal: str, major: int) -> Path:
    """A classpath folder holding one class file header of `major` (enough to tell its release)."""
    path = root / f"{internal}.class"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xca\xfe\xba\xbe\x00\x00" + major.to_bytes(2, "big"))
    return root
