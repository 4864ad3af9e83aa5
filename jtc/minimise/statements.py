"""Minimising each test: the statements its call under test does without (delta debugging).

A chosen test's program is what the search ran. It may build an object it never uses, build an
equal object twice (`new UnitFactory(new Random(9L))` for each of two factories), or take an object
it already holds out of another (`game.getLevel()` of the level it passed in). Each is a candidate
reduction: drop a statement (with the statements that use its result), use the earlier of two
equal statements for both, or the earlier local for a result that was the same object, or null
where a result that was null is passed on. A reduction
is kept when the reduced program, run again in the worker and replayed, keeps what the test shows:
its coverage of the class under test, how every statement kept ended (returned, or threw the same
exception), and the value or exception of its last statement, the checked one.

A call of the class under test can matter beyond all that: what it returns is asserted after it,
what it changes the observers state, and a mutant of the class may change either. Without mutation
analysis such a call is never taken out. With it (`--select-assertions`), a test is then cut without
those calls too, and the test with them goes on trial beside the shorter one: mutation analysis keeps
it only if it kills a mutant no kept test kills (amplification/assertions.py), so the mutants a test killed
stay killed, and a call that killed nothing more goes.

A value the test made a hidden way (a package-private constructor of a class with public factories
and constants: model/public_api.py) is made the public way instead where the test still shows what it
showed: each public maker of its kind (makers.py) is tried for all the test's hidden makings of that
kind at once (two amounts that must share a currency), then for that one alone (two that must not).
That reduction may make the test longer; no reduction makes a value a hidden way the test did not.

Reductions are tried one at a time, those that take most statements first, until none applies or
the deadline passes; then, once, the test with its large numbers made small (values.py), unless it
is a run on a boundary. Tests sharing a set-up are common (every test of a level parses the same map
with the same factories): the reduction found for one test's set-up is tried first, in one run, on
each later test with the same set-up.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from jtc.jvm.protocol import HarnessResult
from jtc.model.program import (Construct, FieldLoad, Invoke, NewArray, NewCollection, Program, Statement,
                               StatementStatus, Stub, VarRef)
from jtc.minimise.makers import Made, made_at, object_token, only_for, swapped, swapped_each
from jtc.minimise.rewrite import Positions, compose, needed_by, rewrite, users
from jtc.minimise.values import smaller_values
from jtc.model.public_api import PublicApi
from jtc.model.types import InternalName
from jtc.oracle.selection import Candidate, candidates, carrying_comparisons, comparisons_kept, in_class_name
from jtc.deadline import DeadlineReached
from jtc.execution.runs import Execution

# A statement that makes a value from its arguments alone: two equal ones can be one.
_MAKERS = (Construct, FieldLoad, NewArray, NewCollection, Stub)


@dataclass
class MinimisingReport:
    """What minimisation did, for the class's summary."""

    tests: int = 0
    statements_before: int = 0
    statements_after: int = 0
    runs: int = 0
    cut_by_deadline: bool = False
    tests_after: int = 0  # once the suite is minimised (suite.py)


@dataclass
class _Memo:
    """The reductions found for set-ups: a set-up (the statements before the last) and where its
    statements went in the reduced set-up; and the reduced set-ups a test with the same set-up
    rejected (tried again on every test of a level, the same dropped call loses the same coverage)."""

    found: dict[Program, Positions] = field(default_factory=dict)
    rejected: set[tuple[Program, Program]] = field(default_factory=set)


def ended(result: HarnessResult, index: int) -> tuple[str, str] | None:
    """How statement `index` ended: its status and its value or exception class (an object by its
    class, not its identity, which differs from run to run)."""
    if index >= len(result.status) or result.status[index] not in (StatementStatus.OK, StatementStatus.THREW):
        return None
    token = result.values[index] or ""
    return result.status[index], token.rpartition("#")[0] if token.startswith("O:") else token


class StatementMinimiser:
    """Reduces candidates' programs by running reductions through `run` (a program, run and replayed
    in the worker) until `deadline` (time.monotonic())."""

    def __init__(self, run: Callable[[Program], Execution], class_name: InternalName,
                 subjects: frozenset[tuple[str, str, str]], deadline: float = math.inf, shortening: bool = False,
                 makers: Mapping[Made, Program] = {}, api: PublicApi | None = None,
                 public: Callable[[Made], list[Program]] = lambda made: []) -> None:
        """`makers`: the shortest making of each kind of object the search found (makers.py);
        `api` tells the values a test makes a hidden way, `public` the public ways to make each
        kind (makers.py)."""
        self.run = run
        self.makers = makers
        self.api = api
        self.public = public
        self.class_name = class_name
        self.subjects = subjects
        self.deadline = deadline
        self.shortening = shortening
        self.report = MinimisingReport()
        self.memo = _Memo()
        self.shortening_memo = _Memo()  # the set-ups cut without the calls of the class under test
        self.public_memo = _Memo()  # the values made the public way: a looser check, rejected apart
        # Each reduced program and the search's run it was cut from: only that run has input
        # variables, from which the condition a test alone meets is read (conditions.py).
        self.cut_from: dict[Program, Execution] = {}

    def minimise(self, chosen: list[Candidate]) -> list[Candidate]:
        """Each candidate with its program reduced as far as the deadline allows, keeping the calls
        of the class under test. With `shortening` (mutation analysis will weigh the tests), each
        test not on trial is then cut without those calls too: the shorter test takes its place,
        and the test with the calls goes on trial (after all others), kept only if it kills a mutant
        the others miss: the test shortened keeps its coverage and outcomes, the mutants it kills
        stay killed."""
        minimised = [self._reduced(self._made_public(candidate), self._keeps_statement, self.memo) for candidate in chosen]
        longer = []
        if self.shortening:
            for position, reduced in enumerate(minimised):
                shorter = reduced if reduced.on_trial else self._reduced(reduced, _keeps_nothing, self.shortening_memo)
                if shorter is not reduced:
                    longer.append(dataclasses.replace(reduced, on_trial=True))
                    minimised[position] = shorter
        self.report.tests += len(chosen)
        self.report.statements_before += sum(candidate.outcome.statement + 1 for candidate in chosen)
        self.report.statements_after += sum(reduced.outcome.statement + 1 for reduced in minimised)
        return minimised + longer

    def _reduced(self, candidate: Candidate, keeps: Callable[[Statement], bool], memo: _Memo) -> Candidate:
        """`candidate` cut as far as the deadline allows, never taking out a statement `keeps`."""
        if time.monotonic() >= self.deadline:
            self.report.cut_by_deadline = True
            return candidate
        try:
            reduced = self._minimise_one(candidate, keeps, memo)
        except DeadlineReached:
            self.report.cut_by_deadline = True
            return candidate
        if reduced is not candidate:
            self.cut_from[reduced.execution.program] = self.cut_from.get(candidate.execution.program,
                                                                          candidate.execution)
        return reduced

    def _minimise_one(self, candidate: Candidate, keeps: Callable[[Statement], bool], memo: _Memo) -> Candidate:
        original = candidate.execution.program[:candidate.outcome.statement + 1]
        current, positions = original, {index: index for index in range(len(original))}
        best = candidate
        setup = original[:-1]
        known = memo.found.get(setup)
        if known is not None:
            shared = _replayed(original, known)
            if shared is not None:
                accepted = self._try(candidate, original, shared, positions, memo)
                if accepted is not None:
                    best, current, positions = accepted
        progress = True
        while progress:
            progress = False
            for reduction in _reductions(current, best.execution.result, keeps, self.makers):
                if time.monotonic() >= self.deadline:
                    raise DeadlineReached()
                accepted = self._try(candidate, current, reduction, positions, memo)
                if accepted is not None:
                    best, current, positions = accepted
                    progress = True
                    break
        memo.found.setdefault(setup, {old: new for old, new in positions.items() if old < len(setup)})
        smaller = None if candidate.on_boundary else smaller_values(current)  # a boundary's values are its point
        if smaller is not None:
            accepted = self._try(candidate, current, (smaller, {i: i for i in range(len(current))}), positions, memo)
            if accepted is not None:
                best = accepted[0]
        return best

    def _made_public(self, candidate: Candidate) -> Candidate:
        """`candidate` with the values it made a hidden way made the public way (`_public_swaps`),
        swap after swap while one keeps what the test shows, the values of its statements aside (a
        currency made `Currency.EUR` is written "EUR" where the test's own was written "hello"):
        what the test asserts is read from the run of the new program, which is the reference of
        the reductions that follow."""
        if self.api is None:
            return candidate
        current = candidate
        try:
            while True:
                program = current.test_program
                identity = {index: index for index in range(len(program))}
                for reduction in _public_swaps(program, current.execution.result, self._keeps_statement, self.api,
                                               self.public):
                    if time.monotonic() >= self.deadline:
                        raise DeadlineReached()
                    accepted = self._try(current, program, reduction, identity, self.public_memo, loose=True)
                    if accepted is not None:
                        current = accepted[0]
                        break
                else:
                    return current
        except DeadlineReached:
            self.report.cut_by_deadline = True
            return current

    def cut(self, candidate: Candidate, program: Program, positions: Positions) -> Candidate | None:
        """`candidate` run as `program` (its program rewritten, its statements moved to `positions`),
        when that keeps what the test shows: the check of every reduction, for a cut made elsewhere
        (unused.py)."""
        accepted = self._try(candidate, candidate.execution.program, (program, positions),
                             {index: index for index in range(len(candidate.execution.program))}, self.memo)
        return None if accepted is None else accepted[0]

    def _keeps_statement(self, statement: Statement) -> bool:
        """Calls of the class under test stay: what they return is asserted after them, and what
        they change the observers state, which mutants of the class can change."""
        return isinstance(statement, (Construct, Invoke)) and in_class_name(statement.owner, self.class_name)

    def _try(self, candidate: Candidate, current: Program, reduction: tuple[Program, Positions],
             positions: Positions, memo: _Memo, loose: bool = False) -> tuple[Candidate, Program, Positions] | None:
        """The reduced candidate, its program and where the original's statements went, when the
        reduction keeps what the test shows (`loose`: the values its statements returned aside)."""
        program, step = reduction
        tried = (current[:-1], program[:-1])
        hidden = self._hidden(program) - self._hidden(current)
        if hidden > 0 or (len(program) > len(current) and hidden == 0) or program == current or tried in memo.rejected:
            return None
        self.report.runs += 1
        execution = self.run(program)
        moved = compose(positions, step)
        found = candidates([execution], self.class_name, self.subjects)
        if not found or not self._keeps(candidate, found[0], moved, loose):
            memo.rejected.add(tried)
            return None
        reduced = carrying_comparisons(candidate, found[0])
        return dataclasses.replace(reduced, on_boundary=candidate.on_boundary, on_trial=candidate.on_trial), program, moved

    def _hidden(self, program: Program) -> int:
        """How many values `program` makes a hidden way (model/public_api.py)."""
        return len(self.api.hidden_ways_in(program)) if self.api is not None else 0

    def _keeps(self, candidate: Candidate, reduced: Candidate, moved: Positions, loose: bool = False) -> bool:
        last = len(reduced.execution.program) - 1
        if reduced.outcome.statement != last or moved.get(candidate.outcome.statement) != last:
            return False
        if not candidate.seen <= reduced.seen or not comparisons_kept(candidate, reduced) or reduced.execution.cut_short:
            return False
        before, after = candidate.execution.result, reduced.execution.result
        kept: dict[int, int] = {}  # new position -> the statement there before (not one redirected to it)
        for old in sorted(moved):
            kept.setdefault(moved[old], old)
        if loose:
            return all(_alike(ended(after, new), ended(before, old)) for new, old in kept.items())
        return all(ended(after, new) == ended(before, old) for new, old in kept.items())


def _alike(after: tuple[str, str] | None, before: tuple[str, str] | None) -> bool:
    """Two statements ended alike: both returned, or both threw an exception of one class."""
    return after is not None and before is not None and after[0] == before[0] \
        and (after[0] != StatementStatus.THREW or after == before)


def _keeps_nothing(statement: Statement) -> bool:
    """Shortening (mutation analysis weighs the test): any statement the call under test does without may go."""
    return False


def _replayed(program: Program, setup: Positions) -> tuple[Program, Positions] | None:
    """`program` reduced as another test's set-up was: `setup` tells where each statement of the
    set-up went (a statement redirected went where the earlier one it was redirected to went)."""
    first: dict[int, int] = {}  # new position -> the statement kept there
    redirected = {}
    for old in sorted(setup):
        if setup[old] in first:
            redirected[old] = first[setup[old]]
        else:
            first[setup[old]] = old
    dropped = [old for old in range(len(program) - 1) if old not in setup]
    return rewrite(program, dropped, redirected)


def _reductions(program: Program, result: HarnessResult, kept: Callable[[Statement], bool] = lambda s: False,
                makers: Mapping[Made, Program] = {}) -> Iterator[tuple[Program, Positions]]:
    """The reductions of `program` to try, those that take most statements first: the statements the
    last one does not need (each with its users); equal statements made twice; results that were the
    same object as an earlier one (`result`: a run of `program`); an object made in fewer statements
    by the search's maker of its kind (makers.py); last, a null result passed on, written as null
    where it is passed (`treeMap.put(8, null)`, not a local that `get` returned). None takes a
    statement `kept` out."""
    last = len(program) - 1
    needed = needed_by(program, last)
    found: list[tuple[int, tuple[Program, Positions]]] = []
    for index in range(last):
        removed = users(program, index)
        if index in needed or any(kept(program[i]) for i in removed):
            continue
        reduced = rewrite(program, removed)
        if reduced is not None:
            found.append((len(removed), reduced))
    for later, statement in enumerate(program[:last]):
        earlier = _same_as_earlier(program, result, later)
        if earlier is None and (isinstance(statement, _MAKERS) or isinstance(statement, Invoke) and statement.is_static):
            earlier = next((i for i in range(later) if repr(program[i]) == repr(statement)), None)  # -0.0 is not 0.0
        if earlier is not None and not kept(statement):
            merged = rewrite(program, redirected={later: earlier})
            if merged is not None:
                found.append((1, merged))
    for index in range(last):
        made = made_at(program, result, index)
        maker = makers.get(made) if made is not None and not kept(program[index]) else None
        if maker is None:
            continue
        dropped = only_for(program, index, kept)
        if len(maker) < len(dropped) + 1:
            swap = swapped(program, index, maker, dropped)
            if swap is not None:
                found.append((len(dropped) + 1 - len(maker), swap))
    for index in range(last):
        if index < len(result.values) and result.values[index] == "N" and result.status[index] == StatementStatus.OK \
                and any(isinstance(arg, VarRef) and arg.index == index for later in program[index + 1:] for arg in later.args):
            written = rewrite(program, nulled={index})
            if written is not None:
                found.append((0, written))
    found.sort(key=lambda entry: -entry[0])  # stable: equal sizes in program order
    return (reduction for _, reduction in found)


def _public_swaps(program: Program, result: HarnessResult, kept: Callable[[Statement], bool], api: PublicApi,
                  public: Callable[[Made], list[Program]]) -> Iterator[tuple[Program, Positions]]:
    """The program with a value it made a hidden way (`api`) made the public way instead: its
    arguments passed to a public factory that takes the same (`Amount.of(currency, 5L)` for `new
    Amount(currency, 5L)`); else each `public` maker of its kind for all of that kind at once (two
    amounts that must share a currency), then for it alone (two that must not)."""
    hidden = [way.position for way in api.hidden_ways_in(program)]
    for index in hidden:
        statement = program[index]
        if isinstance(statement, (Construct, Invoke)):
            for twin in api.twins(statement):
                yield program[:index] + (twin,) + program[index + 1:], {i: i for i in range(len(program))}
        made = made_at(program, result, index)
        if made is None:
            continue
        same = [other for other in hidden if made_at(program, result, other) == made]
        for maker in public(made):
            for indices in ([same, [index]] if len(same) > 1 else [[index]]):
                swap = swapped_each(program, indices, maker, kept)
                if swap is not None:
                    yield swap


def _same_as_earlier(program: Program, result: HarnessResult, later: int) -> int | None:
    """The earlier statement whose result was the very object statement `later` returned."""
    token = object_token(result, later)
    if token is None:
        return None
    return next((i for i in range(later) if result.status[i] == StatementStatus.OK and result.values[i] == token), None)
