"""What `jtc mutate` is asked for besides the suites: the engine that makes and runs the mutants (jtc's
own runner, or PIT for the figure the field reports), the mutants' time limit, and PIT's options."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from jtc.mutate.runner import Timeouts
from jtc.options import MUTATE, option


class Engine(StrEnum):
    JTC = "jtc"  # jtc's operators and runner (java-agent/src/mutate), the mutants that choose its assertions
    PIT = "pit"  # PIT (pitest.org) with its JUnit 5 plugin, bundled with jtc


class PitMutators(StrEnum):
    """PIT's sets of mutators (pitest.org/quickstart/mutators).

    DEFAULTS is the set PIT runs when none is named, as its build plugins and the test-generation
    competitions run it: conditionals negated and moved at their boundary, math, increments, negations
    inverted, void calls removed, returned values replaced. PIT 1.30's *group* of that name (which
    STRONGER extends) has REMOVE_CONDITIONALS_ORDER_ELSE and _EQUAL_ELSE in place of
    NEGATE_CONDITIONALS, so STRONGER is not a superset of DEFAULTS."""

    DEFAULTS = "DEFAULTS"
    STRONGER = "STRONGER"  # the DEFAULTS group with the switch mutator and conditionals removed both ways
    ALL = "ALL"


@dataclass(frozen=True)
class PitOptions:
    mutators: PitMutators = option(PitMutators.DEFAULTS, "--pit-mutators", commands=MUTATE,
                                   help="with --engine pit: PIT's mutators (DEFAULTS: those PIT runs when none are "
                                        "named)")
    html: Path | None = option(None, "--html", commands=MUTATE, metavar="DIR", parse=Path,
                               help="with --engine pit: keep PIT's own HTML report of each suite in DIR/suite-N")
    sources: tuple[Path, ...] = option((), "--sources", commands=MUTATE, metavar="DIR", parse=Path,
                                       help="with --html: a folder of the classes' .java sources, for PIT's source view")


@dataclass(frozen=True)
class MutateOptions:
    engine: Engine = option(Engine.JTC, "--engine", commands=MUTATE,
                            help="what makes and runs the mutants: jtc's own operators and runner, or PIT "
                                 "(docs/coverage-and-mutation.md says how they differ)")
    timeouts: Timeouts = Timeouts()
    pit: PitOptions = PitOptions()
