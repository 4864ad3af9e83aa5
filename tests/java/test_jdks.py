"""Finding the JDKs installed where installers and version managers put them, in fake folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from jtc.java.jdks import EXECUTABLE_SUFFIX, Jdk, installed_jdks, java_release, jdk_at

from jdk_folders import fake_jdk


@pytest.mark.parametrize("version,release", [
    ("17.0.2", 17), ("1.8.0_292", 8), ("25", 25), ("21-ea", 21), ("11.0.24+8", 11),
])
def test_the_release_comes_from_the_release_file(tmp_path: Path, version: str, release: int):
    assert java_release(fake_jdk(tmp_path / "jdk", version)) == release


def test_a_folder_is_a_jdk_only_with_java_javac_and_a_release(tmp_path: Path):
    assert jdk_at(fake_jdk(tmp_path / "jdk", "21.0.1")) == Jdk(tmp_path / "jdk", 21)
    assert jdk_at(fake_jdk(tmp_path / "runtime", "21.0.1", javac=False)) is None  # a JRE cannot compile tests
    (fake_jdk(tmp_path / "unnamed", "21.0.1") / "release").unlink()
    assert jdk_at(tmp_path / "unnamed") is None
    assert jdk_at(tmp_path / "nowhere") is None
    jdk = jdk_at(tmp_path / "jdk")
    assert jdk is not None and jdk.javac == tmp_path / "jdk" / "bin" / f"javac{EXECUTABLE_SUFFIX}"
    assert jdk.max_class_major == 65


def test_jdks_are_found_where_installers_and_version_managers_put_them(tmp_path: Path):
    root, home = tmp_path / "root", tmp_path / "root" / "home" / "ann"
    expected = {
        root / "usr/lib/jvm/java-17-openjdk-amd64": 17,
        root / "usr/lib/jvm/temurin-25-jdk-amd64": 25,
        root / "opt/java/openjdk": 21,
        home / ".sdkman/candidates/java/21.0.2-tem": 21,
        home / ".jdks/corretto-11.0.24": 11,
        home / ".gradle/jdks/eclipse_adoptium-17-amd64-linux": 17,
        home / ".asdf/installs/java/zulu-22.0.1": 22,
        tmp_path / "mise-data/installs/java/23.0.1": 23,
        root / "Library/Java/JavaVirtualMachines/temurin-21.jdk/Contents/Home": 21,
        home / "Library/Java/JavaVirtualMachines/openjdk-24/Contents/Home": 24,
        root / "opt/homebrew/opt/openjdk@21/libexec/openjdk.jdk/Contents/Home": 21,
        tmp_path / "Program Files/Eclipse Adoptium/jdk-21.0.4.7-hotspot": 21,
        tmp_path / "Program Files/Microsoft/jdk-17.0.12.7-hotspot": 17,
        tmp_path / "Users/ann/.jdks/openjdk-23": 23,
    }
    for folder, release in expected.items():
        fake_jdk(folder, f"{release}.0.1")
    fake_jdk(root / "usr/lib/jvm/jre-21", "21.0.1", javac=False)  # a runtime: not a JDK
    (root / "usr/lib/jvm/java-1.17.0-openjdk-amd64").symlink_to(root / "usr/lib/jvm/java-17-openjdk-amd64")
    (home / ".sdkman/candidates/java/current").symlink_to(home / ".sdkman/candidates/java/21.0.2-tem")
    environ = {"MISE_DATA_DIR": str(tmp_path / "mise-data"), "ProgramFiles": str(tmp_path / "Program Files"),
               "USERPROFILE": str(tmp_path / "Users/ann"), "PATH": ""}
    found = installed_jdks(environ, home, root)
    assert {jdk.java_home.resolve(): jdk.release for jdk in found} == \
        {folder.resolve(): release for folder, release in expected.items()}
    assert len(found) == len(expected)  # the symbolic links to a JDK found it once


def test_java_home_and_the_javac_on_path_come_first(tmp_path: Path):
    root, home = tmp_path / "root", tmp_path / "home"
    fake_jdk(root / "usr/lib/jvm/temurin-25", "25")
    on_path = fake_jdk(tmp_path / "tools/jdk-21", "21.0.3")
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / f"javac{EXECUTABLE_SUFFIX}").symlink_to(on_path / "bin" / f"javac{EXECUTABLE_SUFFIX}")
    java_home = fake_jdk(tmp_path / "mine/jdk-17", "17.0.9")
    environ = {"JAVA_HOME": str(java_home), "PATH": str(tmp_path / "bin")}
    assert [jdk.release for jdk in installed_jdks(environ, home, root)] == [17, 21, 25]
    same_as_found = {**environ, "JAVA_HOME": str(root / "usr/lib/jvm/temurin-25")}
    assert [jdk.java_home for jdk in installed_jdks(same_as_found, home, root)] == \
        [root / "usr/lib/jvm/temurin-25", on_path]


def test_the_real_jdks_of_this_machine_are_found():
    found = installed_jdks()
    assert found, "the test machine has a JDK"
    for jdk in found:
        assert os.access(jdk.java, os.X_OK) and os.access(jdk.javac, os.X_OK)
        assert jdk.release >= 8
