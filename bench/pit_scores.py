"""PIT's mutation scores beside `jtc mutate`'s, for B6 (bench/strength.py) and B8 (bench/thirdparty.py).

The field measures test strength with PIT; jtc's own runner makes the mutants that chose the generated
tests' assertions, so a score by it alone may flatter them. Here each suite is also scored by PIT with
its default mutators and with STRONGER (JUnit 5 plugin), and PIT's default run is set beside jtc's on
the mutants both tools make (jtc.mutate.agreement).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from pathlib import Path

from jtc.java.bundle import pit_jar
from jtc.model.types import InternalName, binary_name
from jtc.mutate.agreement import agreement
from jtc.mutate.model import Score, SuiteMutation
from jtc.mutate.runner import Timeouts
from jtc.mutate.settings import PitMutators, PitOptions
from jtc.mutate.suites import pit_suites

MUTATOR_SETS = (PitMutators.DEFAULTS, PitMutators.STRONGER)


def _score(score: Score) -> dict[str, int]:
    return dataclasses.asdict(score)


def pit_figures(classpath: Sequence[Path], folders: Sequence[Path], labels: Sequence[str], classes: Sequence[str],
                work: Path, *, jtc_suites: Sequence[SuiteMutation] = (), working_dir: Path | None = None,
                mutator_sets: Sequence[PitMutators] = MUTATOR_SETS, timeouts: Timeouts = Timeouts()) -> dict:
    """PIT's scores of each suite folder (named by `labels`) and of their union ("union", when there are
    several), per class, with each set of mutators; the seconds each set took;
    with `jtc_suites` (jtc mutate's results of the same folders, in the same order), the agreement of PIT's
    first set with jtc's runner per suite and class. The tests run in `working_dir` if given.

    {"engine", "mutators": {set: {label: {"all": score, "classes": {class: score}}}}, "seconds": {set: s},
     "agreement": {label: {"all": agreement, "classes": {class: agreement}}}}"""
    names = [binary_name(InternalName(name)) for name in classes]
    figures: dict = {"engine": f"PIT {pit_jar('pitest').version}, pitest-junit5-plugin "
                               f"{pit_jar('pitest-junit5-plugin').version}", "mutators": {}, "seconds": {}}
    runs: dict[PitMutators, list[SuiteMutation]] = {}
    for mutators in mutator_sets:
        started = time.perf_counter()
        suites = pit_suites(folders, classpath, list(map(InternalName, classes)), work / str(mutators), timeouts, PitOptions(mutators),
                            labels, working_dir)
        figures["seconds"][str(mutators)] = round(time.perf_counter() - started, 1)
        figures["mutators"][str(mutators)] = {suite.label: {"all": _score(suite.score()),
                                                            "classes": {name: _score(suite.score(name)) for name in names}}
                                              for suite in suites}
        runs[mutators] = suites
    if jtc_suites:
        compared = runs[mutator_sets[0]]
        figures["agreement"] = {ours.label: {"all": agreement(ours, pits).as_json(),
                                             "classes": {name: agreement(ours, pits, name).as_json() for name in names}}
                                for ours, pits in zip(jtc_suites, compared)}
    return figures


def _cell(score: dict[str, int]) -> str:
    return f"{score['killed']}/{score['total']}" if score["total"] else "-"


def _agreed(found: dict) -> str:
    return f"{100 * found['agreement']:.0f}%" if found["agreement"] is not None else "-"


def pit_table(figures: dict, jtc_suites: Sequence[SuiteMutation], labels: Sequence[str]) -> list[str]:
    """Per class and suite (those of `labels`): killed/total by jtc mutate, by PIT with each set of
    mutators, and the share of shared mutants on which jtc and PIT's first set agree."""
    sets = list(figures["mutators"])
    ours = {suite.label: suite for suite in jtc_suites}
    classes = list(next(iter(figures["mutators"][sets[0]].values()))["classes"])
    width = max(len("class"), *(len(name) for name in classes))
    heads = ["jtc", *(f"PIT-{name[0]}" for name in sets), "agree"]
    column = 9
    block = (column + 1) * len(heads) - 1
    lines = [f"mutants killed by jtc mutate and by {figures['engine']} with "
             + ", ".join(f"{name} (PIT-{name[0]})" for name in sets)
             + f"; agree: the share of the mutants both jtc and PIT-{sets[0][0]} make that both kill or both miss",
             f"{'':<{width}}" + "".join(f" | {label:^{block}}" for label in labels),
             f"{'class':<{width}}" + "".join(" | " + " ".join(f"{head:>{column}}" for head in heads) for _ in labels)]
    lines.append("-" * len(lines[-1]))
    for name in [*classes, None]:
        cells = []
        for label in labels:
            pit = [figures["mutators"][s][label]["all" if name is None else "classes"] for s in sets]
            pit = [entry if name is None else entry[name] for entry in pit]
            jtc = _score(ours[label].score(name)) if label in ours else {"killed": 0, "total": 0}
            agree = figures.get("agreement", {}).get(label)
            agreed = _agreed(agree["all"] if name is None else agree["classes"][name]) if agree else "-"
            cells.append(" ".join(f"{cell:>{column}}" for cell in [_cell(jtc), *map(_cell, pit), agreed]))
        lines.append(f"{name or 'all':<{width}}" + "".join(f" | {cell}" for cell in cells))
    lines.append("PIT seconds: " + ", ".join(f"{name} {seconds:g}" for name, seconds in figures["seconds"].items()))
    return lines
