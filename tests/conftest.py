"""Fixtures shared by jtc's tests: compiling Java fixtures and a running engine over them."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from jtc.jvm.worker import JvmWorker, WorkerSettings
from jtc.model.classindex import ClassIndex
from jtc.model.repository import ClassRepository
from jtc.execution.runs import Executor
from jtc.java.jdks import installed_jdks
from jtc.java.toolchain import Toolchain, toolchain, use_jdk


def _pin_the_jdk() -> None:
    """The suite runs on one JDK: $JAVA_HOME when it is set (CI runs the suite once per JDK that way),
    else the JDK of the javac on PATH, the machine's default. Not the newest JDK installed, which jtc
    itself would choose: installing a JDK must not change what the suite runs on. A test whose
    classes need a newer Java still gets one, by jtc's own rule (JAVA_HOME passed over)."""
    javac = shutil.which("javac")
    if not os.environ.get("JAVA_HOME") and javac:
        os.environ["JAVA_HOME"] = str(Path(javac).resolve().parent.parent)


_pin_the_jdk()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true",
                     help="also run the slow end-to-end tests (javac, JUnit, JaCoCo, Gradle); CI=true runs them too")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The default run stays short; CI, and a developer who asks with --slow, run the end-to-end
    tests as well."""
    if config.getoption("--slow") or os.environ.get("CI") == "true":
        return
    skip = pytest.mark.skip(reason="slow end-to-end test: run with --slow (CI=true runs it)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def compile_java(source_root: Path, out_dir: Path, release: str = "11", classpath: list[Path] | None = None,
                 javac: Path | None = None) -> Path:
    """javac every .java file under `source_root` into `out_dir` (with debug info, like a normal build),
    with jtc's JDK's javac unless another is given."""
    sources = sorted(str(p) for p in source_root.rglob("*.java"))
    command = [str(javac or toolchain().javac), "-g", "-nowarn", "--release", release, "-d", str(out_dir)]
    if classpath:
        command += ["-cp", ":".join(map(str, classpath))]
    subprocess.run(command + sources, check=True, capture_output=True, text=True)
    return out_dir


@dataclass
class Engine:
    """A worker JVM over a classpath, with the repository and executor the search would use."""

    worker: JvmWorker
    repository: ClassRepository
    executor: Executor
    index: ClassIndex  # the classpath's declarations

    def load(self, binary_name: str) -> None:
        self.repository.add_tables([self.worker.describe(binary_name)], self.worker.generation)


def start_engine(classpath: list[Path], record_budget: int = 200_000, timeout_ms: int = 5_000) -> Engine:
    worker = JvmWorker(WorkerSettings(tuple(map(str, classpath))))
    repository = ClassRepository()
    return Engine(worker, repository, Executor(worker, repository, record_budget, timeout_ms), ClassIndex(classpath))


@pytest.fixture(scope="session")
def semantics_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_java(FIXTURES / "semantics", tmp_path_factory.mktemp("semantics"))


@pytest.fixture(scope="session")
def semantics_engine(semantics_classes: Path):
    engine = start_engine([semantics_classes])
    engine.load("sem.Ops")
    yield engine
    engine.worker.close()


@pytest.fixture(scope="session")
def sequences_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Field stores, arrays of objects and private members (tests/fixtures/sequences)."""
    return compile_java(FIXTURES / "sequences", tmp_path_factory.mktemp("sequences"))


@pytest.fixture(scope="session")
def strength_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """State that only observers show (tests/fixtures/strength)."""
    return compile_java(FIXTURES / "strength", tmp_path_factory.mktemp("strength"))


@pytest.fixture(scope="session")
def bugs_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Crashes against exceptions thrown on purpose, and identity hashes (tests/fixtures/bugs)."""
    return compile_java(FIXTURES / "bugs", tmp_path_factory.mktemp("bugs"))


@pytest.fixture(scope="session")
def output_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A report that prints to a writer, a stream and the console (tests/fixtures/output)."""
    return compile_java(FIXTURES / "output", tmp_path_factory.mktemp("output"))


@pytest.fixture(scope="session")
def graphs_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Object graphs: factories elsewhere, abstract classes, interfaces without implementations,
    collections, grids of chars, iterators (tests/fixtures/graphs)."""
    return compile_java(FIXTURES / "graphs", tmp_path_factory.mktemp("graphs"))


@pytest.fixture(scope="session")
def lookups_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Options registered by name in a map and a parser that looks them up (tests/fixtures/lookups)."""
    return compile_java(FIXTURES / "lookups", tmp_path_factory.mktemp("lookups"))


@pytest.fixture(scope="session")
def prepared_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Arguments whose state a method reads: options registered then parsed, actors placed in a
    world, amounts that must share a currency (tests/fixtures/prepared)."""
    return compile_java(FIXTURES / "prepared", tmp_path_factory.mktemp("prepared"))


@pytest.fixture(scope="session")
def aiming_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A line deep in a class's last member, a dead line, outcomes to judge (tests/fixtures/aiming)."""
    return compile_java(FIXTURES / "aiming", tmp_path_factory.mktemp("aiming"))


@pytest.fixture(scope="session")
def behind_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Objects made only by factories that declare a supertype (tests/fixtures/behind)."""
    return compile_java(FIXTURES / "behind", tmp_path_factory.mktemp("behind"))


@pytest.fixture(scope="session")
def sequences_engine(sequences_classes: Path):
    engine = start_engine([sequences_classes])
    yield engine
    engine.worker.close()


@pytest.fixture(scope="session")
def containers_engine(containers_classes: Path):
    engine = start_engine([containers_classes])
    yield engine
    engine.worker.close()


@pytest.fixture(scope="session")
def bad_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Code that misbehaves beyond what the sample projects show (it crashes its JVM)."""
    return compile_java(FIXTURES / "bad", tmp_path_factory.mktemp("bad"))


@pytest.fixture(scope="session")
def basics_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_java(ROOT / "sample-projects" / "basics" / "src" / "main" / "java",
                        tmp_path_factory.mktemp("basics"))


@pytest.fixture(scope="session")
def containers_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_java(ROOT / "sample-projects" / "containers" / "src" / "main" / "java",
                        tmp_path_factory.mktemp("containers"))


@pytest.fixture(scope="session")
def modern_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Java 17 sample: records, a sealed interface, enum switches, streams and lambdas."""
    return compile_java(ROOT / "sample-projects" / "modern" / "src" / "main" / "java",
                        tmp_path_factory.mktemp("modern"), release="17")


@pytest.fixture(scope="session")
def modern_engine(modern_classes: Path):
    engine = start_engine([modern_classes])
    yield engine
    engine.worker.close()


@pytest.fixture(scope="session")
def keepers_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A loans desk, a command-line parser with overloads and a result object, a class that prints
    (tests/fixtures/keepers): what makes a suite a developer keeps or throws away."""
    return compile_java(FIXTURES / "keepers", tmp_path_factory.mktemp("keepers"))


@pytest.fixture(scope="session")
def inputs_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tally with a query that changes nothing and a method that ignores a parameter
    (tests/fixtures/inputs): what a test can do without."""
    return compile_java(FIXTURES / "inputs", tmp_path_factory.mktemp("inputs"))


@pytest.fixture(scope="session")
def published_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A currency and an amount with package-private constructors beside public factories and
    constants, and what a shop does with them (tests/fixtures/published): values as the API makes them."""
    return compile_java(FIXTURES / "published", tmp_path_factory.mktemp("published"))


@pytest.fixture(scope="session")
def published_engine(published_classes: Path):
    engine = start_engine([published_classes])
    yield engine
    engine.worker.close()


# ---- Java 21 and 25 (issue 33): classes only a newer JDK compiles and runs ---------------------

def jdk_for(release: int) -> Toolchain | None:
    """The JDK the tests use for Java `release` classes: the suite's own when it runs them, else the
    newest JDK installed (jtc's own rule passes JAVA_HOME over the same way); None when none can."""
    if toolchain().release >= release:
        return toolchain()
    newest = max((jdk for jdk in installed_jdks() if jdk.release >= release), key=lambda jdk: jdk.release, default=None)
    return Toolchain.of(newest, "the newest JDK found") if newest else None


def require_jdk(release: int) -> Toolchain:
    """`jdk_for(release)`, or the test skipped with the reason."""
    found = jdk_for(release)
    if found is None:
        pytest.skip(f"no JDK {release} or newer found here (JAVA_HOME, /usr/lib/jvm, SDKMAN, ~/.jdks …) to compile "
                    f"and run Java {release} classes")
    return found


def compile_release(source_root: Path, out_dir: Path, release: int) -> Path:
    """The sources compiled for Java `release`, or the test skipped when no JDK here compiles for it."""
    return compile_java(source_root, out_dir, release=str(release), javac=require_jdk(release).javac)


@pytest.fixture(scope="session")
def jdk_of_release():
    """`require_jdk` for test modules (which cannot import from this conftest by name: there are
    several conftest modules)."""
    return require_jdk


def start_modern_engine(classpath: list[Path], release: int, names: list[str]) -> Engine:
    """An engine over Java `release` classes with `names` loaded, on a JDK that runs them (its worker
    keeps that JDK), or the test skipped when there is none."""
    with use_jdk(require_jdk(release)):
        engine = start_engine(classpath)
    for name in names:
        engine.load(name)
    return engine


@pytest.fixture(scope="session", params=[21, 25])
def patterns_classes(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """Pattern switches, record patterns and sequenced collections (tests/fixtures/patterns),
    compiled for Java 21 and for Java 25 (whose javac calls enumSwitch where 21's calls typeSwitch)."""
    release = request.param
    return compile_release(FIXTURES / "patterns", tmp_path_factory.mktemp(f"patterns{release}"), release), release


@pytest.fixture(scope="session")
def patterns_engine(patterns_classes: tuple[Path, int]):
    classes, release = patterns_classes
    engine = start_modern_engine([classes], release, ["pat.Patterns"])
    yield engine
    engine.worker.close()


def fixture_engine(tmp_path_factory: pytest.TempPathFactory, folder: str, release: int, name: str):
    """An engine over the fixture `folder` compiled for Java `release`, with class `name` loaded; closed after."""
    classes = compile_release(FIXTURES / folder, tmp_path_factory.mktemp(folder), release)
    engine = start_modern_engine([classes], release, [name])
    yield engine
    engine.worker.close()


@pytest.fixture(scope="session")
def flexible_engine(tmp_path_factory: pytest.TempPathFactory):
    """Constructors with statements before super(...) (tests/fixtures/flexible, Java 25)."""
    yield from fixture_engine(tmp_path_factory, "flexible", 25, "flex.Flexible")


@pytest.fixture(scope="session")
def clamps_engine(tmp_path_factory: pytest.TempPathFactory):
    """Math.clamp (tests/fixtures/clamps, Java 21)."""
    yield from fixture_engine(tmp_path_factory, "clamps", 21, "clamp.Clamps")


@pytest.fixture(scope="session")
def modern21_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Java 21 sample (sample-projects/modern21)."""
    return compile_release(ROOT / "sample-projects" / "modern21" / "src" / "main" / "java",
                           tmp_path_factory.mktemp("modern21"), 21)


@pytest.fixture(scope="session")
def modern25_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Java 25 sample (sample-projects/modern25)."""
    return compile_release(ROOT / "sample-projects" / "modern25" / "src" / "main" / "java",
                           tmp_path_factory.mktemp("modern25"), 25)
