"""What one search explores (the candidates and what is known about the code) and how (its
settings): the two halves of a `ClassSession`'s configuration."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Iterable, Iterator

from jtc.calls.invokables import Invokable
from jtc.calls.steps import Skeleton
from jtc.config import ExplorationOptions, Settings, Strategy
from jtc.exploration.aim import Aim
from jtc.exploration.candidates import Prepare
from jtc.exploration.open_targets import OpenTargets
from jtc.exploration.seeds import Seeds
from jtc.exploration.strategy import CoverageMap
from jtc.exploration.templates import Limits
from jtc.model.classtable import MethodInfo

Edge = tuple[MethodInfo, int, Hashable]


@dataclass(frozen=True)
class SearchSpace:
    """What one search explores and what it knows about the code it explores.

    `skeletons(stop, wanted)`: the candidates, until `stop()` (the search's deadline), none for
    members `wanted` says have nothing left to gain; `open_targets`: which members still have
    something to gain, over the search's coverage; `under_test`: the methods of the class under
    test, whose uncovered outcomes come first; `influences`: the static influence of one invokable on
    a later one (see `criteria._last_resort`); `known`: branch edges that runs before the search
    took (the valid-input sub-searches of a parser, making/valid_inputs.py): those outside the class
    under test count as covered, so that the search does not explore the parser's branches once more
    with plain inputs (on the dungeon's `Game` and `Level`, nearly half of the executions went to maps
    that failed to parse); `grow`: the skeletons that continue a run that took a new branch or ran a
    member first (growth.py); `prepare`: the skeletons that prepare an argument of such a run's
    last call for the branches it left open, given its replay and the outcomes covered, each with
    the inputs it sets (growth.py); `seeds`: constants of the code, for the fallback search; `aim`: the line the
    search aims at and stops at (`--target`), if any."""

    skeletons: Callable[[Callable[[], bool], Callable[[Invokable], bool]], Iterator[Skeleton]]
    open_targets: Callable[[CoverageMap], OpenTargets] | None = None
    under_test: Callable[[MethodInfo], bool] = lambda method: True
    influences: Callable[[Invokable, Invokable], bool] = lambda earlier, later: False
    known: Iterable[Edge] = ()
    grow: Callable[[Skeleton], list[Skeleton]] = lambda skeleton: []
    seeds: Seeds = Seeds()
    aim: Aim | None = None
    prepare: Prepare = lambda skeleton, replay, covered, key: []


@dataclass(frozen=True)
class SearchSettings:
    limits: Limits
    strategy: Strategy
    seed: int
    max_depth: int  # decisions per path that the constraint tree keeps
    options: ExplorationOptions = ExplorationOptions()

    @staticmethod
    def of(settings: Settings) -> SearchSettings:
        return SearchSettings(Limits.of(settings), settings.strategy, settings.seed, settings.max_depth,
                              settings.exploration)
