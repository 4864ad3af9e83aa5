"""Preparations: calls that put a freshly made argument into the state the consumer reads.

A recipe makes an object in its initial state: a goblin that stands nowhere, a square with no
item, options with no option registered. `ChaseMove.nextMove(monster, heroes)` reads the monster's
square first, so with a fresh goblin it returns at once. A *preparation* is a method of the
argument's own class or a superclass that changes the object it is called on, void
(`Unit.occupy(Square)`) or fluent (`Options.addOption(…)` returns the options it changed), whose
writes the consumer reads (the static influence analysis says so; a `put` into a map the object
holds in a field writes that field); a prepared recipe is a recipe followed by one such call on
the value it made. Prepared recipes come after the plain ones: the search tries them as a
deviation, once the plainer wirings ran. The search also grows a run's argument by its
preparations, aimed at what the branches it left open read (exploration/growth.py, `aimed`).

An immutable object is not prepared by a void call: its *transformations* (`format.withHeader(…)`,
a method of its class that returns a new object of that type, or a builder's setter that returns
itself) give the configured value. Which of forty `with…` methods a consumer needs, its fields do
not tell (every one of them builds a whole new object), so the transformations are all offered,
to be told apart by what they cover (making/valid_inputs.py).
"""

from __future__ import annotations

from typing import Callable

from jtc.analysis.influence import Effects
from jtc.config import AccessOptions
from jtc.model.classindex import ClassIndex
from jtc.model.types import Descriptor, InternalName, internal_name
from jtc.calls.invokables import Invokable, InvokableKind, class_invokables
from jtc.calls.steps import accepts_literal

PER_CONSUMER = 2  # preparations tried per argument type and consumer


class Preparations:
    def __init__(self, index: ClassIndex, test_package: str, options: AccessOptions,
                 effects: Callable[[Invokable], Effects]) -> None:
        self.index = index
        self.test_package = test_package
        self.options = options
        self.effects = effects
        self._mutators: dict[str, list[Invokable]] = {}
        self._found: dict[tuple[str, Invokable], list[Invokable]] = {}
        self._transformations: dict[str, list[Invokable]] = {}

    def for_argument(self, desc: Descriptor, consumer: Invokable) -> list[Invokable]:
        """The methods that change a `desc` object (its class's or inherited) whose writes `consumer` reads."""
        key = (desc, consumer)
        found = self._found.get(key)
        if found is None:
            reads = self.effects(consumer)
            found = [m for m in self._of(desc) if self.effects(m).influences(reads)][:PER_CONSUMER]
            self._found[key] = found
        return found

    def aimed(self, desc: Descriptor, reads: Effects, held: Callable[[str], bool]) -> list[Invokable]:
        """The methods that change a `desc` object whose writes `reads` reads (what the methods
        holding open branches read), the likeliest to serve first: those whose object arguments
        the sequence holds (`held`: a piece placed on the board it reads) or that take none, so
        that every value they take is symbolic and the solver can join it to the consumer's
        inputs (the name registered and the token that names it); then the most of what is read
        written; then the most values taken (a short and a long name, whether a value follows)."""
        found = [m for m in self._of(desc) if self.effects(m).influences(reads)]

        def rank(mutator: Invokable) -> tuple[int, int, int]:
            written = self.effects(mutator).defs & reads.uses
            made = sum(1 for param in mutator.params if not accepts_literal(param) and not held(param))
            return made, -len(written), -len(mutator.params)
        return sorted(found, key=rank)

    def transformations(self, desc: Descriptor, consumer: Invokable) -> list[Invokable]:
        """The methods of a `desc` object that return a `desc` (its class's or inherited) whose
        writes `consumer` reads, all of them."""
        reads = self.effects(consumer)
        return [m for m in self._transforming(desc) if self.effects(m).influences(reads)]

    def _transforming(self, desc: Descriptor) -> list[Invokable]:
        known = self._transformations.get(desc)
        if known is None:
            known = self._transformations[desc] = [m for m in self._calls(desc) if m.returns == desc]
        return known

    def _of(self, desc: Descriptor) -> list[Invokable]:
        """The methods that change a `desc` object: void ones, and fluent ones that return it."""
        known = self._mutators.get(desc)
        if known is None:
            known = self._mutators[desc] = [m for m in self._calls(desc)
                                            if m.returns == "V" or self.effects(m).gives_receiver]
        return known

    def _calls(self, desc: Descriptor) -> list[Invokable]:
        """The instance methods a test can call on a `desc` object, of its project class and superclasses."""
        found: list[Invokable] = []
        if desc.startswith("L"):
            for name, info in self.index.supertypes(internal_name(desc)):
                if info is None or not self.index.is_project_class(name) or info.is_interface:
                    continue
                found.extend(m for m in class_invokables(self.index, info, InternalName(self.test_package), self.options)
                             if m.kind == InvokableKind.CALL and not m.reflective)
        return found
