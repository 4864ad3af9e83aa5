"""One settings object for a jtc run, passed down instead of globals."""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from jtc.errors import UsageError
from jtc.options import EVERY, GENERATE, option

if TYPE_CHECKING:
    from jtc.java.toolchain import Toolchain


class Strategy(StrEnum):
    """Which unexplored path the search tries next."""

    COVERAGE = "coverage"  # outcomes no execution produced yet first, then shallow ones
    RANDOM = "random"  # uniformly, with the run's seed
    DEEPEST = "deepest"  # as coverage, but deep ones first: a parser's valid prefix grows (making/valid_inputs.py)


@dataclass(frozen=True)
class AccessOptions:
    """Which members a test may use besides public ones (tests live in the class's package)."""

    include_non_public: bool = option(
        True, "--public-only", sets_false=True,
        help="call public members only (by default tests, which live in the class's package, also call "
             "package-private and protected members)")
    include_private: bool = option(False, "--include-private", help="also call private members, through reflection")


@dataclass(frozen=True)
class GenerationOptions:
    """Candidate sequence generation (seed 002, §4.3); the switches exist for the ablation table."""

    data_flow_check: bool = option(True, "--no-data-flow-check", sets_false=True,
                                   help="turn off the data-flow check of candidate sequences (for ablation)")
    partial_order_reduction: bool = option(True, "--no-partial-order-reduction", sets_false=True,
                                           help="turn off partial order reduction (for ablation)")
    # cost per sequence: invokables (value factories not counted) plus wiring deviations
    max_length: int = option(12, "--max-sequence-length", metavar="N", least=1,
                             help="longest call sequence to consider; an argument fed by anything but its "
                                  "plainest choice counts as one more call")
    max_wirings: int = 4  # reference assignments tried per candidate sequence and number of deviations
    # Value factories for reference parameters of JDK types: parameter descriptor -> primitive
    # descriptors whose box is passed (`Integer.valueOf(x)` for "I"); see calls/invokables.py.
    factories: tuple[tuple[str, str], ...] = (
        ("Ljava/lang/Object;", "I"), ("Ljava/lang/Comparable;", "I"), ("Ljava/lang/Number;", "I"),
        ("Ljava/lang/Integer;", "I"), ("Ljava/lang/Long;", "J"), ("Ljava/lang/Short;", "S"),
        ("Ljava/lang/Byte;", "B"), ("Ljava/lang/Character;", "C"), ("Ljava/lang/Boolean;", "Z"),
        ("Ljava/lang/Float;", "F"), ("Ljava/lang/Double;", "D"),
    )


@dataclass(frozen=True)
class ExplorationOptions:
    """Sequence exploration (seed 002, §4.4)."""

    pruning: bool = option(True, "--no-pruning", sets_false=True,  # §4.4.1
                           help="turn off pruning of paths on which a call influenced nothing later (for ablation)")
    grouping: bool = option(True, "--no-grouping", sets_false=True,  # §4.4.3: shared prefixes explored once
                            help="turn off grouping of sequences with a shared prefix (for ablation)")
    path_limit: int = option(6, "--path-limit", metavar="N", least=1, help="paths kept per statement prefix of a sequence")
    explore_per_sequence: int = 12  # open nodes explored before the next candidate when nothing is uncovered


@dataclass(frozen=True)
class StageBudgets:
    """What keeps each stage's work finite, and how the stages share a class's time under
    `--search-budget`: fractions of the search budget on top of it, each counted from when its stage
    starts (`--time-budget` shares the class's time by `BudgetPlan` instead, and splits the
    amplification's part among its runs by the same fractions)."""

    # Valid-input sub-searches (making/valid_inputs.py): executions per producer, their share of the
    # search at most, and the longest arrays and Strings they try.
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
class BudgetPlan:
    """How the stages of a class share `--time-budget` (pipeline/clock.py). A stage that needs some
    seconds to do anything (one that starts a JVM: javac, the JUnit runs, the mutation runner, JaCoCo;
    the tidying, which runs every test first) has its reserve, seconds it is given however late it
    starts (the reserves take at most `reserves_cap` of the budget, scaled down alike); the rest of
    the budget is shared by the weights. A stage a run does not have (--quick, --no-minimise,
    --no-coverage) leaves its weight and reserve to the others."""

    search: float = 0.60  # setup, the valid-input sub-searches among it, and the search
    amplification: float = 0.15  # boundary runs, extensions, scenarios, cuts and loops
    boundaries_alone: float = 0.02  # the amplification's weight with --quick: boundary runs alone
    minimise: float = 0.03
    probe: float = 0.05  # the runs that read what each test can assert
    validation: float = 0.04  # compiled and run twice
    selection: float = 0.06  # unless --quick, the mutation run that chooses tests and assertions
    tidy: float = 0.02  # the statements nothing uses taken out of the tests to be written
    revalidation: float = 0.03  # unless --quick, the chosen tests validated again
    coverage: float = 0.01  # JaCoCo's analysis of the last validation's run under its agent
    validation_reserve: float = 1.5
    selection_reserve: float = 2.0
    tidy_reserve: float = 0.5  # it runs every test once before it cuts a statement
    revalidation_reserve: float = 1.5
    coverage_reserve: float = 0.5
    reserves_cap: float = 0.5
    # The second validation and the coverage analysis cut short give nothing of theirs (the unselected
    # tests are written, no figures): they may run on past their plan until this share of the budget
    # from the class's start, and at least this many times what the first validation took (their
    # tests are some of its tests; a loaded machine's pace changes). The first is not cut at all.
    limit: float = 1.25
    margin: float = 1.5


@dataclass(frozen=True)
class LineTarget:
    """A source line the search aims at (`--target`): a line of the source file `source` (`Foo.java`,
    or with its package folders), or of the class `class_name` (binary name), in `method` if given.
    The run fills in the class of a source file before the search."""

    line: int
    source: str | None = None
    class_name: str | None = None
    method: str | None = None

    @staticmethod
    def parse(text: str) -> LineTarget:
        """`--target`'s value: `Foo.java:42` (a source file, maybe with its package folders),
        `com.example.Foo:42` or `com.example.Foo#method:42`."""
        place, colon, number = text.rpartition(":")
        if not colon or not place or not number.isdigit() or int(number) < 1:
            raise UsageError(f"--target must be FILE.java:LINE or CLASS[#METHOD]:LINE with a line number from 1 "
                             f"(got {text!r})")
        if place.endswith(".java"):
            return LineTarget(int(number), source=place)
        class_name, _, method = place.partition("#")
        if not class_name or "/" in class_name or (_ and not method):
            raise UsageError(f"--target must be FILE.java:LINE or CLASS[#METHOD]:LINE (got {text!r})")
        return LineTarget(int(number), class_name=class_name, method=method or None)


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
    output_dir: Path = option(Path("src/test/java"), "--output", "-o", commands=GENERATE, metavar="DIR",
                              help="root folder for the test sources")
    time_budget: float = option(60.0, "--time-budget", metavar="SECONDS", above=0, unit=" seconds",
                                help="time per class, every stage included: setup, search, the runs after it, "
                                     "minimising, validation, the choice by mutants, coverage")
    search_budget: float | None = option(
        None, "--search-budget", metavar="SECONDS", parse=float, above=0, unit=" seconds",
        help="instead of --time-budget: search time per class, the stages after the search on top of it (within "
             "shares of it; a class takes two to six times as long)")
    seed: int = option(0, "--seed", metavar="N", help="seed for initial inputs and random choices")
    strategy: Strategy = option(Strategy.COVERAGE, "--strategy", help="which unexplored path to try next")
    max_executions: int | None = option(None, "--max-executions", metavar="N", parse=int, above=0,
                                        help="stop a class after this many executions (a deterministic budget)")
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
    select_assertions: bool = option(
        True, "--quick", sets_false=True,
        help="the cheap mode: no tests on trial, no mutation run; three observer answers per test kept by how rare "
             "they are (about half the time per class, weaker tests)")
    boundary_runs: int = option(16, "--boundary-runs", metavar="N", least=0,  # amplification/boundaries.py
                                help="after the search, run inputs on the boundary of up to N comparisons it reached "
                                     "(x == c), each a test; 0: none")
    measure_coverage: bool = option(True, "--no-coverage", commands=GENERATE, sets_false=True,
                                    help="skip the JaCoCo measurement of the written tests")
    fold: bool = option(True, "--no-fold", commands=GENERATE, sets_false=True,  # emit/folding.py
                        help="write every test on its own instead of folding three or more tests of one shape into "
                             "a parameterized test")
    minimise: bool = option(True, "--no-minimise", commands=GENERATE, sets_false=True,  # minimise/
                            help="keep every statement the search ran and every test it chose (no minimisation)")
    emit_likely_bugs: bool = option(False, "--emit-likely-bugs", commands=GENERATE,  # oracle/bugs.py
                                    help="also write each likely bug's shortest reproduction, as a @Disabled test")
    target: LineTarget | None = option(
        None, "--target", commands=GENERATE, metavar="FILE.java:LINE|CLASS[#METHOD]:LINE", parse=LineTarget.parse,
        help="aim the search at this line (Foo.java:42, com.example.Foo#parse:42) and stop the class's search once "
             "a run reaches it; its class is generated too")
    ask: AskOptions | None = None  # outcomes judged by a person (--ask) before the tests are written
    access: AccessOptions = AccessOptions()
    generation: GenerationOptions = GenerationOptions()
    exploration: ExplorationOptions = ExplorationOptions()
    budgets: StageBudgets = StageBudgets()
    plan: BudgetPlan = BudgetPlan()


@dataclass(frozen=True)
class RunOptions:
    """How a `jtc generate` run over many classes is carried out; none of it changes a class's tests."""

    jobs: int = option(1, "-j", "--jobs", metavar="N", least=1, cli_default=lambda: os.cpu_count() or 1,
                       default_text="the number of cores", help="worker processes, each with its own JVM")
    strict: bool = option(False, "--strict", commands=GENERATE,
                          help="fail the run (exit 10-14) when the code under test exits, loops, overflows the "
                               "stack, runs out of memory or kills the JVM on some path")
    cache_dir: Path | None = option(None, "--cache-dir", commands=GENERATE, metavar="DIR", parse=Path,
                                    cli_default=lambda: Path(".jtc-cache"), default_text=".jtc-cache",
                                    help="the incremental cache: unchanged classes are not generated again")
    force: bool = option(False, "--force", commands=GENERATE,
                         help="generate even the classes the cache says are unchanged")
    report: Path | None = option(None, "--report", commands=GENERATE, metavar="FILE", parse=Path,
                                 help="write every class's figures as JSON")
    scheduler: str | None = option(None, "--scheduler", commands=GENERATE, metavar="ADDRESS", parse=str,
                                   help="run the classes as jobs on a Dask cluster (tcp://host:8786); needs "
                                        "jtc[cluster]")
    likely_bugs_report: Path | None = option(
        None, "--likely-bugs-report", commands=GENERATE, metavar="FILE", parse=Path,
        help="write the likely bugs as JSON to FILE and as text beside it (without it, the run only counts them)")
    snapshot: Path | None = option(
        None, "--snapshot", commands=GENERATE, metavar="FILE", parse=Path,
        help="write what each written test observed (member, arguments, outcome) and the tests as JSON, for jtc "
             "diff --snapshot FILE")
    java_home: Path | None = option(
        None, "--java-home", commands=EVERY, metavar="DIR", parse=Path,
        help="the JDK to run everything with, used as it is (default: JAVA_HOME if it can load the classes under "
             "test, else the newest JDK found that can)")
