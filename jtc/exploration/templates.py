"""Program templates: a call sequence whose arguments are symbolic inputs, and the programs it yields.

The template fixes the statements (a wired candidate sequence) and which arguments are unknowns;
an assignment of the unknowns turns it into a concrete Program.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from jtc.config import Settings
from jtc.model.classtable import MethodInfo
from jtc.model.program import ArrayLiteral, Literal, Null, Program, Statement, Value, VarRef
from jtc.model.types import BOXABLE, Descriptor, STRING_DESC, STRING_LIKE, is_array, is_primitive, object_desc
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.calls.steps import Skeleton, Source, SourceKind, Step
from jtc.calls.statements import statement_for, with_args
from jtc.svm.concrete import f32
from jtc.svm.inputs import (ArrayInput, Assignment, InputSpec, InputVariables, PrimitiveInput, StringInput,
                            VariableStore)


@dataclass(frozen=True)
class Limits:
    """The longest arrays and Strings the search tries."""

    max_array_length: int
    max_string_length: int

    @staticmethod
    def of(settings: Settings) -> Limits:
        return Limits(settings.max_array_length, settings.max_string_length)

    def at_most(self, length: int) -> Limits:
        return Limits(min(self.max_array_length, length), min(self.max_string_length, length))


def _default(desc: str) -> bool | int | float:
    if desc == "Z":
        return False
    return 0.0 if desc in "FD" else 0


def _spec_for(name: str, desc: Descriptor, limits: Limits) -> InputSpec | None:
    if is_primitive(desc):
        return PrimitiveInput(name, desc)
    if desc in BOXABLE:
        return PrimitiveInput(name, BOXABLE[desc])  # passed boxed
    if desc in STRING_LIKE:
        return StringInput(name, limits.max_string_length)
    if is_array(desc) and is_primitive(Descriptor(desc[1:])):
        return ArrayInput(name, desc, limits.max_array_length)
    return None


def _overload(invokable: Invokable) -> str:
    """The method descriptor, so that overloads (add(int,int) beside add(long,long)) never share a
    variable name, and with it a z3 variable of the wrong width, in one constraint tree."""
    return invokable.desc if invokable.desc.startswith("(") else ""


class ProgramTemplate:
    """Statements with symbolic arguments at `specs[(statement, argument)]`."""

    def __init__(self, statements: list[Statement], specs: dict[tuple[int, int], InputSpec],
                 store: VariableStore | None = None) -> None:
        self.statements = statements
        self.specs = specs
        self.store = store

    @staticmethod
    def for_skeleton(skeleton: Skeleton, limits: Limits, store: VariableStore | None = None) -> ProgramTemplate:
        """One statement per step; inputs are named after their position, member and parameter, so
        that skeletons sharing a prefix share its variables (and a constraint tree)."""
        statements: list[Statement] = []
        specs: dict[tuple[int, int], InputSpec] = {}
        for index, step in enumerate(skeleton):
            invokable = step.invokable
            receiver = None
            values: list[Value] = []
            for position, (desc, source) in enumerate(zip(invokable.inputs, step.sources)):
                if source.kind == SourceKind.REF:
                    value: Value = VarRef(source.index, skeleton[source.index].invokable.returns)
                elif source.kind == SourceKind.VALUE:
                    assert source.value is not None
                    value = source.value
                else:
                    value = Null(desc)  # NULL, or a placeholder that `build` fills in
                if invokable.receiver is not None and position == 0:
                    receiver = value
                    continue
                argument = len(values)
                if source.kind == SourceKind.INPUT:
                    name = f"s{index}.{invokable.label}{_overload(invokable)}.{invokable.param_names[argument]}"
                    if source.literal:  # another kind of value than the plain literal: another variable
                        name = f"{name}:{source.literal}"
                    spec = _spec_for(name, Descriptor(source.literal or desc), limits)
                    if invokable.kind == InvokableKind.COLLECTION and isinstance(spec, (StringInput, ArrayInput)):
                        # The VM meets an element again by its object id (list.get, an iterator's
                        # next), and a null has none: its checks could not be decisions.
                        spec = replace(spec, nullable=False)
                    if spec is not None:
                        specs[(index, argument)] = spec
                values.append(value)
            statements.append(statement_for(invokable, receiver, tuple(values)))  # type: ignore[arg-type]
        return ProgramTemplate(statements, specs, store)

    @staticmethod
    def for_method(method: MethodInfo, limits: Limits) -> ProgramTemplate:
        """`new Owner()` (for instance methods) and then `method` with every supported argument symbolic."""
        call = Invokable(InvokableKind.STATIC if method.is_static else InvokableKind.CALL, method.owner, method.name, method.desc,
                         None if method.is_static else object_desc(method.owner), method.params,
                         tuple(f"arg{i}" for i in range(len(method.params))), method.returns)
        inputs = tuple(Source(SourceKind.INPUT) for _ in method.params)
        if method.is_static:
            return ProgramTemplate.for_skeleton((Step(call, inputs),), limits)
        new = Invokable(InvokableKind.NEW, method.owner, "<init>", "()V", None, (), (), object_desc(method.owner))
        return ProgramTemplate.for_skeleton((Step(new, ()), Step(call, (Source(SourceKind.REF, 0),) + inputs)), limits)

    def variables(self) -> InputVariables:
        return InputVariables(dict(self.specs), self.store)

    def build(self, assignment: Assignment) -> Program:
        statements = []
        for index, statement in enumerate(self.statements):
            args = tuple(
                _value(self.specs[(index, position)], assignment) if (index, position) in self.specs else arg
                for position, arg in enumerate(statement.args)
            )
            statements.append(with_args(statement, args) if args != statement.args else statement)
        return tuple(statements)

    def seeded(self, assignment: Assignment, texts: tuple[str, ...], most: int) -> list[Assignment]:
        """`assignment` with one String input set to one of `texts` (each input, each text, in turn),
        at most `most` of them: the code's own words tried where its checks compare inputs with them."""
        names = [spec for spec in self.specs.values() if isinstance(spec, StringInput)]
        found: list[Assignment] = []
        for spec in names:
            for text in texts:
                if len(found) >= most:
                    return found
                if len(text) <= spec.max_length and assignment.get(spec.name) != text:
                    found.append({**assignment, spec.null_name: False, spec.name: text})
        return found

    def initial_assignment(self, rng: random.Random) -> Assignment:
        """Plain, varied starting values; the solver takes it from there."""
        assignment: Assignment = {}
        for spec in self.specs.values():
            if isinstance(spec, PrimitiveInput):
                assignment[spec.name] = _random_primitive(spec.desc, rng)
            elif isinstance(spec, StringInput):
                assignment[spec.null_name] = False
                assignment[spec.name] = rng.choice(("", "a", "abc", "hello"))
            else:
                assignment[spec.null_name] = False
                length = rng.randint(0, 3)
                assignment[spec.length_name] = length
                for i in range(length):
                    assignment[spec.element_name(i)] = _random_primitive(spec.desc[1:], rng)
        return assignment


def _random_primitive(desc: str, rng: random.Random) -> bool | int | float:
    if desc == "Z":
        return rng.random() < 0.5
    if desc == "C":
        return ord(rng.choice("abcxyzAZ09 "))
    if desc == "F":
        return f32(round(rng.uniform(-10, 50), 1))
    if desc == "D":
        return round(rng.uniform(-10, 50), 2)
    if desc == "B":
        return rng.randint(-20, 20)
    return rng.randint(-3, 12)  # small, as people write them: a size of 40 makes loops (and their replay) long


def _value(spec: InputSpec, assignment: Assignment) -> Value:
    if isinstance(spec, PrimitiveInput):
        return Literal(spec.desc, assignment.get(spec.name, _default(spec.desc)))
    if assignment.get(spec.null_name, False):
        return Null(spec.desc if isinstance(spec, ArrayInput) else STRING_DESC)
    if isinstance(spec, StringInput):
        return Literal(STRING_DESC, assignment.get(spec.name, ""))
    element = spec.desc[1:]
    length = int(assignment.get(spec.length_name, 0))
    return ArrayLiteral(spec.desc, tuple(assignment.get(spec.element_name(i), _default(element))
                                         for i in range(length)))


def merge(base: Assignment, solved: Assignment) -> Assignment:
    """A parent execution's inputs updated with a model: unconstrained inputs keep their values."""
    merged = dict(base)
    merged.update(solved)
    return merged
