"""The run context: what every class of one `jtc generate` run (or of one worker process) shares,
and the clock of one class.

Setup that does not depend on the class under test belongs here, computed once per run: the
classpath and its class-file index, the JVM worker and the class tables it reported (a JVM reports
each class it instruments once, whichever class under test it ran for), and the runs of the
valid-input sub-searches, which the classes of a project share.
"""

from __future__ import annotations

import math
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

from jtc.config import Settings
from jtc.errors import ClassFileTooNewError, HarnessError, UnknownClassError
from jtc.execution.runs import Executor
from jtc.java.toolchain import toolchain
from jtc.jvm.protocol import HarnessResult, encode_program
from jtc.jvm.worker import JvmWorker, WorkerSettings
from jtc.making.valid_inputs import SubSearches
from jtc.model.classindex import ClassIndex
from jtc.model.classpath import Classpath
from jtc.model.classtable import ClassInfo
from jtc.model.program import Program
from jtc.model.repository import ClassRepository


@dataclass
class RunContext:
    settings: Settings
    classpath: Classpath
    index: ClassIndex
    worker: JvmWorker
    repository: ClassRepository = field(default_factory=ClassRepository)
    sub_searches: SubSearches = field(default_factory=SubSearches)

    @staticmethod
    @contextmanager
    def open(settings: Settings) -> Iterator[RunContext]:
        """The context of a run, its JVM started (before the first class's clock: starting the JVM
        is no part of any class's budget), closed at the end."""
        classpath = Classpath.parse(settings.classpath)
        with ClassIndex(classpath.entries, toolchain().java_home) as index, \
                JvmWorker(WorkerSettings(classpath.as_strings(), settings.worker_heap_mb)) as worker:
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
        return self.repository.get(name.replace(".", "/"))

    def run(self, program: Program, timeout_ms: int | None = None, deadline: float = math.inf,
            replacing: tuple[str, bytes] | None = None) -> HarnessResult:
        """One run of a program outside any executor (probes, mutant runs); the class tables it
        reports are kept, as the worker reports each class once."""
        timeout = self.settings.execution_timeout_ms if timeout_ms is None else timeout_ms
        result = self.worker.run(encode_program(program), self.settings.record_budget, timeout, deadline, replacing)
        if result.failure is None and replacing is None:
            self.repository.add_tables(result.new_tables, result.generation)
        return result


@dataclass(frozen=True)
class Clock:
    """One class's time: its budget covers setup and search; each later stage has a share of the
    budget on top of it, counted from when the stage starts."""

    budget: float
    started: float = field(default_factory=time.monotonic)

    @property
    def deadline(self) -> float:
        return self.started + self.budget

    def share(self, fraction: float) -> float:
        """The deadline of a stage that starts now and may take `fraction` of the budget."""
        return time.monotonic() + fraction * self.budget
