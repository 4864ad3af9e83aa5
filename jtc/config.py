"""One settings object for a jtc run, passed down instead of globals."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jtc.java.toolchain import Toolchain


class Strategy(StrEnum):
    """Which unexplored path the search tries next."""

    COVERAGE = "coverage"  # outcomes no execution produced yet first, then shallow ones
    RANDOM = "random"  # uniformly, with the run's seed
    DEEPEST = "deepest"  # as coverage, but deep ones first: a parser's valid prefix grows (search/valid_inputs.py)


@dataclass(frozen=True)
class AccessOptions:
    """Which members a test may use besides public ones (tests live in the class's package)."""

    include_non_public: bool = True  # package-private and protected members (off with --public-only)
    include_private: bool = False  # private members, through reflection


@dataclass(frozen=True)
class GenerationOptions:
    """Candidate sequence generation (seed 002, §4.3); the switches exist for the ablation table."""

    data_flow_check: bool = True
    partial_order_reduction: bool = True
    max_length: int = 12  # cost per sequence: invokables (value factories not counted) plus wiring deviations
    max_wirings: int = 4  # reference assignments tried per candidate sequence and number of deviations
    # Value factories for reference parameters of JDK types: parameter descriptor -> primitive
    # descriptors whose box is passed (`Integer.valueOf(x)` for "I"); see search/invokables.py.
    factories: tuple[tuple[str, str], ...] = (
        ("Ljava/lang/Object;", "I"), ("Ljava/lang/Comparable;", "I"), ("Ljava/lang/Number;", "I"),
        ("Ljava/lang/Integer;", "I"), ("Ljava/lang/Long;", "J"), ("Ljava/lang/Short;", "S"),
        ("Ljava/lang/Byte;", "B"), ("Ljava/lang/Character;", "C"), ("Ljava/lang/Boolean;", "Z"),
        ("Ljava/lang/Float;", "F"), ("Ljava/lang/Double;", "D"),
    )


@dataclass(frozen=True)
class ExplorationOptions:
    """Sequence exploration (seed 002, §4.4)."""

    pruning: bool = True  # stop paths on which a statement influenced nothing later (§4.4.1)
    grouping: bool = True  # one tree for all sequences: shared prefixes explored once (§4.4.3)
    path_limit: int = 6  # distinct paths kept per statement prefix
    explore_per_sequence: int = 12  # open nodes explored before the next candidate when nothing is uncovered


@dataclass(frozen=True)
class StageBudgets:
    """How the stages around the search share a class's time: fractions of the time budget, and the
    bounds that keep each stage's work finite. The valid-input sub-searches run within the budget
    (before the search); the later stages each run within their share on top of it."""

    # Valid-input sub-searches (making/valid_inputs.py): executions per producer, their share of the
    # budget at most, and the longest arrays and Strings they try.
    sub_search_executions: int = 60
    sub_search_share: float = 0.3
    sub_search_length: int = 6
    boundaries_share: float = 0.1  # runs on comparisons' boundaries (amplification/boundaries.py)
    # Unless --quick: the chosen tests made longer (amplification/extension.py), then long
    # walks cut to what their kills need (amplification/cuts.py). A walk longer than `cut_above`
    # statements is no test on trial itself, its cuts are; cuts are made for at most `cut_mutants`
    # mutants (spread evenly), and run as tests within `cut_grace_seconds` past the cutting's deadline;
    # a mutant's run stops after `cut_timeout_ms` (a mutant may loop for ever).
    extension_share: float = 0.2
    # Unless --quick, while branches of the class stay open after the extensions: walks aimed at
    # them (amplification/scenarios.py), those that take one kept as tests.
    scenarios_share: float = 0.2
    cuts_share: float = 0.5
    cut_above: int = 12
    cut_mutants: int = 600
    cut_grace_seconds: float = 2.0
    cut_timeout_ms: int = 1000
    # Unless --quick, seeded loops over the calls that change the object (amplification/loops.py):
    # the runs that choose their weights and seeds, within this share.
    loops_share: float = 0.1
    # Unless --quick, runs the coverage set cover left out, offered to mutation analysis as
    # tests on trial (amplification/trial.py): at most this many per class.
    spare_tests: int = 24
    minimise_share: float = 0.2  # reduced programs run while minimising the chosen tests (minimise/)
    # The mutation run that chooses tests and assertions (amplification/assertions.py) ends after
    # this share of the budget, or `selection_floor_seconds` if more; a run cut short chooses by the
    # mutants it finished, and each test keeps the quick mode's three observer answers besides.
    selection_share: float = 3.0
    selection_floor_seconds: float = 60.0
    # Every stage of a class ends within this share of the budget from the class's start, or
    # `whole_class_floor_seconds` if more (a later stage gets what the earlier ones left): only the
    # validation and measurement of what was found run past it.
    whole_class_share: float = 6.0
    whole_class_floor_seconds: float = 120.0


@dataclass(frozen=True)
class LineTarget:
    """A source line the search aims at (`--target`): a line of the source file `source` (`Foo.java`,
    or with its package folders), or of the class `class_name` (binary name), in `method` if given.
    The run fills in the class of a source file before the search."""

    line: int
    source: str | None = None
    class_name: str | None = None
    method: str | None = None


@dataclass(frozen=True)
class AskOptions:
    """`--ask`: what a person said of each test's outcome (accepted, or rejected with the value they
    expected), kept in `answers` and asked on a terminal only for the tests not answered yet."""

    answers: Path
    interactive: bool = False  # ask on the terminal (stdin is one); otherwise only the file's answers count
    keep_failing: bool = False  # rejected outcomes become failing tests instead of @Disabled ones


@dataclass(frozen=True)
class Settings:
    classpath: tuple[str, ...]
    # The jars of the classpath that are the project's dependencies: library code, like the JDK (not
    # listed, analysed nor instrumented; see model/classindex.py). A run sets them to the jars that
    # hold no class under test.
    dependencies: tuple[str, ...] = ()
    # The JDK of the run, chosen by the command for its classes (jtc.java.toolchain.choose_jdk) before
    # any class is generated; its worker processes use it as it is. None: toolchain()'s own choice.
    jdk: Toolchain | None = None
    output_dir: Path = Path("src/test/java")
    time_budget: float = 60.0  # seconds of search per class
    seed: int = 0
    strategy: Strategy = Strategy.COVERAGE
    max_executions: int | None = None  # a deterministic budget, on top of the time budget
    # Per execution: trace records (the deterministic loop guard) and wall-clock milliseconds.
    record_budget: int = 400_000
    execution_timeout_ms: int = 5_000
    worker_heap_mb: int = 512
    # Solver: z3 resource limit per query (deterministic) and a wall-clock safety net.
    solver_rlimit: int = 1_000_000
    solver_timeout_ms: int = 3_000
    max_array_length: int = 64
    max_string_length: int = 32
    max_depth: int = 2_000  # decisions per path that the constraint tree keeps
    # Choose tests and observer answers by mutation analysis, with tests on trial (extensions, walks,
    # cuts, spares; amplification/): the default. False is `--quick`: a cheap rule keeps three
    # answers per test (oracle/pruning.py) and no test goes on trial.
    select_assertions: bool = True
    boundary_runs: int = 16  # runs on comparisons' boundaries after the search (search/boundaries.py); 0: none
    measure_coverage: bool = True
    fold: bool = True  # tests of one shape become one parameterized test (emit/folding.py)
    minimise: bool = True  # each test's statements, then the suite's tests, cut to what shows something (minimise/)
    emit_likely_bugs: bool = False  # also write each likely bug's reproduction, @Disabled (oracle/bugs.py)
    target: LineTarget | None = None  # the line the search aims at, and stops at once a run reaches it
    ask: AskOptions | None = None  # outcomes judged by a person (--ask) before the tests are written
    access: AccessOptions = AccessOptions()
    generation: GenerationOptions = GenerationOptions()
    exploration: ExplorationOptions = ExplorationOptions()
    budgets: StageBudgets = StageBudgets()


@dataclass(frozen=True)
class RunOptions:
    """How a `jtc generate` run over many classes is carried out; none of it changes a class's tests."""

    jobs: int = 1  # worker processes, each with its own JVM
    strict: bool = False  # problems of the code under test (System.exit, endless loops ...) fail the run
    cache_dir: Path | None = None  # the incremental cache; None: always generate
    force: bool = False  # generate even the classes the cache says are unchanged
    report: Path | None = None  # every class's figures as JSON
    scheduler: str | None = None  # a Dask scheduler's address: classes become jobs on its cluster
    likely_bugs_report: Path | None = None  # the likely-bug report (JSON; text beside it); None: not written
    snapshot: Path | None = None  # the behaviour each written test observed, for `jtc diff --snapshot`
    java_home: Path | None = None  # --java-home: the JDK to use as it is (else chosen: toolchain.choose_jdk)
