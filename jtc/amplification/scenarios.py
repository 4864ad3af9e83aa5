"""Scenarios (issue 24): walks aimed at the branch outcomes of the class under test that no run took.

Some outcomes only a life cycle reaches: a loan desk refuses a member with too much debt only after
an item was added, checked out, kept past its due day and given back late, and the same member
comes for another; `overdue()` lists something only once days passed a loan's due day. A plain walk
(extension.py) gets there by chance, and is kept only for its kills. So after the extensions, while
outcomes stay open, the chosen tests' objects are walked again, longer (the tests holding objects
of most parameter types first), each call drawn by weight: one that may run a method holding an
open outcome (the influence analysis's `runs`) most, a state-changing call that writes a field such
a method reads next, the others least; the queries that may run one are asked on the
way. Arguments are mostly what the walk holds (the ids it passed, the same member object) or, for
a whole number, one of the class's constants (days advanced by a loan period pass a due day).

A run after the search, extension or scenario, that takes an open outcome is a test, not on trial:
cut to the shortest prefix that still takes it (prefixes run again, halving the range), then
without the blocks of statements it takes it without (cuts.without_blocks, as a kill is cut), so
the test keeps the life cycle and not the detours. The whole run of such a scenario goes to the
cuts with the long walks, for the mutants in the code it reached."""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from jtc.amplification.cuts import without_blocks
from jtc.amplification.extension import Argument, Arguments, Draw, distinct, drawn, walk
from jtc.analysis.influence import FieldRef, InfluenceAnalysis
from jtc.deadline import DeadlineReached
from jtc.execution.runs import Execution, Executor
from jtc.exploration.open_targets import branch_edges
from jtc.model.classtable import MethodInfo
from jtc.model.program import Invoke, Literal, Program, VarRef
from jtc.model.types import Descriptor, InternalName, STRING_DESC, is_primitive
from jtc.oracle.selection import Item

SCENARIO_STEPS = 96  # calls per scenario, more than a plain walk's 64: a life cycle takes several rounds
AIMED = 4.0  # the weight of a call that may run a method holding an open outcome
WRITES = 2.0  # of a state-changing call that writes a field such a method reads
OTHER = 1.0  # of any other state-changing call
HELD_FIRST = 0.75  # how often a scenario's argument is one the walk holds already (or a constant)
WHOLE = ("I", "J")  # the types a class's whole-number constants are passed as

MethodKey = tuple[InternalName, str, str]  # owner, name, descriptor


def open_edges(methods: Iterable[MethodInfo], covered: Iterable[Item]) -> set[Item]:
    """The branch and switch outcomes of `methods` (the class's and its nested classes') not in `covered`."""
    return set().union(*(branch_edges(method) for method in methods)) - set(covered)


@dataclass(frozen=True)
class Aim:
    """What a scenario aims at: the methods holding open outcomes (`holding`) and the fields they
    read (through their callees too). The fields of the whole method, not only of the branch's
    line: `member.getDebt() > MAX_DEBT` reads the debt alone, but the debt grows only once days
    pass (kp.LoanDesk: 1 seed in 8 reaches it in 5 s aimed by the line, 5 in 8 by the method)."""

    holding: frozenset[MethodKey]
    read: frozenset[FieldRef]
    analysis: InfluenceAnalysis

    @staticmethod
    def at(edges: Iterable[Item], analysis: InfluenceAnalysis) -> Aim:
        holding = frozenset((method.owner, method.name, method.desc) for method, _, _ in edges)
        read = frozenset().union(*(analysis.effects(*key).uses for key in holding))
        return Aim(holding, read, analysis)

    def runs_one(self, call: Invoke) -> bool:
        """May `call` run a method holding an open outcome?"""
        return bool(self.analysis.effects(call.owner, call.name, call.desc).runs & self.holding)

    def weight(self, call: Invoke) -> float:
        """How likely a scenario's step is `call`: AIMED, WRITES or OTHER."""
        if self.runs_one(call):
            return AIMED
        return WRITES if self.analysis.effects(call.owner, call.name, call.desc).defs & self.read else OTHER


def scenarios(bases: list[tuple[Program, int]], takers: Sequence[Invoke], askers: Sequence[Invoke],
              given: Arguments, aim: Callable[[], Aim | None], seed: int, numbers: Sequence[int] = (),
              steps: int = SCENARIO_STEPS) -> Iterator[Program]:
    """Scenarios from each distinct base in turn, round after round with seeds of their own, each
    aimed at what `aim()` says is open when it is drawn; none once nothing is (`aim()` None)."""
    bases = sorted(distinct(bases, takers), key=lambda base: -_holds(base[0], takers, given))
    draw = held_first(numbers)
    for round_ in itertools.count():
        made = False
        for position, (program, call) in enumerate(bases):
            now = aim()
            if now is None:
                return
            rng = random.Random((seed + 104_729 * round_) * 1_000_003 + position)
            walked = walk(program, call, takers, given, rng, [a for a in askers if now.runs_one(a)], steps,
                          now.weight, draw)
            if walked:
                made = True
                yield walked[-1]
        if not made:
            return


def _holds(program: Program, takers: Sequence[Invoke], given: Arguments) -> int:
    """How many of the object types the takers' parameters have the program holds something of: a
    scenario passes what its test holds, and a test that made no member lends nothing to anyone."""
    wanted = {desc for taker in takers for desc in taker.param_descs if desc.startswith("L") and desc != STRING_DESC}
    return sum(any(isinstance(option, VarRef) for option in given.of(program, desc)) for desc in wanted)


def held_first(numbers: Sequence[int]) -> Draw:
    """How a scenario draws an argument: most of the time one the walk holds already, a value it
    passed or an object it made (not a result of the receiver's own calls), so that the item checked
    out is one that was added and the member who comes back is the one who was charged; a whole
    number also from `numbers`, the class's constants (a loan period, a debt limit: days advanced
    by them pass a due day); else as a plain walk draws (extension.drawn), which grows what the
    walk holds."""
    def draw(program: Program, options: list[Argument], desc: Descriptor, receiver: VarRef | None,
             rng: random.Random) -> Argument:
        if rng.random() < HELD_FIRST:
            held: list[Argument] = [*options[:-1], *(Literal(desc, n) for n in numbers if desc in WHOLE)] \
                if is_primitive(desc) or desc == STRING_DESC else [
                option for option in options if isinstance(option, VarRef)
                and (receiver is None or getattr(program[option.index], "receiver", None) != receiver)]
            if held:
                return rng.choice(held)
        return drawn(program, options, desc, receiver, rng)
    return draw


def shortest_prefix(length: int, reaches: Callable[[int], bool]) -> int:
    """The fewest statements, of `length` that do, whose prefix `reaches` (reaching grows with the
    prefix: a longer one runs what a shorter one ran); by halving, about log2(length) calls."""
    low, high = 1, length
    while low < high:
        middle = (low + high) // 2
        if reaches(middle):
            high = middle
        else:
            low = middle + 1
    return high


@dataclass
class Scenarios:
    """The runs that take open outcomes, each cut (tests); the whole runs of the scenarios that took
    one (on to the cuts, for kills: they ran code no walk ran, where the mutants no test kills
    are; the others, dozens a second, would only crowd the plain walks out); the outcomes still
    open."""

    reaching: list[Execution]
    runs: list[Execution]
    still_open: set[Item]


def scenario_runs(after_search: list[Execution], bases: list[tuple[Program, int]], takers: Sequence[Invoke],
                  askers: Sequence[Invoke], given: Arguments, analysis: InfluenceAnalysis, open_now: set[Item],
                  executor: Executor, seed: int = 0, deadline: float = math.inf, numbers: Sequence[int] = ()) -> Scenarios:
    """The runs of `after_search` (the extensions') that take an outcome of `open_now`, then
    scenarios (passing `numbers` too) run by `executor` until none is open or `deadline`; each run
    that takes one, cut."""
    found = Scenarios([], [], set(open_now))

    def keep(execution: Execution) -> bool:
        """Whether the run took an open outcome; if so, its cut is kept."""
        new = _taken(execution, found.still_open)
        if not new:
            return False
        runs = {execution.program: execution}

        def taken(program: Program, wanted: set[Item]) -> set[Item]:
            """What of `wanted` the program takes; nothing once the deadline stops its run."""
            if program not in runs:
                try:
                    runs[program] = executor.execute(program, None, {}, deadline)
                except DeadlineReached:
                    return set()
            return _taken(runs[program], wanted)

        whole = execution.program
        prefix = whole[:shortest_prefix(len(whole), lambda length: bool(taken(whole[:length], new)))]
        wanted = taken(prefix, new)
        kept = without_blocks(prefix, lambda program: len(program) - 1 if taken(program, wanted) == wanted else None,
                              lambda: time.monotonic() >= deadline)
        found.reaching.append(runs[kept])
        found.still_open -= _taken(runs[kept], found.still_open)  # what it wanted, and what it took on the way
        return True

    aims: dict[int, Aim] = {}  # by how many outcomes are open: the set only shrinks

    def aim() -> Aim | None:
        if not found.still_open:
            return None
        if len(found.still_open) not in aims:
            aims[len(found.still_open)] = Aim.at(found.still_open, analysis)
        return aims[len(found.still_open)]

    try:
        for execution in after_search:
            keep(execution)
        for program in scenarios(bases, takers, askers, given, aim, seed, numbers):
            if time.monotonic() >= deadline:
                break
            execution = executor.execute(program, None, {}, deadline)
            if keep(execution):
                found.runs.append(execution)
    except DeadlineReached:
        pass
    return found


def _taken(execution: Execution, edges: set[Item]) -> set[Item]:
    """The outcomes of `edges` the run took."""
    return edges & execution.replay.edges if execution.replay is not None else set()
