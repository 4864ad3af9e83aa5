"""-j N: a worker process that dies loses only the class it was on; the others are still generated."""

from __future__ import annotations

import os
from multiprocessing.connection import Connection

from jtc.config import Settings
from jtc.project.parallel import generate_parallel
from jtc.project.results import ClassResult, Status


def serve_or_die(connection: Connection, settings: Settings) -> None:
    """Stands in for a worker: answers each class, and dies (as a process killed by the kernel) on one."""
    while (name := connection.recv()) is not None:
        if name == "a.Killer":
            os._exit(9)
        connection.send(ClassResult(name, Status.WRITTEN, [f"{name}: 1 test written"], tests=1))


def test_a_dying_worker_loses_only_its_class():
    started: list[str] = []
    finished: list[ClassResult] = []
    names = ["a.One", "a.Killer", "a.Two", "a.Three", "a.Four"]
    generate_parallel(Settings(classpath=("x",)), names, 2, started.append, finished.append, serve=serve_or_die)
    assert sorted(started) == sorted(names)
    by_name = {result.name: result for result in finished}
    assert sorted(by_name) == sorted(names)
    assert by_name["a.Killer"].status == Status.FAILED
    assert "the worker process testing a.Killer died (exit code 9)" in by_name["a.Killer"].lines[0]
    assert all(by_name[name].status == Status.WRITTEN for name in names if name != "a.Killer")
