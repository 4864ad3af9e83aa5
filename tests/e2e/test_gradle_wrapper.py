"""The Gradle task wrapper (gradle/jtc.gradle) with Debian's Gradle offline: on a copy of the dungeon
sample (JUnit from the samples' scripts), and on a project whose build.gradle is written the Gradle 4
way (testCompile and testRuntime from a Maven repository, no console launcher), jtcGenerate writes
tests and the likely-bug report under build/, jtcTest runs them, jtcCoverage writes the comparison
of the "hand-written" and "generated" suites; a project without the Java plugin is refused with the
reason."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.e2e.build_projects import DEBIAN_MAVEN_REPO, check_reports, copy_shelf, jupiter_version

pytestmark = [pytest.mark.slow, pytest.mark.skipif(shutil.which("gradle") is None, reason="gradle is not installed")]
SCRIPT = ROOT / "gradle" / "jtc.gradle"


def gradle(project: Path, *tasks: str) -> subprocess.CompletedProcess:
    jtc = Path(sys.executable).parent / "jtc"
    return subprocess.run(["gradle", "--offline", "--no-daemon", "-g", str(project.parent / "gradle-home"),
                           f"-Pjtc.executable={jtc}", *tasks], cwd=project, capture_output=True, text=True, timeout=1500)


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "dungeon"
    shutil.copytree(ROOT / "sample-projects" / "dungeon" / "src", project / "src")
    for script in ("java.gradle", "junit5.gradle"):
        shutil.copy(ROOT / "sample-projects" / script, project / script)
    (project / "settings.gradle").write_text("rootProject.name = 'dungeon'\n")
    (project / "build.gradle").write_text(f"""apply plugin: 'java'
ext.javaRelease = '11'
apply from: new File(projectDir, 'java.gradle')
apply from: new File(projectDir, 'junit5.gradle')
apply from: '{SCRIPT}'
jtcGenerate {{ timeBudget = 60; maxExecutions = 40; jobs = 2; packages = ['com.example.dungeon.items'] }}
""")
    return project


def test_generate_run_and_compare_through_gradle(tmp_path: Path):
    project = _project(tmp_path)
    run = gradle(project, "jtcGenerate", "jtcTest", "jtcCoverage")
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    generated = sorted(p.name for p in (project / "src" / "jtcTest" / "java").rglob("*Test.java"))
    assert generated == ["GoldTest.java", "InventoryTest.java", "KeyTest.java", "PotionTest.java"]
    assert "4 written, 1 skipped" in run.stdout
    results = list((project / "build" / "test-results").rglob("*.xml")) if (project / "build" / "test-results").exists() else []
    assert "tests successful" in run.stdout or results, run.stdout[-3000:]
    assert " 0 tests failed" in run.stdout or all('failures="0"' in r.read_text() for r in results)
    index = (project / "build" / "reports" / "jtc" / "index.html").read_text()
    classes = sorted(p.relative_to(project / "src" / "main" / "java").with_suffix("").as_posix().replace("/", ".")
                     for p in (project / "src" / "main" / "java").rglob("*.java"))
    assert all(name in index for name in classes)
    coverage = json.loads((project / "build" / "reports" / "jtc" / "coverage.json").read_text())
    assert [(suite["label"], suite["tests_failed"]) for suite in coverage["suites"]] == [
        ("hand-written", 0), ("generated", 0), ("union", 0)]
    assert "jtc-likely-bugs.json" not in {path.name for path in project.iterdir()}


@pytest.mark.skipif(not DEBIAN_MAVEN_REPO.is_dir(), reason="Debian's Maven repository is not installed")
def test_a_gradle_4_build_with_test_compile_and_no_console_launcher(tmp_path: Path):
    """Written as a Gradle 4.4 project declares JUnit 5: testCompile the API, testRuntime the engine
    (here from Debian's Maven repository standing in for Maven Central). Neither holds the console
    launcher Gradle 4.4 needs to run JUnit 5 tests: jtcTest brings it."""
    project = copy_shelf(tmp_path / "shelf")
    (project / "settings.gradle").write_text("rootProject.name = 'shelf'\n")
    (project / "build.gradle").write_text(f"""apply plugin: 'java'

sourceCompatibility = 1.8
targetCompatibility = 1.8

repositories {{
    maven {{ url '{DEBIAN_MAVEN_REPO.as_uri()}' }}
}}

dependencies {{
    testCompile 'org.junit.jupiter:junit-jupiter-api:{jupiter_version()}'
    testRuntime 'org.junit.jupiter:junit-jupiter-engine:{jupiter_version()}'
}}

apply from: '{SCRIPT}'
jtcGenerate {{ timeBudget = 30; maxExecutions = 40; jobs = 2 }}
""")
    run = gradle(project, "jtcGenerate", "jtcTest", "jtcCoverage")
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    generated = {p.name for p in (project / "src" / "jtcTest" / "java").rglob("*Test.java")}
    assert {"BookTest.java", "IsbnTest.java", "ShelfTest.java"} <= generated
    passed = re.search(r"\[\s*(\d+) tests successful\s*\]", run.stdout)  # jtcTest's console launcher
    assert passed and int(passed.group(1)) > 10 and re.search(r"\[\s*0 tests failed\s*\]", run.stdout)
    check_reports(project / "build" / "reports" / "jtc", int(passed.group(1)))
    assert {path.name for path in project.iterdir()} == {".gradle", "build", "build.gradle", "settings.gradle", "src"}


def test_a_project_without_the_java_plugin_is_refused(tmp_path: Path):
    project = tmp_path / "plain"
    project.mkdir()
    (project / "settings.gradle").write_text("rootProject.name = 'plain'\n")
    (project / "build.gradle").write_text(f"apply from: '{SCRIPT}'\n")
    run = gradle(project, "jtcGenerate")
    assert run.returncode != 0
    assert "jtc.gradle: project ':' has no Java plugin; apply plugin: 'java' before jtc.gradle" in run.stderr
