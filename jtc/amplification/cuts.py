"""Long walks cut to the calls a kill needs (issue 9: each test minimised while it keeps the
mutants it kills).

A random walk over a class's state-changing calls (amplification/extension.py) kills mutants that no short
test kills: a red-black tree whose recolouring is wrong breaks only after a dozen puts and removes
have made the right shape. But the walk is dozens of calls long, and the statement minimiser, which
keeps coverage, cannot tell which of them the kill needs. So before mutation analysis chooses among
the tests on trial, each long walk is run in the worker on the mutants of the class under test
(the mutant's class file stands in for the classpath's, uninstrumented: about 2 ms a run). A mutant
that a chosen test, or a cut made for another mutant, already kills at the program level is left
alone; for one that only a walk kills, the walk is cut: first after the first statement that ends
otherwise on the mutant than on the original (what follows it adds nothing to the kill), then block
by block (halves, then quarters, down to single statements, from the end), a block going with the
statements that use its results when the program without them still kills, and each time again
after the first difference. The cuts join the tests on trial in place of the long walks, which
would be tests of dozens of statements.

"Ends otherwise" is judged per statement: how it ended (returned, threw) and its value (an object
by its class only) or exception class; a mutant run that does not finish (a loop stopped by the
harness's watchdog) ends otherwise too. A program whose original run does not end every statement
is never a cut.
"""

from __future__ import annotations

import functools
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

from jtc.config import StageBudgets
from jtc.coverage.measure import extract_classes
from jtc.deadline import DeadlineReached
from jtc.execution.runs import Execution, Executor
from jtc.jvm.protocol import HarnessResult
from jtc.minimise.rewrite import rewrite, users
from jtc.minimise.statements import ended
from jtc.model.program import Program
from jtc.model.types import InternalName, binary_name
from jtc.mutate.model import Mutant
from jtc.mutate.runner import mutant_class_files

# The share of the time that finding each mutant's killing walk may take; cutting them takes the rest.
FINDING_SHARE = 0.5
# A program runs with one class file standing in for the classpath's (binary name, bytes).
ReplacingRun = Callable[[Program, tuple[str, bytes]], HarnessResult]
Ends = tuple[tuple[str, str] | None, ...]


def ends(result: HarnessResult) -> Ends | None:
    """How each statement ended, None for a run that failed as a whole (a harness error, a dead or
    stopped worker): its status and its value or exception class, an object by its class (its
    identity differs from run to run)."""
    if result.failure is not None or result.error is not None:
        return None
    return tuple(ended(result, index) for index in range(len(result.status)))


class KillCheck:
    """Whether a program kills a mutant: it ends every statement on the original classes and ends
    some statement otherwise on the mutant (whose class file `class_file` gives). Runs through
    `run` until `deadline` (time.monotonic()); past it nothing kills."""

    def __init__(self, run: ReplacingRun, class_file: Callable[[Mutant], bytes],
                 originals: Mapping[str, bytes], deadline: float) -> None:
        self._run = run
        self._class_file = class_file
        self._originals = originals
        self._on_original: dict[Program, Ends | None] = {}
        self.deadline = deadline
        self.runs = 0

    def expired(self) -> bool:
        return time.monotonic() >= self.deadline

    def kills(self, program: Program, mutant: Mutant) -> bool:
        return self.first_difference(program, mutant) is not None

    def first_difference(self, program: Program, mutant: Mutant) -> int | None:
        """The first statement that ends otherwise on the mutant (the last one when the mutant's run
        failed as a whole), None when the program does not kill it."""
        if self.expired():
            return None
        original = self._original(program, mutant.class_name)
        if original is None or None in original:
            return None
        self.runs += 1
        mutated = ends(self._run(program, (mutant.class_name, self._class_file(mutant))))
        if mutated is None:
            return len(program) - 1
        return next((index for index, (before, after) in enumerate(zip(original, mutated)) if before != after),
                    None if len(mutated) == len(original) else max(len(mutated) - 1, 0))

    def _original(self, program: Program, class_name: str) -> Ends | None:
        if program not in self._on_original:
            self.runs += 1
            self._on_original[program] = ends(self._run(program, (class_name, self._originals[class_name])))
        return self._on_original[program]


def cut(program: Program, mutant: Mutant, check: KillCheck) -> Program:
    """`program` (which kills `mutant`) up to the first statement that ends otherwise, without
    every block of statements it kills it without (`without_blocks`)."""
    return without_blocks(program, lambda reduced: check.first_difference(reduced, mutant), check.expired)


def without_blocks(program: Program, needs: Callable[[Program], int | None], expired: Callable[[], bool]) -> Program:
    """`program` up to the last statement `needs` it to keep (None: a program that lost what it
    shows, a kill or a branch taken), without every block of statements it does without: blocks
    of half its length, then a quarter, down to single statements, from the end, until no single
    statement goes; after each cut, again up to what `needs` keeps. As cut so far once `expired()`."""
    last = needs(program)
    program = program if last is None else program[:last + 1]
    size = max(len(program) // 2, 1)
    while size >= 1 and not expired():
        before = program
        end = len(program)
        while end > 0 and not expired():  # the statements before a block keep their places
            start = max(end - size, 0)
            reduced = rewrite(program, set().union(*(users(program, index) for index in range(start, end))))
            if reduced is not None and reduced[0] and (last := needs(reduced[0])) is not None:
                program = reduced[0][:last + 1]
            end = min(start, len(program))
        if size > 1 or program == before:  # single statements again until none goes
            size //= 2
    return program


def killing_cuts(walks: Sequence[Program], tests: Sequence[Program], mutants: Sequence[Mutant],
                 check: KillCheck, more: Iterator[Program] = iter(())) -> list[Program]:
    """For each mutant that no program of `tests` kills, the first of `walks` that kills it, else
    the first walk drawn from `more` that does, cut to what the kill needs unless a cut made for
    another mutant kills it too. Finding the killers takes FINDING_SHARE of the time left before
    the check's deadline at most, every mutant against `walks` before walks are drawn afresh (each
    asked about every mutant still unkilled), so that a class's last methods are not left out for
    want of time; cutting takes the rest."""
    finding_ends = time.monotonic() + FINDING_SHARE * max(check.deadline - time.monotonic(), 0.0)
    killed: list[tuple[Mutant, Program]] = []
    unkilled: list[Mutant] = []
    for mutant in mutants:  # every mutant against the walks run so far first, then walks drawn afresh
        if time.monotonic() >= finding_ends or check.expired():
            break
        if any(check.kills(program, mutant) for program in tests):
            continue
        walk = next((program for program in walks if check.kills(program, mutant)), None)
        if walk is not None:
            killed.append((mutant, walk))
        else:
            unkilled.append(mutant)
    for walk in more:  # each drawn afresh asked about every mutant still unkilled
        if not unkilled or time.monotonic() >= finding_ends or check.expired():
            break
        killed += [(mutant, walk) for mutant in unkilled if check.kills(walk, mutant)]
        unkilled = [mutant for mutant in unkilled if mutant not in {m for m, _ in killed}]
    cuts: list[Program] = []
    for mutant, walk in killed:
        if check.expired():
            break
        if not any(check.kills(program, mutant) for program in cuts):
            made = cut(walk, mutant, check)
            if not check.expired():  # a cut the deadline stopped may still be a walk's length
                cuts.append(made)
    return cuts


def longest(programs: Sequence[Program], above: int) -> list[Program]:
    """The programs longer than `above` statements that no other one continues (a walk's last
    prefix stands for its shorter ones: what a prefix kills, the whole walk kills too)."""
    kept: list[Program] = []
    for program in sorted((p for p in programs if len(p) > above), key=len, reverse=True):
        if not any(other[:len(program)] == program for other in kept):
            kept.append(program)
    return kept


# A program run with a time limit (ms), a deadline (time.monotonic()) and maybe one class file
# standing in for the classpath's.
TimedRun = Callable[[Program, int, float, "tuple[str, bytes] | None"], HarnessResult]


def cut_runs(class_name: str, classpath: Sequence[Path], tests: list[Program], walked: list[Program],
             more: Iterator[Program], run: TimedRun, executor: Executor, budgets: StageBudgets, deadline: float,
             timeout_ms: int) -> list[Execution]:
    """Runs, by `executor`, of the long walks `walked`, or of `more` walks drawn afresh, cut to what
    their kills of mutants that none of `tests` kills need, until `deadline` (time.monotonic())."""
    walks = longest(walked, budgets.cut_above)
    if not walks:
        return []
    with tempfile.TemporaryDirectory(prefix="jtc-cuts-") as scratch:
        classes = Path(scratch) / "classes"
        extract_classes(classpath, [class_name], classes)
        mutants = mutant_class_files(classes, Path(scratch) / "mutants", budgets.cut_mutants)
        originals: dict[str, bytes] = {binary_name(InternalName(path.relative_to(classes).with_suffix("").as_posix())):
                                       path.read_bytes() for path in classes.rglob("*.class")}
        files = {mutant: path for mutant, path in mutants}
        timeout = min(timeout_ms, budgets.cut_timeout_ms)
        check = KillCheck(lambda program, replacing: run(program, timeout, deadline, replacing),
                          functools.cache(lambda mutant: files[mutant].read_bytes()), originals, deadline)
        cuts = killing_cuts(walks, tests, list(files), check, more)
    try:
        for program in cuts:
            executor.execute(program, None, {}, deadline + budgets.cut_grace_seconds)
    except DeadlineReached:  # the cuts made so far still go on trial
        pass
    return list(executor.executions)
