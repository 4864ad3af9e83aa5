"""Seeded loops over the calls that change an object (issue 24), written as a person writes a
long random test: `Random random = new Random(0); for (int step = 0; step < 2000; step++) {…}`.

The walks of amplification/extension.py stop at 64 calls and their cuts must stay short enough to
read, but some faults show only after thousands: a red-black tree's wrong colour leaves a valid
search tree (every lookup right) that breaks with a null sibling only when a later deletion meets
the shape it left. A loop states little (the object's queries once it is done), but a step that
throws or a loop that never ends fails it. So from the shortest set-up of an object of the class
under test, the calls that change it (up to MAX_MOVES of them) become a loop's moves, each int
parameter drawn below a bound, the others given what the set-up holds; each bound of BOUNDS (a
few keys make a small structure that empties and refills, many a large one) gives one loop,
with the first weights and seed (of the weightings and SEEDS tried) whose steps the original
code runs without a throw, cut before the first throw when none runs through but MIN_STEPS do.
The loops go on trial: mutation analysis of the written suite keeps one only when it kills a
mutant the other tests miss.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Iterator, Sequence

from jtc.amplification.extension import Arguments, calls_on, distinct, receiver_of
from jtc.jvm.protocol import HarnessResult, decode_returned
from jtc.model.loops import Move, SeededLoop
from jtc.model.program import Invoke, Literal, Null, Program, StatementStatus, Value, VarRef
from jtc.model.testcases import Returns, Stated, TestCase
from jtc.model.types import Descriptor, InternalName, STRING_DESC, is_primitive
from jtc.oracle.selection import throws_checked

BOUNDS = (10, 30, 100)  # the int arguments a loop draws, below each of these: one loop each
STEPS = 2000
MIN_STEPS = 100  # a loop whose original run throws earlier is no loop
SEEDS = 4  # seeds tried per weighting
MAX_MOVES = 4
MAX_QUERIES = 3  # the object's queries without arguments stated after the loop

# A program run on the original classes.
Run = Callable[[Program], HarnessResult]


def loop_cases(bases: Sequence[tuple[Program, int]], takers: Sequence[Invoke], askers: Sequence[Invoke],
               given: Arguments, run: Run, seed: int, declares_checked: Callable[[InternalName, str, str], bool],
               deadline: float = math.inf) -> list[TestCase]:
    """Tests on trial, one per bound of BOUNDS, each a seeded loop over the calls of `takers` on
    the object the shortest set-up among `bases` makes, then up to MAX_QUERIES of `askers` without
    arguments, their answers stated; none when that object has no such query or no taker. The
    loops tried once `deadline` (time.monotonic()) has passed are none; `declares_checked(owner,
    name, desc)` tells whether a member declares checked exceptions (the test then throws them)."""
    made = _set_up(bases, takers)
    if made is None:
        return []
    set_up, receiver = made
    moves = tuple(move for taker in calls_on(takers, receiver)[:MAX_MOVES] if (move := _move(set_up, taker, given)))
    queries = [query for query in calls_on(askers, receiver) if not query.param_descs
               and (is_primitive(query.result_desc) or query.result_desc == STRING_DESC)][:MAX_QUERIES]
    if not moves or not queries:
        return []
    bounds = BOUNDS if any(move.drawn for move in moves) else BOUNDS[:1]
    cases = []
    for bound in bounds:
        case = next((case for loop in _tried(set_up, moves, bound, seed) if time.monotonic() < deadline
                     and (case := _case(set_up, loop, queries, run)) is not None), None)
        if case is not None:
            cases.append(dataclasses.replace(case, throws_checked=throws_checked(case.program, declares_checked)))
    return cases


def _set_up(bases: Sequence[tuple[Program, int]], takers: Sequence[Invoke]) -> tuple[Program, VarRef] | None:
    """The shortest program among `bases` up to the statement that makes the object a taker is
    called on, and that object."""
    made = []
    for program, call in distinct(list(bases), takers):
        receiver = receiver_of(program[call], call)
        if receiver is not None and calls_on(takers, receiver):
            made.append((program[:receiver.index + 1], receiver))
    return min(made, key=lambda item: len(item[0]), default=None)


def _move(set_up: Program, taker: Invoke, given: Arguments) -> Move | None:
    """`taker` as a move: its int parameters drawn, each other one given the first plain value
    the set-up offers (an object it holds, a literal), a String for an `Object` it holds none of
    (`put(key, "value")`); None when a parameter has no such value."""
    args: list[Value] = []
    for desc in taker.param_descs:
        if desc == "I":
            args.append(Literal(Descriptor("I"), 0))  # drawn by each step
            continue
        options = [option for option in given.of(set_up, desc, taker.receiver)
                   if isinstance(option, (Literal, Null, VarRef))]
        if options and isinstance(options[0], Null) and given.assignable(STRING_DESC, desc):
            options = [Literal(STRING_DESC, "value")]
        if not options:
            return None
        args.append(options[0])
    drawn = tuple(position for position, desc in enumerate(taker.param_descs) if desc == "I")
    return Move(dataclasses.replace(taker, args=tuple(args)), drawn)


def _tried(set_up: Program, moves: tuple[Move, ...], bound: int, seed: int) -> Iterator[SeededLoop]:
    """The loops to try, in order: the moves alike, then each move twice as likely as the others
    (a heap that is emptied as often as it is filled soon has nothing to take), each weighting
    with SEEDS seeds from `seed` on."""
    weightings = [tuple(1 for _ in moves)]
    if len(moves) > 1:
        weightings += [tuple(2 if i == twice else 1 for i in range(len(moves))) for twice in range(len(moves))]
    for weights in weightings:
        for offset in range(SEEDS):
            yield SeededLoop(len(set_up), seed + offset, STEPS, bound, moves, weights)


def _case(set_up: Program, loop: SeededLoop, queries: Sequence[Invoke], run: Run) -> TestCase | None:
    """The test of `loop` (cut before its first throw when MIN_STEPS steps come before it),
    with the queries' answers stated; None when it is too short, a query's answer has no literal
    form or a statement prints."""
    result = run(_program(set_up, loop, queries))
    if result.failure is not None or result.error is not None:
        return None
    threw = next((index for index in range(loop.start, min(loop.end, result.executed))
                  if result.status[index] != StatementStatus.OK), None)
    if threw is not None:
        if threw - loop.start < MIN_STEPS:
            return None
        loop = loop.truncated(threw - loop.start)
        result = run(_program(set_up, loop, queries))
        if result.failure is not None or result.error is not None:
            return None
    program = _program(set_up, loop, queries)
    answers = [_stated(result, index, program[index].result_desc) for index in range(loop.end, len(program))]
    if result.executed < len(program) or any(answer is None for answer in answers) or _prints(result):
        return None
    stated = [answer for answer in answers if answer is not None]
    return TestCase(program, stated[-1], reason="on trial", on_trial=True, loop=loop,
                    values=tuple((loop.end + position, answer) for position, answer in enumerate(stated[:-1])))


def _prints(result: HarnessResult) -> bool:
    """Whether a statement printed to System.out or System.err: a loop would print thousands of
    lines into the test run's console, and states none of them."""
    return any(text is not None for text in (*result.out, *result.err))


def _program(set_up: Program, loop: SeededLoop, queries: Sequence[Invoke]) -> Program:
    return (*set_up, *loop.unrolled(), *queries)


def _stated(result: HarnessResult, index: int, desc: Descriptor) -> Stated | None:
    """The literal statement `index` returned, None when it threw or returned an object."""
    if index >= result.executed or result.status[index] != StatementStatus.OK:
        return None
    value = decode_returned(result.values[index] or "V")
    if isinstance(value, Null):
        return Returns(Null(desc))
    return Returns(value) if isinstance(value, Literal) else None
