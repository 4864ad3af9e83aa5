"""Assertions chosen by mutation analysis (`jtc generate --select-assertions`; issue 9, item 2).

The probe offers more observer and query answers than a test should state. Without mutation
analysis a cheap rule keeps three per test (oracle/pruning.py); with it, the validated suite, with
up to SELECTION_CANDIDATES answers per test, is run against every mutant of the class under test,
every test that runs the mutated instruction, and each failure is traced to the line of the test it
failed on (the first failing assertion). Answers are then chosen by greedy set cover: a mutant that
some test kills without them (its returned value, its exception, a throw the mutant causes) needs
none; of the others, the answer that is the first failing assertion for most uncovered mutants is
kept, until every mutant some answer kills is covered. The rest go.

Tests too are chosen there. Beside the tests chosen for coverage, the suite brings tests *on trial*
(oracle/selection.py's spares: other runs through the same code; the boundary runs): a mutant the
chosen tests run but do not kill may show with other inputs or after a longer run. Before the
answers are chosen, a test on trial is kept only if it kills a mutant that no kept test kills (greedy
set cover, the most mutants per statement first), and the kills of the others are forgotten. A
test that a kept test continues (the same statements, then more) and that kills nothing the longer
one misses goes too: the longer one covers and asserts what it did on the way. (Then, before the
answers are chosen, jtc/pipeline/generate.py lets minimise/suite.py drop the tests whose kills, coverage and
outcome the others have, and chooses from the kills of the tests kept.)

Dropping an answer keeps every kill it was not chosen for: answers read state and change none, so a
chosen answer that failed first on a mutant still fails there once the passing ones before it are
gone. Its cost is one more compilation, one mutation run of the suite and one more validation, per
class (measured in the README).
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections import defaultdict
from pathlib import Path
from typing import Callable, Collection, Hashable, Sequence

from jtc.coverage.measure import extract_classes
from jtc.coverage.suites import compile_suite
from jtc.emit.render import RenderedClass, render_suite
from jtc.minimise.suite import irredundant
from jtc.java.toolchain import SHORT_LIVED_JVM
from jtc.model.classindex import ClassIndex
from jtc.mutate.runner import Kill, Timeouts, run_mutants
from jtc.model.testcases import TestSuite
from jtc.oracle.pruning import prune, with_the_result_stated

Answer = tuple[int, int]  # (test's position in the suite, observation's position in the test)


def suite_kills(suite: TestSuite, classpath: Sequence[Path], index: ClassIndex, work_dir: Path,
                timeouts: Timeouts = Timeouts(), deadline: float = math.inf
                ) -> tuple[Sequence[Kill], RenderedClass, bool]:
    """Every (mutant, test) kill of the validated `suite`, every test that runs the mutated
    instruction, the class rendered one test method per case, which the kills name, and whether
    every mutant ran: a run that reaches `deadline` (time.monotonic(); an hour at most, a second at
    least) gives the kills of the mutants it finished."""
    rendered = render_suite(suite, index, fold=False)  # one case per test method: kills name their case
    source = work_dir / "suite" / rendered.relative_path
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(rendered.source, encoding="utf-8")
    class_dir = work_dir / "classes-under-test"
    extract_classes(classpath, [suite.class_under_test], class_dir)
    compiled = work_dir / "test-classes"
    test_classes, junit = compile_suite(work_dir / "suite", classpath, compiled, [suite.class_under_test],
                                        jvm_options=SHORT_LIVED_JVM)
    wall_timeout_s = min(3600.0, max(1.0, deadline - time.monotonic()))
    output = run_mutants(class_dir, [compiled, *junit, *classpath], test_classes, work_dir / "kills.tsv", timeouts,
                         wall_timeout_s, every_test=True, partial=True, jvm_options=SHORT_LIVED_JVM)
    return output.kills, rendered, output.complete


def _cases(rendered: RenderedClass) -> dict[str, int]:
    """Each test method ('<test class>#<method>') and its test's position in the suite."""
    return {f"{rendered.binary_name}#{test.name}": test.cases[0] for test in rendered.tests}


def tried_tests(suite: TestSuite, kills: Sequence[Kill], rendered: RenderedClass) -> set[int]:
    """The positions of the tests to keep: every test not on trial, and, by greedy set cover, the
    tests on trial that kill mutants no other kept test kills, the most per statement first (ties to
    the earlier test). A kill by a timeout does not count for a test on trial: it depends on timing."""
    cases = _cases(rendered)
    kept = {i for i, case in enumerate(suite.tests) if not case.on_trial}
    killed = {kill.mutant for kill in kills if cases.get(kill.test) in kept}
    on_trial: dict[int, set[str]] = defaultdict(set)
    for kill in kills:
        position = cases.get(kill.test)
        if position is not None and position not in kept and not kill.timed_out:
            on_trial[position].add(kill.mutant)
    while True:
        gains = {i: len(mutants - killed) / len(suite.tests[i].program) for i, mutants in on_trial.items()}
        best = min(gains, key=lambda i: (-gains[i], i), default=None)
        if best is None or not gains[best]:
            return kept
        kept.add(best)
        killed |= on_trial.pop(best)


def without_continued(suite: TestSuite, kept: set[int], kills: Sequence[Kill], rendered: RenderedClass) -> set[int]:
    """`kept` without the tests that another kept test continues (its statements are the first of
    the other's) and whose every kill the other has too: the longer test runs what the shorter one
    ran, covers what it covered, and asserts the values it asserted on the way. Tests written
    @Disabled (likely bugs, reported outcomes) run nothing and are left alone."""
    cases = _cases(rendered)
    killed: dict[int, set[str]] = defaultdict(set)
    for kill in kills:
        if cases.get(kill.test) is not None:
            killed[cases[kill.test]].add(kill.mutant)
    live = sorted(i for i in kept if not suite.tests[i].disabled_reason)
    continued = set()
    for shorter in live:
        program = suite.tests[shorter].program
        if any(len(suite.tests[i].program) > len(program) and suite.tests[i].program[:len(program)] == program
               and killed[shorter] <= killed[i] for i in live if i != shorter):
            continued.add(shorter)
    return kept - continued


def worth_keeping(suite: TestSuite, kills: Sequence[Kill], rendered: RenderedClass) -> tuple[set[int], list[Kill]]:
    """The positions of the tests to keep before any other minimising (every test not on trial, the
    tests on trial that kill what the others miss, without those a longer kept test continues), and
    the kills of those tests, from which the answers are chosen."""
    tests = without_continued(suite, tried_tests(suite, kills, rendered), kills, rendered)
    cases = _cases(rendered)
    return tests, [kill for kill in kills if cases.get(kill.test) in tests]


def chosen_answers(kills: Sequence[Kill], rendered: RenderedClass) -> set[Answer]:
    """Greedy set cover of the mutants that only observations kill, by the observations that fail
    first on them."""
    cases = _cases(rendered)
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


def keep(suite: TestSuite, tests: set[int], chosen: set[Answer]) -> TestSuite:
    """The `tests` of `suite` (by position, no longer on trial) with only the `chosen` answers, and
    where none of them reads the object the call under test returned, its first answer that does:
    a returned object is stated by its state, not by `assertNotNull`."""
    kept = []
    for i, case in enumerate(suite.tests):
        if i in tests:
            answers = with_the_result_stated(case, [j for j in range(len(case.observations)) if (i, j) in chosen],
                                             range(len(case.observations)))
            kept.append(dataclasses.replace(case, on_trial=False,
                                            observations=tuple(case.observations[j] for j in answers)))
    return dataclasses.replace(suite, tests=tuple(kept))


def killing_tests(suite: TestSuite, kills: Sequence[Kill], rendered: RenderedClass,
                  shown_by: Callable[[int], frozenset[Hashable]], among: Collection[int]) -> tuple[list[int], list[Kill]]:
    """With mutation data (`jtc generate --select-assertions`): the positions of the tests of
    `suite` to keep, of those `among` them, without those whose kills and whatever else they show (`shown_by(position)`:
    coverage, outcome, boundary) the tests kept show too; and the kills of the tests kept, from which
    the assertions are chosen next."""
    positions = {f"{rendered.binary_name}#{test.name}": test.cases[0] for test in rendered.tests}
    killed: list[set[str]] = [set() for _ in suite.tests]
    for kill in kills:
        if kill.test in positions:
            killed[positions[kill.test]].add(kill.mutant)
    candidates = sorted(among)
    kept = [candidates[i] for i in irredundant([shown_by(position) | {("killed", mutant) for mutant in killed[position]}
                                                for position in candidates],
                                               [len(suite.tests[position].program) for position in candidates])]
    names = {name for name, position in positions.items() if position in kept}
    return kept, [kill for kill in kills if kill.test in names]


def selected_by_kills(validated: TestSuite, classpath: Sequence[Path], index: ClassIndex, work_dir: Path,
                      shown_by: Callable[[int], frozenset[Hashable]], minimise: bool,
                      deadline: float = math.inf) -> tuple[TestSuite, int, bool]:
    """The validated suite run against the class's mutants: the tests worth keeping (those on trial
    only for their kills; with `minimise`, without the tests whose kills and whatever else they show,
    `shown_by(position)`, the others show too), each with the answers chosen by the mutants they
    kill; how many tests were kept; and whether every mutant ran. A mutation run stopped by
    `deadline` chooses by the mutants it finished, and each kept test keeps besides the answers
    the quick rule would (`rule_answers`: the mutants not run may need those)."""
    kills, rendered, complete = suite_kills(validated, classpath, index, work_dir, deadline=deadline)
    kept, kills = worth_keeping(validated, kills, rendered)
    if minimise:
        minimal, kills = killing_tests(validated, kills, rendered, shown_by, kept)
        kept = set(minimal)
    chosen = chosen_answers(kills, rendered) | (set() if complete else rule_answers(validated))
    return keep(validated, kept, chosen), len(kept), complete


def rule_answers(suite: TestSuite) -> set[Answer]:
    """The answers (test, observation) the quick rule keeps, of the tests not on trial (as `quick_rule`)."""
    plain = [i for i, case in enumerate(suite.tests) if not case.on_trial]
    pruned = prune(tuple(suite.tests[i] for i in plain))
    return {(i, suite.tests[i].observations.index(kept)) for i, case in zip(plain, pruned) for kept in case.observations}


def quick_rule(validated: TestSuite) -> TestSuite:
    """The suite as the quick mode would keep it, for when the mutation run did not finish in time:
    no test on trial, at most MAX_OBSERVATIONS answers per test, the rarest first."""
    return dataclasses.replace(validated, tests=prune(tuple(case for case in validated.tests if not case.on_trial)))
