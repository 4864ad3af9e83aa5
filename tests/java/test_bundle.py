"""The jars jtc carries: built by Maven from java-agent/pom.xml, pinned by java-agent/jars.lock, found by
role at run time, refused when stale or not as locked."""

from __future__ import annotations

import importlib.util
import json
import shutil
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from jtc.errors import ToolchainError
from jtc.java import bundle as runtime
from jtc.java.bundle import Role, bundle, java_parts_fingerprint, read_bundle

from tests.conftest import ROOT

JAVA_PARTS = ROOT / "java-agent"


def _bundler() -> ModuleType:
    """java-agent/bundle.py (a script in a folder whose name is not a package name)."""
    spec = importlib.util.spec_from_file_location("jtc_bundler", JAVA_PARTS / "bundle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUNDLER = _bundler()


def test_every_third_party_jar_is_installed_with_the_locked_bytes() -> None:
    lock = BUNDLER.read_lock()
    installed = {jar.coordinates: jar for jar in bundle().jars}
    third_party = {coordinates for coordinates in installed if not coordinates.startswith("jtc:")}
    assert third_party == set(lock)
    for coordinates, digest in lock.items():
        assert BUNDLER.sha256(installed[coordinates].path) == digest, coordinates


def test_the_lock_pins_the_versions_the_pom_declares() -> None:
    lock = set(BUNDLER.read_lock())
    for prefix, prop in [("org.ow2.asm:asm", "asm.version"), ("org.jacoco:org.jacoco.core", "jacoco.version"),
                         ("org.junit.platform:junit-platform-console-standalone", "junit-platform.version"),
                         ("junit:junit", "junit4.version"), ("org.pitest:pitest-command-line", "pitest.version"),
                         ("org.pitest:pitest-junit5-plugin", "pitest-junit5.version")]:
        assert f"{prefix}:{BUNDLER.pom_property(prop)}" in lock


def test_the_versions_read_java_25_class_files() -> None:
    """ASM 9.8 reads Java 25 class files first, JaCoCo 0.8.14 measures them first."""
    def version(text: str) -> tuple[int, ...]:
        return tuple(int(part) for part in text.split("."))
    assert version(BUNDLER.pom_property("asm.version")) >= (9, 8)
    assert version(runtime.jacoco_version()) >= (0, 8, 14)
    assert bundle().one(Role.JUNIT_CONSOLE).version.startswith("1.14.")


@pytest.mark.parametrize("role", [Role.AGENT, Role.MUTATION_RUNNER])
def test_asm_is_shaded_into_the_jars_that_share_a_jvm_with_the_project(role: Role) -> None:
    with zipfile.ZipFile(bundle().one(role).path) as jar:
        names = jar.namelist()
    assert not [name for name in names if name.startswith("org/objectweb/")]
    assert "jtc/shaded/asm/ClassReader.class" in names


def test_the_agent_jar_is_a_java_agent_on_its_own() -> None:
    with zipfile.ZipFile(runtime.agent_jar()) as jar:
        manifest = jar.read("META-INF/MANIFEST.MF").decode()
    assert "Premain-Class: jtc.agent.Agent" in manifest and "Class-Path" not in manifest


def test_the_console_launcher_runs_junit_4_suites_too() -> None:
    with zipfile.ZipFile(runtime.junit_console_jar()) as jar:
        engines = jar.read("META-INF/services/org.junit.platform.engine.TestEngine").decode().split()
    assert {"org.junit.jupiter.engine.JupiterTestEngine", "org.junit.vintage.engine.VintageTestEngine"} <= set(engines)
    assert {jar.coordinates.split(":")[1] for jar in bundle().of(Role.JUNIT4)} == {"junit", "hamcrest"}


def test_pit_runs_from_its_jars_with_the_junit_5_plugin_and_a_platform_launcher() -> None:
    entries: set[str] = set()
    for path in runtime.pit_classpath():
        with zipfile.ZipFile(path) as jar:
            entries.update(jar.namelist())
    assert {"org/pitest/mutationtest/commandline/MutationCoverageReport.class",
            "org/pitest/junit5/JUnit5TestPluginFactory.class",
            "org/junit/platform/launcher/core/LauncherFactory.class",
            "org/objectweb/asm/util/CheckClassAdapter.class"} <= entries  # pitest-entry's ASM
    assert runtime.pit_jar("pitest").version == BUNDLER.pom_property("pitest.version")


def _gathered(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A copy of the installed jars under the names Maven gathers them by, and the lock."""
    folder = tmp_path / "gathered"
    folder.mkdir()
    for jar in bundle().jars:
        shutil.copy(jar.path, folder / BUNDLER.file_name(jar.coordinates))
    return folder, BUNDLER.read_lock()


def test_the_bundler_accepts_the_locked_jars(tmp_path: Path) -> None:
    folder, lock = _gathered(tmp_path)
    assert set(BUNDLER.checked_jars(lock, folder)) == {jar.coordinates for jar in bundle().jars}


def test_the_bundler_refuses_a_jar_whose_bytes_changed(tmp_path: Path) -> None:
    folder, lock = _gathered(tmp_path)
    console = next(c for c in lock if "console-standalone" in c)
    with zipfile.ZipFile(folder / BUNDLER.file_name(console), "a") as jar:
        jar.writestr("extra.txt", "not what Maven Central serves")
    with pytest.raises(BUNDLER.BundleError, match=f"{console}: SHA-256 .* is not the locked"):
        BUNDLER.checked_jars(lock, folder)


def test_the_bundler_refuses_a_jar_the_lock_does_not_pin_and_a_missing_one(tmp_path: Path) -> None:
    folder, lock = _gathered(tmp_path)
    (folder / "org.ow2.asm.asm-9.9.jar").write_bytes(b"PK")
    with pytest.raises(BUNDLER.BundleError, match="does not pin: org.ow2.asm:asm:9.9"):
        BUNDLER.checked_jars(lock, folder)
    (folder / "org.ow2.asm.asm-9.9.jar").unlink()
    (folder / BUNDLER.file_name("junit:junit:4.13.2")).unlink()
    with pytest.raises(BUNDLER.BundleError, match="pins jars Maven did not gather: junit:junit:4.13.2"):
        BUNDLER.checked_jars(lock, folder)


def test_a_jar_the_bundle_may_not_hold_is_named() -> None:
    with pytest.raises(BUNDLER.BundleError, match="com.example.evil-1.0.jar, which is not a jar the bundle may hold"):
        BUNDLER.coordinates_of("com.example.evil-1.0.jar")
    assert BUNDLER.coordinates_of("org.ow2.asm.asm-commons-9.10.1.jar") == "org.ow2.asm:asm-commons:9.10.1"
    assert BUNDLER.coordinates_of("org.jacoco.org.jacoco.agent-0.8.15-runtime.jar") == \
        "org.jacoco:org.jacoco.agent:0.8.15:runtime"


def test_the_fingerprint_follows_the_java_sources(tmp_path: Path) -> None:
    copy = tmp_path / "java-agent"
    shutil.copytree(JAVA_PARTS, copy, ignore=shutil.ignore_patterns("target"))
    before = java_parts_fingerprint(copy)
    assert before == java_parts_fingerprint(JAVA_PARTS)
    agent = copy / "src" / "main" / "java" / "jtc" / "agent" / "Agent.java"
    agent.write_text(agent.read_text() + "\n// edited\n")
    assert java_parts_fingerprint(copy) != before


def test_a_bundle_built_from_other_sources_is_refused_in_a_checkout(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    jars = tmp_path / "jars"
    shutil.copytree(runtime.JARS_DIR, jars)
    manifest = json.loads((jars / runtime.MANIFEST).read_text())
    (jars / runtime.MANIFEST).write_text(json.dumps({**manifest, "fingerprint": "0" * 16}))
    monkeypatch.setattr(runtime, "JARS_DIR", jars)
    runtime.bundle.cache_clear()
    try:
        with pytest.raises(ToolchainError, match="built from other sources than java-agent/ holds now; run "
                                                 r"./scripts/setup.sh"):
            runtime.bundle()
    finally:
        runtime.bundle.cache_clear()


def test_a_missing_bundle_is_one_line_that_says_how_to_build_it(tmp_path: Path) -> None:
    with pytest.raises(ToolchainError, match=r"jtc's Java parts are not built \(.*bundle.json is missing\); run "):
        read_bundle(tmp_path)
