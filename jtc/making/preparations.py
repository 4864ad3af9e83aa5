"""Preparations: calls that put a freshly made argument into the state the consumer reads.

A recipe makes an object in its initial state: a goblin that stands nowhere, a square with no
item. `ChaseMove.nextMove(monster, heroes)` reads the monster's square first, so with a fresh
goblin it returns at once. A *preparation* is a void method of the argument's own class or a
superclass (`Unit.occupy(Square)`) whose writes the consumer reads (the static influence analysis
says so); a prepared recipe is a recipe followed by one such call on the value it made. Prepared
recipes come after the plain ones: the search tries them as a deviation, once the plainer wirings
ran.

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
from jtc.model.types import internal_name
from jtc.calls.invokables import Invokable, InvokableKind, class_invokables

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

    def for_argument(self, desc: str, consumer: Invokable) -> list[Invokable]:
        """The void methods of a `desc` object (its class's or inherited) whose writes `consumer` reads."""
        key = (desc, consumer)
        found = self._found.get(key)
        if found is None:
            reads = self.effects(consumer)
            found = [m for m in self._of(desc) if self.effects(m).influences(reads)][:PER_CONSUMER]
            self._found[key] = found
        return found

    def transformations(self, desc: str, consumer: Invokable) -> list[Invokable]:
        """The methods of a `desc` object that return a `desc` (its class's or inherited) whose
        writes `consumer` reads, all of them."""
        reads = self.effects(consumer)
        return [m for m in self._transforming(desc) if self.effects(m).influences(reads)]

    def _transforming(self, desc: str) -> list[Invokable]:
        known = self._transformations.get(desc)
        if known is None:
            known = self._transformations[desc] = [m for m in self._calls(desc) if m.returns == desc]
        return known

    def _of(self, desc: str) -> list[Invokable]:
        known = self._mutators.get(desc)
        if known is None:
            known = self._mutators[desc] = [m for m in self._calls(desc) if m.returns == "V"]
        return known

    def _calls(self, desc: str) -> list[Invokable]:
        """The instance methods a test can call on a `desc` object, of its project class and superclasses."""
        found: list[Invokable] = []
        if desc.startswith("L"):
            for name, info in self.index.supertypes(internal_name(desc)):
                if info is None or not self.index.is_project_class(name) or info.is_interface:
                    continue
                found.extend(m for m in class_invokables(self.index, info, self.test_package, self.options)
                             if m.kind == InvokableKind.CALL and not m.reflective)
        return found
