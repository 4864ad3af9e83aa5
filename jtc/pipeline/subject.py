"""The class under test as the stages share it: what the setup made of it, the tables of it and its
nested classes, and the probe that reads what its tests can assert. Every stage after the setup
takes a `Subject`; none asks another stage for these."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from jtc.analysis.influence import Effects, InfluenceAnalysis
from jtc.calls.invokables import Invokable
from jtc.exploration.generator import SequenceGenerator
from jtc.making.pool import Pool
from jtc.making.taking import Taking
from jtc.making.valid_inputs import ValidInputs
from jtc.model.classfile import ClassFile
from jtc.model.classtable import ClassInfo
from jtc.model.types import BinaryName, InternalName, binary_name
from jtc.oracle.observers import fields, observers, queries
from jtc.oracle.probe import Prober
from jtc.pipeline.context import RunContext


@dataclass
class Subject:
    """The class under test, set up for the search."""

    name: BinaryName
    declared: ClassFile
    table: ClassInfo
    analysis: InfluenceAnalysis
    pool: Pool
    targets: list[Invokable]
    taking: Taking
    valid: ValidInputs
    generator: SequenceGenerator
    valid_input_seconds: float  # of the setup's time, the valid-input sub-searches' (they run the class's code)

    @property
    def internal_name(self) -> InternalName:
        return self.declared.name

    @property
    def members(self) -> frozenset[tuple[str, str, str]]:
        """The members under test, as (owner, name, descriptor)."""
        return frozenset((t.owner, t.name, t.desc) for t in self.targets)


def class_tables(context: RunContext, subject: Subject) -> list[ClassInfo]:
    """The tables of the class under test and of its nested classes, the class's first."""
    nested = (context.describe(binary_name(name)) for name in context.index.nested(subject.internal_name))
    return [subject.table, *(table for table in nested if table is not None)]


def prober_of(context: RunContext, subject: Subject, effects: Callable[[str, str, str], Effects],
              deadline: float) -> Prober:
    """The probe of the class's tests, its runs cut at `deadline`: the observers and queries of a
    class are its members that change nothing (`effects`: the influence analysis's), and the fields
    its tests can read that no such method reads; with --select-assertions also those of the objects
    a call of the class under test was given or gave back."""
    index = context.index
    return Prober(index, subject.internal_name, functools.partial(context.run, deadline=deadline),
                  functools.cache(lambda receiver: observers(index, effects, receiver)
                                  + fields(index, effects, receiver, subject.internal_name)),
                  functools.cache(lambda receiver: queries(index, effects, receiver)), context.settings.select_assertions)
