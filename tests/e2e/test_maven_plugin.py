"""jtc's Maven plugin (maven/) built and installed from Maven Central into a fresh local repository
with the Maven on the PATH, then `mvn jtc:generate jtc:coverage` on a fresh Maven project: the tests
are written to src/jtcTest/java, the likely bugs and the comparison of the "hand-written" and
"generated" suites to target/jtc/, and nothing else lands in the project."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.e2e.build_projects import check_reports, copy_shelf

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("mvn") is None, reason="Maven is not installed (./scripts/setup.sh)")]
JUPITER = "5.14.1"  # the project's own JUnit, from Maven Central

POM = """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>shelf</artifactId>
  <version>1.0</version>
  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>11</maven.compiler.release>
  </properties>
  <dependencies>
    <dependency>
      <groupId>org.junit.jupiter</groupId>
      <artifactId>junit-jupiter</artifactId>
      <version>{jupiter}</version>
      <scope>test</scope>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.16.0</version>
      </plugin>
      <plugin>
        <groupId>jtc</groupId>
        <artifactId>jtc-maven-plugin</artifactId>
        <version>0.1.0</version>
        <configuration>
          <timeBudget>30</timeBudget>
          <maxExecutions>40</maxExecutions>
          <jobs>2</jobs>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
"""


def mvn(folder: Path, repository: Path, *arguments: str) -> subprocess.CompletedProcess:
    jtc = Path(sys.executable).parent / "jtc"
    return subprocess.run(["mvn", "-B", f"-Dmaven.repo.local={repository}",
                           f"-Djtc.executable={jtc}", *arguments], cwd=folder, capture_output=True, text=True,
                          timeout=1500)


@pytest.fixture(scope="module")
def repository(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A local repository with the plugin installed, built from a copy of maven/ (no target/ in the checkout)."""
    work = tmp_path_factory.mktemp("maven")
    shutil.copytree(ROOT / "maven", work / "plugin", ignore=shutil.ignore_patterns("target"))
    built = mvn(work / "plugin", work / "repository", "install")
    assert built.returncode == 0, built.stdout[-4000:]
    return work / "repository"


def test_generate_and_coverage_goals_on_a_fresh_maven_project(repository: Path, tmp_path: Path) -> None:
    project = copy_shelf(tmp_path / "shelf")
    (project / "pom.xml").write_text(POM.format(jupiter=JUPITER))
    run = mvn(project, repository, "jtc:generate", "jtc:coverage")
    assert run.returncode == 0, run.stdout[-6000:]
    assert "BUILD SUCCESS" in run.stdout
    generated = {p.name for p in (project / "src" / "jtcTest" / "java").rglob("*Test.java")}
    assert {"BookTest.java", "IsbnTest.java", "ShelfTest.java"} <= generated
    check_reports(project / "target" / "jtc")
    assert {path.name for path in project.iterdir()} == {"pom.xml", "src", "target"}


def test_a_failing_jtc_fails_the_build_with_its_reason(repository: Path, tmp_path: Path) -> None:
    project = copy_shelf(tmp_path / "shelf")
    (project / "pom.xml").write_text(POM.format(jupiter=JUPITER).replace(
        "<timeBudget>30</timeBudget>", "<timeBudget>-5</timeBudget>"))
    run = mvn(project, repository, "jtc:generate")
    assert run.returncode != 0
    assert "jtc: error: --time-budget must be more than 0 seconds (got -5)" in run.stdout + run.stderr
    assert "jtc generate failed with exit code 2" in run.stdout
    assert not (project / "src" / "jtcTest").exists()
