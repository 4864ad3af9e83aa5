"""The run context: what every class of one `jtc generate` run (or of one worker process) shares
(a class's own time is its clock's: pipeline/clock.py).

Setup that does not depend on the class under test belongs here, computed once per run and only
as far as a class needs it: the classpath and its class-file index, the JVM worker and the class
tables it reported (a JVM reports each class it instruments once, whichever class under test it
ran for), the influence analysis of the project's methods, the subtype relation, the ways to make
and take objects as seen from each package, and the runs of the valid-input sub-searches, which
the classes of a project share.
"""

from __future__ import annotations

import functools
import math
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

from jtc.analysis.influence import InfluenceAnalysis
from jtc.config import Settings
from jtc.errors import ClassFileTooNewError, HarnessError, UnknownClassError
from jtc.execution.runs import Executor
from jtc.java.toolchain import toolchain
from jtc.jvm.protocol import HarnessResult, encode_program
from jtc.jvm.worker import JvmWorker, WorkerSettings
from jtc.making.pool import Assignability, effects_of
from jtc.making.preparations import Preparations
from jtc.making.producers import Producers
from jtc.making.taking import Taking, sets_nothing
from jtc.making.valid_inputs import SubSearches
from jtc.model.classindex import ClassIndex
from jtc.model.classpath import Classpath
from jtc.model.classtable import ClassInfo
from jtc.model.program import Program
from jtc.model.repository import ClassRepository
from jtc.model.types import BinaryName, binary_name, internal_from_binary


@dataclass(frozen=True)
class Workshop:
    """The ways to make and take objects, as a test in one package may use them."""

    producers: Producers
    preparations: Preparations
    taking: Taking


@dataclass
class RunContext:
    settings: Settings
    classpath: Classpath
    index: ClassIndex
    worker: JvmWorker
    repository: ClassRepository = field(default_factory=ClassRepository)
    sub_searches: SubSearches = field(default_factory=SubSearches)
    workshops: dict[str, Workshop] = field(default_factory=dict)  # by package

    @functools.cached_property
    def analysis(self) -> InfluenceAnalysis:
        return InfluenceAnalysis(self.repository, self.index, lambda other: self.describe(binary_name(other)))

    @functools.cached_property
    def assignable(self) -> Assignability:
        return Assignability(self.index)

    def workshop(self, package: str) -> Workshop:
        """The producers, preparations and taking paths of a package's tests (internal name)."""
        found = self.workshops.get(package)
        if found is None:
            access = self.settings.access
            effects = functools.partial(effects_of, self.analysis)
            found = self.workshops[package] = Workshop(
                Producers(self.index, package, access, lambda factory: effects(factory).allocates),
                Preparations(self.index, package, access, effects),
                Taking(self.index, package, access, lambda getter: sets_nothing(effects(getter)), self.assignable))
        return found

    @staticmethod
    @contextmanager
    def open(settings: Settings) -> Iterator[RunContext]:
        """The context of a run, its JVM started (before the first class's clock: starting the JVM
        is no part of any class's budget), closed at the end."""
        classpath = Classpath.parse(settings.classpath, settings.dependencies)
        worker_settings = WorkerSettings(tuple(map(str, classpath.project)), settings.worker_heap_mb,
                                         dependencies=tuple(map(str, classpath.dependencies)))
        with ClassIndex(classpath.entries, toolchain().java_home, classpath.dependencies) as index, \
                JvmWorker(worker_settings) as worker:
            worker.start()
            yield RunContext(settings, classpath, index, worker)

    def executor(self) -> Executor:
        """A fresh executor: each stage keeps its runs apart from the others'."""
        return Executor(self.worker, self.repository, self.settings.record_budget, self.settings.execution_timeout_ms)

    def describe(self, name: str) -> ClassInfo | None:
        """The class table of a class (binary name), loading it in the worker if needed."""
        try:
            table = self.worker.describe(name)
        except HarnessError as error:
            message = str(error)
            if message.startswith("class-not-found"):
                raise UnknownClassError(f"class {name} cannot be loaded: {message.partition(' ')[2]}") from None
            if message.startswith("class-too-new"):
                raise ClassFileTooNewError(f"{name}: {message}") from None
            raise
        self.repository.add_tables([table], self.worker.generation)
        return self.repository.get(internal_from_binary(BinaryName(name)))

    def run(self, program: Program, timeout_ms: int | None = None, deadline: float = math.inf,
            replacing: tuple[str, bytes] | None = None) -> HarnessResult:
        """One run of a program outside any executor (probes, mutant runs); the class tables it
        reports are kept, as the worker reports each class once."""
        timeout = self.settings.execution_timeout_ms if timeout_ms is None else timeout_ms
        result = self.worker.run(encode_program(program), self.settings.record_budget, timeout, deadline, replacing)
        if result.failure is None and replacing is None:
            self.repository.add_tables(result.new_tables, result.generation)
        return result

