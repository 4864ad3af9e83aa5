"""`-j N`: classes spread over N worker processes, each with its own JVM worker.

Each process runs `jtc.pipeline.generate.generate` over the class names the parent sends it one at a time,
so a process keeps its JVM and class tables from class to class, as a `-j 1` run does. A class's
tests depend only on the class, the classpath and the settings, so the files are the same whatever
N is. A process that dies takes only the class it was on: that class is reported as failed and a
new process takes the next one.
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Callable, Iterator

from jtc.config import Settings
from jtc.interrupt import interrupt_on_terminate
from jtc.java.toolchain import toolchain, use_jdk
from jtc.project.results import ClassResult


def _serve(connection: Connection, settings: Settings) -> None:
    """A worker process: generate each class the parent sends until it sends None, with the run's JDK."""
    from jtc.pipeline.generate import generate

    interrupt_on_terminate()

    def names() -> Iterator[str]:
        while (name := connection.recv()) is not None:
            yield name

    try:
        with use_jdk(settings.jdk or toolchain()):
            for name, outcome in generate(settings, names()):
                connection.send(ClassResult.of(name, outcome))
    except KeyboardInterrupt:  # Ctrl-C, or the parent stopping the run: its JVM is closed on the way out
        return


Serve = Callable[[Connection, Settings], None]


class _Worker:
    def __init__(self, settings: Settings, serve: Serve) -> None:
        context = multiprocessing.get_context("spawn")  # never fork a process that may hold z3 or a JVM
        self.connection, child = context.Pipe()
        self.process: BaseProcess = context.Process(target=serve, args=(child, settings), daemon=True)
        self.process.start()
        child.close()
        self.current: str | None = None

    def give(self, name: str) -> None:
        self.current = name
        self.connection.send(name)

    def stop(self) -> None:
        try:
            self.connection.send(None)
        except OSError:
            pass
        self.process.join(timeout=30)
        if self.process.is_alive():
            self.process.kill()


def _died(worker: _Worker) -> ClassResult:
    name = worker.current or "?"
    worker.process.join(timeout=5)
    return ClassResult.failed(name, f"the worker process testing {name} died (exit code {worker.process.exitcode}); "
                                    f"no tests written for it")


def generate_parallel(settings: Settings, names: list[str], jobs: int, started: Callable[[str], None],
                      finished: Callable[[ClassResult], None], serve: Serve = _serve) -> None:
    """Generate `names` on `jobs` processes; `started` and `finished` are called in the parent as
    classes begin and end (in completion order). `serve` is what a process runs (tests replace it)."""
    waiting = deque(names)
    workers = [_Worker(settings, serve) for _ in range(min(jobs, len(names)))]
    try:
        while waiting or any(w.current for w in workers):
            for position, worker in enumerate(workers):
                if worker.current is None and waiting:
                    if not worker.process.is_alive():  # it died between two classes
                        worker = workers[position] = _Worker(settings, serve)
                    worker.give(waiting.popleft())
                    started(worker.current)  # type: ignore[arg-type]
            busy = [w for w in workers if w.current]
            ready = wait([w.connection for w in busy] + [w.process.sentinel for w in busy])
            for position, worker in enumerate(workers):
                if worker.current is None or not (worker.connection in ready or worker.process.sentinel in ready):
                    continue
                try:
                    result = worker.connection.recv() if worker.connection.poll() else None
                except (EOFError, OSError):
                    result = None
                if result is None:
                    finished(_died(worker))
                    workers[position] = _Worker(settings, serve)
                    continue
                worker.current = None
                finished(result)
    except BaseException:  # interrupted: the workers stop where they are (each file is whole or not written)
        for worker in workers:
            worker.process.terminate()
        raise
    finally:
        for worker in workers:
            worker.stop()
