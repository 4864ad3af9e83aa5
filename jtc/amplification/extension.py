"""Longer runs of the chosen tests (issue 9): their call under test made again, their object emptied,
moved on with the objects and constants the test holds, walked at random.

The coverage set cover keeps the shortest run that covers each branch, and a run that stops after
its first call of a kind hides what the next one does: a turnstile passed once more than it had
passes, a coinbox that vends twice, a key removed again, a counter stepped past its limit. And what
an object holds below its top shows only when it is taken out: a stack whose `push` moved an
element to the top is right or wrong only as far down as it is popped. A mutant there survives
every test that stops at the call. So once the tests are chosen, each test whose call under test
returned gets, on the same object:

* that call made again (once and twice more, with the same arguments, for an instance call);
* each call of the class without arguments that changes state (`pop()`, `vend()`, `waitTurn()`)
  made once and twice;
* each call with one primitive or String argument that changes state (`remove(key)`,
  `push(value)`) made with every value of its type the test uses, then one it does not, like a
  query (a map emptied key by key rebalances at each step; a stack pushed its own elements again
  reorders them), each prefix of those calls a run of its own so that the shortest that kills can
  be kept;
* each other call that changes state, whose arguments are objects, enum constants or several
  values (`moveHero(hero, Direction.EAST)`, `put(key, value)`), made once with each of a few
  combinations of what the test holds: for an object parameter the objects of that type the
  test made or took, for an enum each of its constants, for a primitive or String the values
  above;
* objects made like those the test holds from other values (`new Score("!2", 1)` beside its
  `new Score("!", 0)`, the next constant of an enum argument): a sort, a map's values, a door
  show only with objects that differ;
* a call under test that no taker stands for (a static call, a query with objects such as
  `canEnter(square)`) made again with other combinations of those arguments;
* a random walk (seeded) over all those calls and the call under test, with the object's queries
  asked on the way (`get(key)`, `size()`), whose prefixes of WALK_LENGTHS calls are runs of their
  own: a red-black tree breaks only after a put, a remove of a node with one child and a remove of
  the child, a level is won only after several moves. A long one is no test on trial itself but
  goes to amplification/cuts.py, which cuts it to what its kills need (`more_walks` draws more there).

The runs go to mutation analysis as tests on trial (`--select-assertions`: kept only when they
kill a mutant the others miss). Like the boundary runs, they come after the search, with an
executor of their own and a deadline: first the plain extensions of every test, then the
combinations, then the walks, so that a deadline cuts the longest first.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
import time
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence, TypeGuard, Union

from jtc.analysis.influence import Effects, InfluenceAnalysis
from jtc.model.classindex import ClassIndex
from jtc.model.classfile import ACC_ENUM
from jtc.model.program import Construct, FieldLoad, Invoke, Literal, Null, Program, Statement, Value, VarRef
from jtc.model.types import Descriptor, STRING_DESC, internal_name, is_primitive, is_reference, object_desc
from jtc.oracle.observers import MAX_QUERY_VALUES, arguments
from jtc.oracle.selection import in_class_name
from jtc.deadline import DeadlineReached
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.execution.runs import Execution, Executor
from jtc.calls.steps import ROOT, Recipe, SourceKind
from jtc.calls.statements import statement_for
from jtc.making.taking import sets_nothing

REPEATS = (1, 2)  # how many more times a call is made
COMBINATIONS = 4  # argument combinations tried per call with objects, constants or several arguments
HELD = 3  # objects of a parameter's type that the test holds, the latest first, offered per parameter
WALKS = 3  # random walks per test
WALK_LENGTHS = (2, 4, 6, 8, 12, 16, 24, 32, 48, 64)  # the calls of each walk's prefixes that run
FRESH_WALK_STEPS = 256  # the steps of a walk drawn afresh for a mutant (more_walks)
WALK_VALUES = 16  # of the primitive or String values the test uses, a walk draws from this many

@dataclass(frozen=True)
class Taken:
    """An object taken out of one the test holds (`level.getHeroes().get(0)`): a path of helper
    steps (making/taking.py) from `root`, written as statements before the call it is passed to."""

    root: VarRef
    path: Recipe


@dataclass(frozen=True)
class Fresh:
    """An object made as one the test holds was, from other values (`new Score("!2", 1)` beside
    `new Score("!", 0)`, `new Square(TileType.WALL)` beside `new Square(TileType.FLOOR)`): `made`
    with `args`, each constant loaded by a statement before it."""

    made: Construct | Invoke
    args: tuple[Value | FieldLoad, ...]


# A constant, a fresh object or a taken object is made by statements of its own.
Argument = Union[Value, FieldLoad, Fresh, Taken]
# How a walk picks an argument: (program so far, choices, parameter type, receiver, rng) -> choice.
Draw = Callable[[Program, list[Argument], Descriptor, Union[VarRef, None], random.Random], Argument]


@dataclass(frozen=True)
class Arguments:
    """What an extension may pass for a parameter: the values of a primitive or String type the test
    uses and one it does not (like a query), the objects of a reference type it holds (made or
    taken by its statements), else those it can take out of the receiver (`paths`, as the search
    takes them), objects made like those it holds from other values, and an enum's constants
    (`constants`)."""

    assignable: Callable[[Descriptor, Descriptor], bool]
    constants: Callable[[Descriptor], tuple[FieldLoad, ...]] = lambda desc: ()
    paths: Callable[[Descriptor, Descriptor], list[Recipe]] = lambda root, wanted: []

    def of(self, program: Program, desc: Descriptor, receiver: VarRef | None = None, values: int = MAX_QUERY_VALUES) -> list[Argument]:
        """The choices for a parameter of type `desc` of a call on `receiver` (never passed to itself):
        at most `values` of the primitive or String values the test uses, then one it does not; the
        objects it made to pass before the results of the receiver's calls (a value put before the
        null a `put` returned), then one made like each of those from other values; null for an
        object when the test holds none, can take none and the type has no constants."""
        if is_primitive(desc) or desc == STRING_DESC:
            return list(arguments(program, desc, values))
        owner = internal_name(receiver.desc) if receiver is not None else None
        held: list[Argument] = [
            VarRef(i, statement.result_desc) for i, statement in sorted(
                enumerate(program), key=lambda item: (item[1].owner == owner, -item[0]))
            if is_reference(statement.result_desc) and self.assignable(statement.result_desc, desc)
            and (receiver is None or i != receiver.index)]
        if not held and receiver is not None:
            held = [Taken(receiver, path) for path in self.paths(receiver.desc, desc)]
        held = held[:HELD]
        return [*held, *self._fresh(program, held), *self.constants(desc)] or [Null(desc)]

    def _fresh(self, program: Program, held: Sequence[Argument]) -> list[Fresh]:
        """For each held object that a constructor or a static factory made from literals or enum
        constants (and other objects, which stay), one made alike from other values: a table sorts,
        a map tells values apart, a hero meets a door, only when what it is given differs."""
        made = []
        for value in held:
            statement = program[value.index] if isinstance(value, VarRef) else None
            if not isinstance(statement, (Construct, Invoke)) or getattr(statement, "receiver", None) is not None:
                continue
            args = tuple(self._other(program, arg) for arg in statement.args)
            if args != statement.args:
                made.append(Fresh(statement, args))
        return made

    def _other(self, program: Program, arg: Value) -> Value | FieldLoad:
        """Another value for `arg`: one past the largest number `program` uses, the other boolean,
        the String with a number appended (`"!2"`: an empty or new name may be refused), the enum's
        next constant; any other argument as it is."""
        if isinstance(arg, Literal):
            if arg.desc == STRING_DESC:
                used = {a.value for statement in program for a in statement.args if isinstance(a, Literal)}
                return Literal(STRING_DESC, next(text for n in itertools.count(2) if (text := f"{arg.value}{n}") not in used))
            if arg.desc == "Z":
                return Literal(Descriptor("Z"), not arg.value)
            return next(iter(arguments(program, arg.desc, 0)), arg)
        loaded = program[arg.index] if isinstance(arg, VarRef) else None
        constants = self.constants(loaded.desc) if isinstance(loaded, FieldLoad) else ()
        return constants[(constants.index(loaded) + 1) % len(constants)] if loaded in constants else arg


def enum_constants(index: ClassIndex) -> Callable[[Descriptor], tuple[FieldLoad, ...]]:
    """The constants of an enum type, by descriptor, in declaration order (none for other types)."""
    def constants(desc: Descriptor) -> tuple[FieldLoad, ...]:
        info = index.lookup(internal_name(desc)) if desc.startswith("L") else None
        if info is None or not info.is_enum:
            return ()
        return tuple(FieldLoad(info.name, field.name, desc) for field in info.fields
                     if field.access & ACC_ENUM and field.desc == desc)
    return constants


def receiver_of(statement: Statement, position: int) -> VarRef | None:
    """The object the statement at `position` made or was called on."""
    if isinstance(statement, Construct):
        return VarRef(position, object_desc(statement.owner))
    if isinstance(statement, Invoke):
        return statement.receiver
    return None


def _plain(call: Invoke) -> bool:
    """A call with no argument or one primitive or String: extended by the values, prefix by prefix."""
    return not call.param_descs or len(call.param_descs) == 1 and (
        is_primitive(call.param_descs[0]) or call.param_descs[0] == STRING_DESC)


def _take(statements: list[Statement], taken: Taken) -> VarRef:
    """The statements of `taken`'s path appended (each step's ROOT the root, other references
    relative to the path's start), and the value the last one gives."""
    start = len(statements)
    for step in taken.path:
        values = [taken.root if source.kind == SourceKind.REF and source.index == ROOT
                  else VarRef(start + source.index, taken.path[source.index].invokable.returns)
                  if source.kind == SourceKind.REF else source.value for source in step.sources]
        receiver = values.pop(0) if step.invokable.receiver is not None else None
        statements.append(statement_for(step.invokable, receiver, tuple(values)))  # type: ignore[arg-type]
    return VarRef(len(statements) - 1, taken.path[-1].invokable.returns)


def _appended(program: Program, call: Construct | Invoke, args: Sequence[Argument]) -> Program:
    """`program` with `call` made with `args`, each constant loaded, each fresh object made and each
    taken object taken by statements before it."""
    statements, passed = list(program), []
    for arg in args:
        if isinstance(arg, FieldLoad):
            statements.append(arg)
            arg = VarRef(len(statements) - 1, arg.desc)
        elif isinstance(arg, Fresh):
            statements = list(_appended(tuple(statements), arg.made, arg.args))
            arg = VarRef(len(statements) - 1, arg.made.result_desc)
        elif isinstance(arg, Taken):
            arg = _take(statements, arg)
        passed.append(arg)
    return (*statements, dataclasses.replace(call, args=tuple(passed)))


def _combinations(program: Program, call: Invoke, given: Arguments) -> list[tuple[Argument, ...]]:
    """Up to COMBINATIONS argument lists for `call`, the first choices of every parameter first."""
    choices = [given.of(program, desc, call.receiver) for desc in call.param_descs]
    picks = sorted(itertools.product(*(range(len(options)) for options in choices)), key=lambda pick: (sum(pick), pick))
    return [tuple(options[i] for options, i in zip(choices, pick)) for pick in picks[:COMBINATIONS]]


def calls_on(takers: Sequence[Invoke], receiver: VarRef) -> list[Invoke]:
    """The `takers` of the receiver's type (which stands for it), made on it."""
    return [dataclasses.replace(taker, receiver=receiver) for taker in takers
            if taker.receiver is not None and taker.receiver.desc == receiver.desc]


def longer(program: Program, call: int, takers: Sequence[Invoke]) -> list[Program]:
    """`program` up to statement `call`, then that call made again REPEATS times, and each of
    `takers` with no argument or one primitive or String argument made on its object (when it is of
    their receiver's type, which stands for it): one without arguments REPEATS times, one with an
    argument once with each value of its type the test uses and one it does not, in that order,
    each prefix of those calls a program. Nothing for a static call or a statement that is no call."""
    statement, base = program[call], program[:call + 1]
    receiver = receiver_of(statement, call)
    if receiver is None:
        return []
    tails: list[tuple[Statement, ...]] = [(statement,) * times for times in REPEATS] if isinstance(statement, Invoke) else []
    for made in calls_on(takers, receiver):
        if not made.param_descs:
            tails += [(made,) * times for times in REPEATS]
        elif _plain(made):  # every prefix: the shortest that kills is the one mutation analysis keeps
            calls = [dataclasses.replace(made, args=(value,)) for value in arguments(base, made.param_descs[0])]
            tails += [tuple(calls[:length]) for length in range(1, len(calls) + 1)]
    return [base + tail for tail in tails if tail]


def combined(program: Program, call: int, takers: Sequence[Invoke], given: Arguments) -> list[Program]:
    """`program` up to statement `call`, then each of `takers` with objects, enum constants or
    several arguments made once on its object, with each of its argument combinations. A call under
    test that no taker stands for (a static call, which has no object to go on with, or a query
    that changes nothing) is made again with each other combination of its arguments
    (`shortestPath(to, from, null)` after `shortestPath(from, to, null)`, `canEnter(new
    Square(TileType.WALL))` after `canEnter(new Square(TileType.FLOOR))`)."""
    base, statement = _set_up(program, call, takers)
    receiver = receiver_of(statement, call)
    again = [_appended(base, statement, args) for args in _combinations(base, statement, given)
             if args != statement.args] if _asked_again(statement, takers) else []
    if receiver is None:
        return again
    return [_appended(base, made, args) for made in calls_on(takers, receiver) if not _plain(made)
            for args in _combinations(base, made, given)] + again


def walk(program: Program, call: int, takers: Sequence[Invoke], given: Arguments, rng: random.Random,
         askers: Sequence[Invoke] = (), steps: int = max(WALK_LENGTHS),
         weight: Callable[[Invoke], float] | None = None, draw: Draw | None = None) -> list[Program]:
    """`program` up to statement `call`, then a random walk over the call under test (an instance
    call) and `takers` on its object, each step with arguments drawn from what the program holds by
    then and followed half the time by one of `askers` on the object (not counted as a step), for
    `steps` steps; its prefixes of WALK_LENGTHS steps and the whole walk. With `weight`, each call
    is drawn with its weight, else all alike; with `draw`, its arguments so, else by `drawn`
    (amplification/scenarios.py aims walks so)."""
    program, statement = _set_up(program, call, takers)
    receiver = receiver_of(statement, call)
    if receiver is None:
        return []
    changes = [*calls_on(takers, receiver), *([statement] if isinstance(statement, Invoke) and program[-1] is statement else [])]
    weights = [weight(change) for change in changes] if weight is not None and changes else None
    asks = calls_on(askers, receiver)
    walks = []
    for length in range(1, steps + 1 if changes else 0):
        made = rng.choices(changes, weights)[0] if weights is not None else rng.choice(changes)
        program = _step(program, made, given, rng, draw or drawn)
        if asks and rng.random() < 0.5:
            program = _step(program, rng.choice(asks), given, rng, draw or drawn)
        if length in WALK_LENGTHS or length == steps:
            walks.append(program)
    return walks


def _step(program: Program, made: Invoke, given: Arguments, rng: random.Random, draw: Draw) -> Program:
    """`program` with `made` appended, its arguments drawn by `draw` from what the program holds; as
    it was when a parameter has nothing to draw from."""
    choices = [given.of(program, desc, made.receiver, WALK_VALUES) for desc in made.param_descs]
    if not all(choices):
        return program
    return _appended(program, made, [draw(program, options, desc, made.receiver, rng)
                                     for options, desc in zip(choices, made.param_descs)])


def drawn(program: Program, options: list[Argument], desc: Descriptor, receiver: VarRef | None,
          rng: random.Random) -> Argument:
    """A walk's argument. For a primitive or String, half the time a value the walk does not use
    yet, so that a walk grows what it holds (a tree of a few keys never needs the rotations of a
    larger one): for a whole number below the smallest or past the largest it uses, at random (a
    tree grown to one side only never rebalances the other), else the one `options` ends with.
    For an object, none of the results of the receiver's own calls when there is another (`put(6,
    put)`, a null the map returned, reads as nothing a person would pass), else any option."""
    if is_primitive(desc) or desc == STRING_DESC:
        if rng.random() >= 0.5:
            return rng.choice(options)
        whole = [int(arg.value) for statement in program for arg in statement.args
                 if isinstance(arg, Literal) and arg.desc == desc and desc in _SMALLEST]
        if whole and rng.random() < 0.5 and min(whole) > _SMALLEST[desc]:
            return Literal(desc, min(whole) - 1)
        return options[-1]
    own = [option for option in options if not (
        isinstance(option, VarRef) and receiver is not None and getattr(program[option.index], "receiver", None) == receiver)]
    return rng.choice(own or options)


_SMALLEST = {"B": -2 ** 7, "S": -2 ** 15, "I": -2 ** 31, "J": -2 ** 63}


def _asked_again(statement: Statement, takers: Sequence[Invoke]) -> TypeGuard[Invoke]:
    """A call under test that `combined` makes again with other arguments: a static call with
    arguments, or a query (no taker) with objects, constants or several arguments."""
    return isinstance(statement, Invoke) and bool(statement.args) and (
        statement.receiver is None or not _plain(statement) and _getter(statement, takers))


def _getter(statement: Statement, takers: Sequence[Invoke]) -> bool:
    """A call on an object that changes nothing: no taker."""
    return isinstance(statement, Invoke) and statement.receiver is not None \
        and (statement.owner, statement.name, statement.desc) not in {(t.owner, t.name, t.desc) for t in takers}


def _set_up(program: Program, call: int, takers: Sequence[Invoke]) -> tuple[Program, Statement]:
    """The program a combination or a walk goes on from, and the call under test: without a getter
    under test, which changes nothing, so that one walk from its set-up stands for every getter
    tested there (and is not a statement longer)."""
    statement = program[call]
    return (program[:call] if _getter(statement, takers) else program[:call + 1]), statement


def distinct(bases: list[tuple[Program, int]], takers: Sequence[Invoke]) -> list[tuple[Program, int]]:
    """One base per state it leaves its object in: a call under test that changes nothing (a
    getter: no taker) leaves the state of its set-up, so the first base of each set-up stands for
    the getters after it (a level's dozen getter tests extend as one), except a query asked again
    about other objects (`canEnter(square)`), which stands for itself too."""
    seen: set[tuple[Program, Statement | None]] = set()
    kept = []
    for program, call in bases:
        state, statement = _set_up(program, call, takers)
        key = (state, statement if _asked_again(statement, takers) else None)
        if key not in seen:
            seen.add(key)
            kept.append((program, call))
    return kept


def _extended(bases: list[tuple[Program, int]], takers: Sequence[Invoke], given: Arguments,
              seed: int, askers: Sequence[Invoke] = ()) -> Iterator[tuple[Program, bool]]:
    """The programs to run, the plain extensions of every base first, then the combinations, then
    the walks; each with whether it is a walk's."""
    bases = distinct(bases, takers)
    for program, call in bases:
        yield from ((extended, False) for extended in longer(program, call, takers))
    for program, call in bases:
        yield from ((extended, False) for extended in combined(program, call, takers, given))
    for position, (program, call) in enumerate(bases):
        rng = random.Random(seed * 1_000_003 + position)
        for _ in range(WALKS):
            yield from ((extended, True) for extended in walk(program, call, takers, given, rng, askers))


def more_walks(bases: list[tuple[Program, int]], takers: Sequence[Invoke], given: Arguments,
               seed: int, askers: Sequence[Invoke] = ()) -> Iterator[Program]:
    """Walks of FRESH_WALK_STEPS steps beyond those `extension_runs` ran, from each distinct base in
    turn, round after round with seeds of their own: for the mutants that no walk run so far kills
    (amplification/cuts.py tries them in the worker, a few milliseconds each, and runs only their cuts as
    tests; a red-black tree's wrong colour may break it only after a hundred calls)."""
    bases = distinct(bases, takers)
    for round_ in itertools.count(1):
        made = False
        for position, (program, call) in enumerate(bases):
            rng = random.Random((seed + 7919 * round_) * 1_000_003 + position)
            prefixes = walk(program, call, takers, given, rng, askers, FRESH_WALK_STEPS)
            if prefixes:
                made = True
                yield prefixes[-1]
        if not made:
            return


@dataclass(frozen=True)
class Extensions:
    """The runs of the extensions, and which of their programs are a walk's (amplification/cuts.py cuts
    the long ones)."""

    runs: list[Execution]
    walks: frozenset[Program]


def extension_runs(bases: list[tuple[Program, int]], takers: Sequence[Invoke], given: Arguments, executor: Executor,
                   seed: int = 0, deadline: float = math.inf, askers: Sequence[Invoke] = ()) -> Extensions:
    """Runs, by `executor`, of each (program, call under test) of `bases` made longer (walks asking
    `askers` on the way), until `deadline`."""
    tried: set[Program] = set()
    walks: set[Program] = set()
    for extended, walked in _extended(bases, takers, given, seed, askers):
        if extended in tried:
            continue
        tried.add(extended)
        if walked:
            walks.add(extended)
        if time.monotonic() >= deadline:
            break
        try:
            executor.execute(extended, None, {}, deadline)
        except DeadlineReached:
            break
    return Extensions(list(executor.executions), frozenset(walks))


def taking_calls(targets: list[Invokable], class_name: str, analysis: InfluenceAnalysis) -> list[Invoke]:
    """The calls that change an object of the class under test (or of a class nested in it) for
    extension_runs: public instance methods that change a field or an array (`pop()`,
    `remove(key)`, `moveHero(hero, direction)`, `counter.increment()`); arguments left to fill."""
    return _calls(targets, class_name, analysis, lambda effects: bool(effects.defs or effects.array_stores))


def asking_calls(targets: list[Invokable], class_name: str, analysis: InfluenceAnalysis) -> list[Invoke]:
    """The queries of an object of the class under test (or of a class nested in it) that a walk
    asks between its changes: public instance methods with a result that change nothing (`get(key)`,
    `size()`, `exceeded()`), so that a state a mutant got wrong shows in a result on the way (a
    counter past its limit, a tree whose rotation went missing) and a cut can keep it."""
    return [call for call in _calls(targets, class_name, analysis, sets_nothing) if call.desc[-1] != "V"]


def _calls(targets: list[Invokable], class_name: str, analysis: InfluenceAnalysis,
           wanted: Callable[[Effects], bool]) -> list[Invoke]:
    """The instance calls of `targets` on the class under test or a class nested in it, without
    reflection or checked exceptions, whose effects are `wanted`."""
    calls = []
    for target in targets:
        if target.kind != InvokableKind.CALL or target.receiver is None or target.reflective or target.throws_checked \
                or not in_class_name(internal_name(target.receiver), class_name):
            continue
        if wanted(analysis.effects(target.owner, target.name, target.desc)):
            calls.append(Invoke(target.owner, target.name, target.desc, VarRef(-1, target.receiver), ()))
    return calls
