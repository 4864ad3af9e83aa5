"""Steps: the vocabulary of call sequences. A step is an invokable and where each of its inputs
comes from (a symbolic input, an earlier step's result, a recipe's helper steps, an object taken
out of another, a fixed value); a skeleton is a wired sequence of steps. Object making (jtc.making)
writes recipes in these terms and exploration (jtc.exploration) runs skeletons of them."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum

from jtc.analysis.influence import Effects, FieldRef
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.model.program import Value
from jtc.model.types import BOXABLE, Descriptor, STRING_DESC, STRING_LIKE, TEXT_TOO, is_array, is_primitive


class SourceKind(StrEnum):
    """Where one input of a step comes from."""

    INPUT = "input"  # a symbolic input (primitives, Strings, arrays of primitives, boxed literals)
    REF = "ref"  # the result of an earlier step
    NULL = "null"
    FRESH = "fresh"  # a fresh value: a recipe's helper steps, inserted right before the consumer
    VALUE = "value"  # a fixed value: an input a producer is known to accept (making/valid_inputs.py)
    TAKEN = "taken"  # taken out of an earlier step's object (making/taking.py): helper steps before the consumer
    ALONGSIDE = "alongside"  # taken out of an object the recipe of another input of the same step made


ROOT = -1  # in a path of helper steps that takes an object out of another (TAKEN): that other object


EMPTY = Effects(frozenset(), frozenset(), frozenset(), frozenset(), frozenset(), True)


def hash_once(self: object) -> int:
    """A frozen dataclass's hash, computed on first use and kept: steps nest (a source's recipe holds
    steps, which hold sources), and skeleton prefixes and tree labels are looked up on every
    exploration step, so a hash recomputed each time walked whole recipes again (a third of the
    search's time on Commons CSV's CSVFormat)."""
    try:
        return self.__dict__["_hash"]
    except KeyError:
        value = hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare))  # type: ignore[arg-type]
        object.__setattr__(self, "_hash", value)
        return value


def state_without_hash(self: object) -> dict:
    """What pickling and copying keep: not the kept hash, which another process (another string
    hash seed) would compute differently."""
    return {name: value for name, value in self.__dict__.items() if name != "_hash"}


@dataclass(frozen=True)
class Source:
    kind: SourceKind
    index: int = -1  # REF: the step whose result is used; TAKEN: the step whose object it is taken out of;
    # ALONGSIDE: the input (of the same step) whose recipe made the object it is taken out of
    recipe: tuple[Step, ...] | None = None  # FRESH: the helper steps that make the value; TAKEN, ALONGSIDE: the path
    value: Value | None = None  # SourceKind.VALUE
    root: str = ""  # ALONGSIDE: the type of the object the path starts from (the last step of that recipe making one)
    literal: str = ""  # INPUT: the literal's type when it is not the input's own (a String passed for an Object)

    __hash__ = hash_once
    __getstate__ = state_without_hash


@dataclass(frozen=True)
class Step:
    """One statement of a wired sequence: an invokable and where each of its inputs comes from.
    A `helper` step only makes an input for a later step (a recipe's): it is not a step of the
    candidate sequence, and the exploration criteria do not ask it to pass data on by itself."""

    invokable: Invokable
    sources: tuple[Source, ...]  # parallel to invokable.inputs (receiver first)
    helper: bool = False
    prepares: bool = False  # a recipe's call on the value it made (making/preparations.py), or a step making its arguments

    __hash__ = hash_once
    __getstate__ = state_without_hash


Skeleton = tuple[Step, ...]
Recipe = tuple[Step, ...]  # helper steps; the last one that does not prepare gives the value made


def value_of(recipe: Recipe) -> int:
    """The step whose result is the value a recipe made (the preparations that follow act on it)."""
    return max(i for i, step in enumerate(recipe) if not step.prepares)


def is_symbolic_input(desc: Descriptor) -> bool:
    """Types whose values are symbolic inputs of their own: primitives, Strings and character
    sequences (given as Strings), arrays of primitives."""
    return is_primitive(desc) or desc in STRING_LIKE or (is_array(desc) and is_primitive(Descriptor(desc[1:])))


def accepts_literal(desc: Descriptor) -> bool:
    """Types a literal can be passed for: the symbolic inputs, and boxes and their supertypes (a
    primitive literal, boxed)."""
    return is_symbolic_input(desc) or desc in BOXABLE


def literal_sources(desc: str) -> list[Source]:
    """The literals a `desc` input may take, plainest first: its own kind (a boxed number for an
    Object), then a String where the type takes one too (types.TEXT_TOO)."""
    text = [Source(SourceKind.INPUT, literal=STRING_DESC)] if desc in TEXT_TOO else []
    return [Source(SourceKind.INPUT)] + text


def root_step(made: Source, root: str) -> int | None:
    """The last step of a FRESH source's recipe that makes a `root`."""
    if made.kind != SourceKind.FRESH or made.recipe is None:
        return None
    made_at = value_of(made.recipe)
    return max((i for i, step in enumerate(made.recipe) if step.invokable.returns == root and i != made_at), default=None)


def expand_recipes(steps: tuple[Step, ...]) -> Skeleton:
    """Turn FRESH, TAKEN and ALONGSIDE sources into their recipes' and paths' helper steps, placed
    right before their consumer, renumbering REFs."""
    if not any(s.kind in (SourceKind.FRESH, SourceKind.TAKEN, SourceKind.ALONGSIDE) for step in steps for s in step.sources):
        return steps
    expanded: list[Step] = []
    new_index: dict[int, int] = {}
    for old, step in enumerate(steps):
        sources = []
        made_at: dict[int, int] = {}  # input -> where its recipe starts
        for position, source in enumerate(step.sources):
            if source.kind == SourceKind.FRESH:
                assert source.recipe is not None
                start = made_at[position] = len(expanded)
                for helper in source.recipe:
                    expanded.append(Step(helper.invokable, tuple(
                        Source(SourceKind.REF, s.index + start) if s.kind == SourceKind.REF else s
                        for s in helper.sources), helper=True, prepares=helper.prepares))
                sources.append(Source(SourceKind.REF, start + value_of(source.recipe)))
            elif source.kind in (SourceKind.TAKEN, SourceKind.ALONGSIDE):
                assert source.recipe is not None
                if source.kind == SourceKind.TAKEN:
                    root = new_index[source.index]
                else:
                    at = root_step(step.sources[source.index], source.root)
                    assert at is not None
                    root = made_at[source.index] + at
                start = len(expanded)
                for helper in source.recipe:
                    expanded.append(Step(helper.invokable, tuple(
                        Source(SourceKind.REF, root if s.index == ROOT else s.index + start)
                        if s.kind == SourceKind.REF else s for s in helper.sources), helper=True))
                sources.append(Source(SourceKind.REF, len(expanded) - 1))
            elif source.kind == SourceKind.REF:
                sources.append(Source(SourceKind.REF, new_index[source.index]))
            else:
                sources.append(source)
        new_index[old] = len(expanded)
        expanded.append(Step(step.invokable, tuple(sources), step.helper, step.prepares))
    return tuple(expanded)


def length_of(skeleton: Skeleton) -> int:
    """Sequence length as iterative deepening counts it: helper steps make arguments, they are not steps."""
    return sum(1 for step in skeleton if not step.helper)


def effects_of_store(invokable: Invokable) -> Effects:
    """Field stores and array constructors define exactly what they name."""
    if invokable.kind in (InvokableKind.PUT, InvokableKind.PUT_STATIC):
        field = FieldRef(invokable.owner, invokable.name, invokable.desc, invokable.kind == InvokableKind.PUT_STATIC)
        return Effects(frozenset({field}), frozenset(), frozenset(), frozenset(), frozenset(), True)
    if invokable.kind == InvokableKind.ARRAY:
        return Effects(frozenset(), frozenset(), frozenset({invokable.desc[1:]}), frozenset(), frozenset(), True)
    return EMPTY


def methods_under_test(pool: list[Invokable], under_test: str) -> list[Invokable]:
    """Every constructor and method of the class under test and its nested classes (stores and
    arrays, collections and constants only set up state)."""
    return [inv for inv in pool if (inv.owner == under_test or inv.owner.startswith(under_test + "$"))
            and inv.kind in (InvokableKind.NEW, InvokableKind.CALL, InvokableKind.STATIC)]
