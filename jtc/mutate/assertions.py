"""Assertions chosen by mutation analysis (`jtc generate --select-assertions`; issue 9, item 2).

The probe offers more observer and query answers than a test should state. Without mutation
analysis a cheap rule keeps three per test (oracle/pruning.py); with it, the validated suite, with
up to SELECTION_CANDIDATES answers per test, is run against every mutant of the class under test,
every test that runs the mutated instruction, and each failure is traced to the line of the test it
failed on (the first failing assertion). Answers are then chosen by greedy set cover: a mutant that
some test kills without them (its returned value, its exception, a throw the mutant causes) needs
none; of the others, the answer that is the first failing assertion for most uncovered mutants is
kept, until every mutant some answer kills is covered. The rest go. (Before the answers are chosen,
jtc/generate.py lets minimise/suite.py drop the tests whose kills, coverage and outcome the others
have, and chooses from the kills of the tests kept.)

Dropping an answer keeps every kill it was not chosen for: answers read state and change none, so a
chosen answer that failed first on a mutant still fails there once the passing ones before it are
gone. Its cost is one more compilation, one mutation run of the suite and one more validation, per
class (measured in the README).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from pathlib import Path
from typing import Sequence

from jtc.coverage.measure import extract_classes
from jtc.coverage.suites import compile_suite
from jtc.emit.render import RenderedClass, render_suite
from jtc.model.classindex import ClassIndex
from jtc.mutate.runner import Kill, Timeouts, run_mutants
from jtc.oracle.expectations import TestSuite

Answer = tuple[int, int]  # (test's position in the suite, observation's position in the test)


def suite_kills(suite: TestSuite, classpath: Sequence[Path], index: ClassIndex, work_dir: Path,
                timeouts: Timeouts = Timeouts()) -> tuple[Sequence[Kill], RenderedClass]:
    """Every (mutant, test) kill of the validated `suite`, every test that runs the mutated
    instruction, and the class rendered one test method per case, which the kills name."""
    rendered = render_suite(suite, index, fold=False)  # one case per test method: kills name their case
    source = work_dir / "suite" / rendered.relative_path
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(rendered.source, encoding="utf-8")
    class_dir = work_dir / "classes-under-test"
    extract_classes(classpath, [suite.class_under_test], class_dir)
    compiled = work_dir / "test-classes"
    test_classes, junit = compile_suite(work_dir / "suite", classpath, compiled)
    output = run_mutants(class_dir, [compiled, *junit, *classpath], test_classes, work_dir / "kills.tsv", timeouts,
                         every_test=True)
    return output.kills, rendered


def chosen_answers(kills: Sequence[Kill], rendered: RenderedClass) -> set[Answer]:
    """Greedy set cover of the mutants that only observations kill, by the observations that fail
    first on them."""
    cases = {f"{rendered.binary_name}#{test.name}": test.cases[0] for test in rendered.tests}
    free: set[str] = set()  # killed by something other than an observation
    killers: dict[str, set[Answer]] = defaultdict(set)
    for kill in kills:
        check = rendered.check_at_line(kill.line) if kill.line >= 0 and not kill.timed_out else None
        if kill.test not in cases or check is None or check[1][0] != "observed":
            free.add(kill.mutant)
        else:
            killers[kill.mutant].add((cases[kill.test], check[1][1]))
    open_mutants = {mutant: answers for mutant, answers in killers.items() if mutant not in free}
    chosen: set[Answer] = set()
    while open_mutants:
        counts: dict[Answer, int] = defaultdict(int)
        for answers in open_mutants.values():
            for answer in answers:
                counts[answer] += 1
        best = min(counts, key=lambda answer: (-counts[answer], answer))
        chosen.add(best)
        open_mutants = {mutant: answers for mutant, answers in open_mutants.items() if best not in answers}
    return chosen


def keep_answers(suite: TestSuite, chosen: set[Answer]) -> TestSuite:
    return dataclasses.replace(suite, tests=tuple(
        dataclasses.replace(case, observations=tuple(o for j, o in enumerate(case.observations) if (i, j) in chosen))
        for i, case in enumerate(suite.tests)))
