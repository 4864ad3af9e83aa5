"""Sequences grown from what ran (feedback, as Randoop grows its sequences): a run that took a new
branch of the class under test, or ran a member for the first time, is continued by one more call.

The candidate generator orders sequences statically, by length and wiring cost, and a state that
takes several calls in a set order to reach is deep in that order: a level that takes moves only
once a hero joined and it was started is `registerHero; start; moveHero`, one of some 15,600
wired candidates of length 4 on the dungeon sample, where a 20 s search runs about 500. But the
search sees when a run got somewhere new: `start` on a level with a hero took the branch that sets
it going. Such a run, whose every statement completed, is grown at once by each instance call of
the class under test that may read what its last call wrote of the sequence's objects, on them (the receiver the sequence
made, the hero the level holds), so that the states the run reached are where the next calls
start. The grown skeleton keeps the run's steps as they are: it joins the constraint tree below
the paths its prefix already took, with their inputs, and the solver goes on from there.

A run also grows *backwards into its arguments*: what a member does often depends on the state of
an object it is given. `parser.parse(options, tokens)` looks every token up in the options it is
given, and options made afresh hold none, so no token names one. When such a run leaves branches
open, the methods of the class under test that hold them read fields (the options' maps, through
`options.hasShortOption(…)`), and a method of the argument's class writes them (`addOption`, whose
`put` into a map held in a field writes that field: analysis/influence.py), the run is grown by
that call on the argument object, right before the member (`options.addOption(k, l, b, d)`), its
values symbolic; the sequence's other objects come next (the world the hunter and its prey stand
in gets a wall), its receiver not (its calls are what the sequences are made of) (making/preparations.py's `aimed`: the calls whose object arguments the sequence
holds first, so that a piece is placed on the board it reads). The member's own literal inputs
become symbolic again where a sub-search had fixed them (valid inputs found with empty options),
so that the key registered and the token passed are both inputs of one path: the lookup
`shortOpts.containsKey(token.substring(1))` is a decision between them (svm/models/lookups.py) and
the solver makes the token name the option. The prepared skeleton starts from its run's inputs
(the token as it was, under its new name), and a String key the run looked up in vain is
registered outright, in each String input of the new steps in turn. A grown argument grows again when its run gains (a
second option, whose long name shares a prefix with the first), up to PREPARED_CALLS calls.
"""

from __future__ import annotations

from typing import Callable, Hashable, Iterable

from jtc.analysis.influence import NOTHING, Effects
from jtc.calls.invokables import Invokable, InvokableKind, array_invokable
from jtc.calls.steps import Skeleton, Source, SourceKind, Step, accepts_literal, expand_recipes, is_symbolic_input, \
    length_of
from jtc.exploration.generator import SequenceGenerator
from jtc.exploration.open_targets import branch_edges
from jtc.exploration.templates import Limits, ProgramTemplate
from jtc.model.classtable import MethodInfo
from jtc.model.signatures import plain
from jtc.model.types import Descriptor, InternalName, is_class_type, object_desc
from jtc.svm.inputs import Assignment, StringInput
from jtc.execution.runs import Execution

GROWN_PER_CALL = 4  # wirings of one appended call (a move in each of four directions)
GROWN_PER_RUN = 24  # skeletons grown out of one run
PREPARED_PER_ARGUMENT = 4  # calls tried on one argument object, each in a grown skeleton of its own
PREPARED_CALLS = 3  # calls at most grown on one argument object, one per generation
PREPARED_PER_RUN = 8  # skeletons that prepare arguments, grown out of one run
LONGEST_GROWN_ARRAY = 4  # elements an argument array grows to, one per generation
Edge = tuple[MethodInfo, int, Hashable]
# What the preparations of a type are, aimed at what is read, given the types the sequence holds.
Aimed = Callable[[Descriptor, Effects, Callable[[str], bool]], list[Invokable]]


class Growth:
    """The skeletons that continue a run: the instance calls under test that may read what its last
    call wrote."""

    def __init__(self, generator: SequenceGenerator, targets: list[Invokable], longest: int,
                 aimed: Aimed = lambda desc, reads, held: [],
                 reads: Callable[[MethodInfo], Effects] = lambda method: NOTHING,
                 under_test: Callable[[MethodInfo], bool] = lambda method: True) -> None:
        """`targets` are the members under test; `longest` the length no grown skeleton exceeds;
        `aimed` the calls that change an argument of a type, aimed at what is read
        (making/preparations.py); `reads` what a method reads (its effects); `under_test` tells
        the methods of the class under test, whose open branches the preparations aim at."""
        self.generator = generator
        self.calls = [target for target in targets if target.kind == InvokableKind.CALL]
        self.longest = longest
        self.aimed = aimed
        self.reads = reads
        self.under_test = under_test

    def extensions(self, skeleton: Skeleton) -> list[Skeleton]:
        """`skeleton` with one more call at its end, for each instance call under test that may read
        what its last statement wrote of the sequence's objects: a call on an object carries on its
        state, where a fresh object of a constructor starts over, and a static call fed another's result is only a longer
        candidate (ArrayUtils' hundreds of array methods feed one another: grown chains of them
        cost it 8% of its branches at 1,000 executions)."""
        if length_of(skeleton) >= self.longest:
            return []
        last = next(step.invokable for step in reversed(skeleton) if not step.helper)
        held = {step.invokable.returns for step in skeleton if is_class_type(step.invokable.returns)}
        grown: list[Skeleton] = []
        for call in self.calls:
            if self._continues(last, call, held):
                grown.extend(self.generator.appended(skeleton, call, GROWN_PER_CALL))
            if len(grown) >= GROWN_PER_RUN:
                break
        return grown[:GROWN_PER_RUN]

    def _continues(self, last: Invokable, call: Invokable, held: set[Descriptor]) -> bool:
        """Could `call` read a field that `last` wrote of an object the sequence holds (of a type
        one of its steps returns, or a supertype)? The static influence between candidates
        counts more: a call through a JDK interface stands for every user class implementing it,
        so `team.strongest(players)` iterating a list "writes" a cursor of another class's
        iterator, and growing it only repeats stateless calls."""
        shared = self.generator.effects(last).defs & self.generator.effects(call).uses
        return any(self.generator.assignable(Descriptor(desc), object_desc(InternalName(field.owner))) for field in shared for desc in held)

    def prepared(self, skeleton: Skeleton, execution: Execution, covered: set[Edge],
                 key: str | None = None) -> list[tuple[Skeleton, Assignment]]:
        """`skeleton` with one more call on an object of the sequence (an argument of its last
        statement first), right before that statement, for each call that changes what the
        methods holding its open branches read (the methods of the class under test the run
        visited with an outcome not `covered` yet), each with the inputs to start from: the
        run's, its last statement's where it moved. With a `key` the last statement looked up in
        vain (`-x` given, nothing registered), one skeleton per String input of the new steps,
        that input set to the key (`x` as the short name, then as the long one)."""
        replay = execution.replay
        assert replay is not None
        last = len(skeleton) - 1
        consumer = skeleton[last]
        open_methods = [method for method in replay.visited if self.under_test(method) and branch_edges(method) - covered]
        if not open_methods:
            return []
        reads = _union(self.reads(method) for method in open_methods)
        held = {step.invokable.returns for step in skeleton[:last] if step.invokable.returns.startswith("L")}

        def holds(param: str) -> bool:
            return any(self.generator.assignable(made, Descriptor(param)) for made in held)
        grown: list[tuple[Skeleton, Assignment]] = []
        longer_array = lengthened(skeleton) if key is None else None
        if longer_array is not None:
            grown.append((longer_array, dict(execution.assignment)))
        for made in _prepared_objects(skeleton):
            if _preparations_on(skeleton, made) >= PREPARED_CALLS:
                continue
            for call in self.aimed(skeleton[made].invokable.returns, reads, holds)[:PREPARED_PER_ARGUMENT]:
                step = self._call_on(skeleton, made, call)
                if step is None:
                    continue
                longer = _symbolic_inputs(expand_recipes(skeleton[:last] + (step, consumer)))
                inputs = {**execution.assignment, **_moved(skeleton, longer, execution.assignment)}
                if key is None:
                    grown.append((longer, inputs))
                else:
                    grown += [(longer, {**inputs, **keyed}) for keyed in _keyed(longer, range(last, len(longer) - 1), key)]
        return grown[:PREPARED_PER_RUN]

    def _call_on(self, skeleton: Skeleton, made: int, call: Invokable) -> Step | None:
        """`call` on the object step `made` made, before the skeleton's last statement: its values
        symbolic, each object argument one the sequence holds (the receiver of the last statement
        first: the piece the board is to hold), else the cheapest fresh one."""
        last = skeleton[-1]
        receiver = last.sources[0].index if last.invokable.receiver and last.sources[0].kind == SourceKind.REF else None
        sources = [Source(SourceKind.REF, made)]
        for param in call.params:
            if accepts_literal(param):
                sources.append(Source(SourceKind.INPUT))
                continue
            objects = [i for i in range(len(skeleton) - 1) if i != made and skeleton[i].invokable.returns.startswith("L")
                       and self.generator.assignable(skeleton[i].invokable.returns, param)]
            if objects:
                sources.append(Source(SourceKind.REF, receiver if receiver in objects else objects[-1]))
                continue
            recipes = self.generator.sources.recipes(plain(param))
            if not recipes:
                return None
            sources.append(Source(SourceKind.FRESH, recipe=recipes[0]))
        return Step(call, tuple(sources), helper=True, prepares=True)


def lengthened(skeleton: Skeleton) -> Skeleton | None:
    """`skeleton` with the first array its last statement is given, made there by `new T[] {…}` of
    inputs, one element longer (an input too), or None. The candidates make arrays of one or two
    elements, and a parser's `parse(options, tokens)` then never sees an option followed by its
    value: a run that leaves branches open gets a token more, from its own inputs."""
    last = skeleton[-1]
    for source in last.sources:
        if source.kind != SourceKind.REF:
            continue
        step = skeleton[source.index]
        made = step.invokable
        if made.kind != InvokableKind.ARRAY or not step.sources or len(made.params) >= LONGEST_GROWN_ARRAY \
                or any(element.kind != SourceKind.INPUT for element in step.sources):
            continue
        longer = Step(array_invokable(made.returns, len(made.params) + 1), step.sources + step.sources[-1:],
                      step.helper, step.prepares)
        return skeleton[:source.index] + (longer,) + skeleton[source.index + 1:]
    return None


def _union(effects: Iterable[Effects]) -> Effects:
    """What any of the methods reads, as one Effects to ask `influences` about."""
    uses = frozenset().union(*(e.uses for e in effects))
    return Effects(frozenset(), uses, frozenset(), frozenset(), frozenset(), True)


def _prepared_objects(skeleton: Skeleton) -> list[int]:
    """The steps whose objects a call may prepare for the last statement: its object arguments
    first (the options parsed, the pieces that move), then the other objects the sequence made
    (the board the pieces were placed on); not its receiver, whose calls the sequences are, nor
    what a preparation gives back (`options.addOption(…)` returns the options it changed)."""
    last = skeleton[-1]
    receiver = last.sources[0].index if last.invokable.receiver and last.sources else None
    arguments = [source.index for source in last.sources[1 if last.invokable.receiver else 0:]
                 if source.kind == SourceKind.REF]
    others = [i for i in range(len(skeleton) - 1) if i not in arguments and i != receiver and not skeleton[i].prepares]
    return [i for i in dict.fromkeys(arguments + others)
            if skeleton[i].invokable.returns.startswith("L") and not accepts_literal(skeleton[i].invokable.returns)]


def _preparations_on(skeleton: Skeleton, made: int) -> int:
    """The calls on the object step `made` made that prepare it (a recipe's or a grown one)."""
    return sum(1 for step in skeleton if step.prepares and step.sources and step.sources[0] == Source(SourceKind.REF, made))


def _symbolic(step: Step) -> Step:
    """The step with each fixed value (a valid input a sub-search found) symbolic again."""
    return Step(step.invokable, tuple(Source(SourceKind.INPUT) if source.kind == SourceKind.VALUE and is_symbolic_input(desc)
                                      else source for source, desc in zip(step.sources, step.invokable.inputs)),
                step.helper, step.prepares)


def _symbolic_inputs(skeleton: Skeleton) -> Skeleton:
    """The skeleton with the fixed values of its last statement and of the helper steps that make
    its arguments (a token array a sub-search found valid) symbolic again: those are the inputs
    the solver should join to the values the new call registers."""
    last = len(skeleton) - 1
    first = max((i + 1 for i in range(last) if not skeleton[i].helper), default=0)
    return tuple(_symbolic(step) if first <= i else step for i, step in enumerate(skeleton))


def _moved(shorter: Skeleton, longer: Skeleton, assignment: Assignment) -> Assignment:
    """The values `assignment` gives the last statement's inputs of `shorter` (a String's, its
    null flag, an array's length and elements), under their names in `longer`, where that
    statement comes later."""
    limits = Limits(1 << 16, 1 << 16)
    before, after = (ProgramTemplate.for_skeleton(s, limits).specs for s in (shorter, longer))
    renamed = {spec.name: after[(len(longer) - 1, argument)].name for (statement, argument), spec in before.items()
               if statement == len(shorter) - 1 and (len(longer) - 1, argument) in after}
    moved: Assignment = {}
    for name, value in assignment.items():
        old = next((old for old in renamed if name == old or name.startswith((f"{old}==", f"{old}.", f"{old}["))), None)
        if old is not None:
            moved[renamed[old] + name[len(old):]] = value
    return moved


def _keyed(skeleton: Skeleton, new: range, key: str) -> list[Assignment]:
    """For each String input of the `new` steps, the inputs that set it to `key`."""
    specs = ProgramTemplate.for_skeleton(skeleton, Limits(len(key), len(key))).specs
    return [{spec.null_name: False, spec.name: key} for (statement, _), spec in specs.items()
            if statement in new and isinstance(spec, StringInput)]
