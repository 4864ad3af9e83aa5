"""Long walks cut to the calls a kill needs, against a model of a counter run in place of the worker."""

from __future__ import annotations

from jtc.jvm.protocol import ABORT_NONE, HarnessResult
from jtc.amplification.cuts import KillCheck, cut, ends, killing_cuts, longest, without_blocks
from jtc.model.program import Construct, Invoke, Literal, Program, StatementStatus, VarRef
from jtc.mutate.model import Mutant

COUNTER = "LCounter;"
NEW = Construct("Counter", "()V", ())
INCREMENT = Invoke("Counter", "increment", "()V", VarRef(0, COUNTER), ())
EXCEEDED = Invoke("Counter", "exceeded", "()Z", VarRef(0, COUNTER), ())
RESET = Invoke("Counter", "reset", "()V", VarRef(0, COUNTER), ())
LIMIT = Mutant("Counter#<init>()V@3:constant:0", "Counter", "<init>()V", 3, 3, "constant", "replaced constant 3 with 4")
STEP = Mutant("Counter#increment()V@2:constant:0", "Counter", "increment()V", 9, 2, "constant", "replaced constant 1 with 0")
ORIGINAL, MUTATED_LIMIT, MUTATED_STEP = b"original", b"limit 4", b"step 0"


def result(statuses: list[StatementStatus], values: list[str | None]) -> HarnessResult:
    return HarnessResult([], len(statuses), statuses, values, [None] * len(statuses), [None] * len(statuses),
                         ABORT_NONE, 0, None, [], 0)


def counter_run(program: Program, replacing: tuple[str, bytes]) -> HarnessResult:
    """A counter whose `exceeded()` says count > limit (3; 4 on one mutant; the other mutant's
    increment adds nothing), `reset()` sets the count back to 0."""
    limit = 4 if replacing[1] == MUTATED_LIMIT else 3
    step = 0 if replacing[1] == MUTATED_STEP else 1
    count, statuses, values = 0, [], []
    for statement in program:
        statuses.append(StatementStatus.OK)
        name = getattr(statement, "name", "<init>")
        count = count + step if name == "increment" else 0 if name in ("reset", "<init>") else count
        values.append(f"O:Counter#{len(values) + 7}" if name == "<init>" else ("Z:1" if count > limit else "Z:0")
                      if name == "exceeded" else "V")
    return result(statuses, values)


def check(deadline: float = float("inf")) -> KillCheck:
    return KillCheck(counter_run, {LIMIT: MUTATED_LIMIT, STEP: MUTATED_STEP}.__getitem__, {"Counter": ORIGINAL}, deadline)


def test_a_walk_is_cut_to_the_calls_its_kill_needs() -> None:
    # Four increments, then the question, kill the limit mutant; resets, other questions and the
    # increments before the last reset do not count.
    walk = (NEW, INCREMENT, RESET, INCREMENT, EXCEEDED, INCREMENT, INCREMENT, RESET, *[INCREMENT] * 3,
            EXCEEDED, INCREMENT, EXCEEDED, INCREMENT, EXCEEDED)
    checking = check()
    assert checking.kills(walk, LIMIT)
    assert cut(walk, LIMIT, checking) == (NEW, *[INCREMENT] * 4, EXCEEDED)


def test_any_program_is_cut_to_the_blocks_what_it_shows_needs() -> None:
    # What shows here: a question after two increments in a row (a branch a scenario took, say).
    def needs(program: Program) -> int | None:
        count = 0
        for index, statement in enumerate(program):
            name = getattr(statement, "name", "<init>")
            count = count + 1 if name == "increment" else 0 if name in ("reset", "<init>") else count
            if name == "exceeded" and count >= 2:
                return index
        return None

    program = (NEW, RESET, INCREMENT, EXCEEDED, INCREMENT, RESET, INCREMENT, INCREMENT, EXCEEDED, RESET, EXCEEDED)
    assert without_blocks(program, needs, lambda: False) == (NEW, INCREMENT, INCREMENT, EXCEEDED)
    assert without_blocks(program, needs, lambda: True) == program[:9]  # past the deadline: only up to what it needs


def test_mutants_that_a_test_or_an_earlier_cut_kills_get_no_cut_of_their_own() -> None:
    walk = (NEW, *[INCREMENT] * 6, EXCEEDED, RESET, EXCEEDED)
    asked_once = (NEW, INCREMENT, EXCEEDED)  # kills neither: 1 is past no limit
    cuts = killing_cuts([walk], [asked_once], [LIMIT, STEP], check())
    assert cuts == [(NEW, *[INCREMENT] * 4, EXCEEDED)]  # the step mutant's kill is this cut's too
    assert killing_cuts([walk], [(NEW, *[INCREMENT] * 5, EXCEEDED)], [LIMIT, STEP], check()) == []


def test_walks_drawn_afresh_when_none_kills_and_nothing_past_the_deadline() -> None:
    drawn = iter([(NEW, INCREMENT, EXCEEDED), (NEW, *[INCREMENT] * 4, EXCEEDED, RESET)])
    assert killing_cuts([(NEW, EXCEEDED)], [], [LIMIT], check(), drawn) == [(NEW, *[INCREMENT] * 4, EXCEEDED)]
    assert killing_cuts([(NEW, *[INCREMENT] * 4, EXCEEDED)], [], [LIMIT], check(deadline=0.0)) == []


def test_a_program_that_does_not_end_on_the_original_kills_nothing() -> None:
    def failing(program: Program, replacing: tuple[str, bytes]) -> HarnessResult:
        run = counter_run(program, replacing)
        if replacing[1] == ORIGINAL:
            run.status[-1] = StatementStatus.ABORT
        return run
    walk = (NEW, *[INCREMENT] * 4, EXCEEDED)
    assert not KillCheck(failing, {LIMIT: MUTATED_LIMIT}.__getitem__, {"Counter": ORIGINAL}, float("inf")).kills(walk, LIMIT)


def test_objects_end_alike_whatever_their_identity() -> None:
    assert ends(result([StatementStatus.OK], ["O:Counter#7"])) == ends(result([StatementStatus.OK], ["O:Counter#9"]))
    assert ends(HarnessResult.failed("timeout", 0)) is None


def test_the_longest_walks_stand_for_their_prefixes() -> None:
    short = (NEW, INCREMENT)
    walk = (NEW, *[INCREMENT] * 4)
    other = (NEW, *[INCREMENT] * 3, RESET)
    assert longest([short, walk[:4], walk, other, (NEW, Invoke("Counter", "add", "(I)V", VarRef(0, COUNTER),
                                                               (Literal("I", 1),)))], 2) == [walk, other]


def test_a_cut_the_deadline_stops_is_dropped() -> None:
    walk = (NEW, *[INCREMENT, RESET] * 4, *[INCREMENT] * 4, EXCEEDED)

    def expiring(program: Program, replacing: tuple[str, bytes]) -> HarnessResult:
        checking.runs >= 12 and setattr(checking, "deadline", 0.0)  # time runs out while cutting
        return counter_run(program, replacing)
    checking = KillCheck(expiring, {LIMIT: MUTATED_LIMIT}.__getitem__, {"Counter": ORIGINAL}, float("inf"))
    assert killing_cuts([walk], [], [LIMIT], checking) == []
    assert killing_cuts([walk], [], [LIMIT], check()) == [(NEW, *[INCREMENT] * 4, EXCEEDED)]
