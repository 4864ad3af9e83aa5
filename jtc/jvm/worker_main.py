"""The worker process: one JVM (through JPype) serving execution requests over a socket.

JPype allows one JVM per process, and code under test may kill its JVM (System.exit in library
code, a native crash, memory exhaustion), so the JVM lives here, away from the search state. The
supervisor starts it as `python -m jtc.jvm.worker_main <fd>` with its stdout/stderr going to a log
file (the code under test may print), and sends the WorkerConfig as the first message.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection

from jtc.jvm.protocol import HarnessResult
from jtc.model.program import StatementStatus


@dataclass(frozen=True)
class WorkerConfig:
    jvm_library: str
    agent_jar: str  # the agent, ASM shaded into it: the JVM's whole class path
    user_classpath: tuple[str, ...]
    dependencies: tuple[str, ...]
    heap_mb: int
    jdk_options: tuple[str, ...]  # what the JDK itself asks for (worker.jdk_options)
    instrument: bool
    generation: int
    crash_log: str


def _strings(array: object) -> list[str | None]:
    return [None if item is None else str(item) for item in array]  # type: ignore[attr-defined]


def serve(connection: Connection, config: WorkerConfig) -> None:
    import jpype
    import numpy

    jpype.startJVM(
        config.jvm_library,
        f"-javaagent:{config.agent_jar}",
        f"-Xmx{config.heap_mb}m",
        "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1",
        "-Djava.awt.headless=true",
        f"-XX:ErrorFile={config.crash_log}",  # not hs_err_pid*.log in the user's working directory
        *config.jdk_options,
        classpath=[config.agent_jar],
        convertStrings=False,
    )
    harness = jpype.JClass("jtc.agent.Harness")
    strings = jpype.JArray(jpype.JString)
    harness.configure(strings(list(config.user_classpath)), strings(list(config.dependencies)), config.instrument)
    connection.send(("ready", None))
    while True:
        request = connection.recv()
        kind = request[0]
        if kind == "stop":
            return
        if kind == "describe":
            try:
                connection.send(("ok", str(harness.describe(request[1]))))
            except jpype.JException as error:
                connection.send(("error", str(error.getMessage())))
            continue
        started = time.perf_counter()
        if kind == "replacing":  # a mutant's run: its class file stands in for the classpath's
            _, program, budget, timeout_ms, binary_name, class_file = request
            result = harness.runReplacing(program, budget, timeout_ms, binary_name, jpype.JArray(jpype.JByte)(class_file))
        else:
            _, program, budget, timeout_ms = request
            result = harness.run(program, budget, timeout_ms)
        jvm_seconds = time.perf_counter() - started
        trace = numpy.asarray(result.trace, dtype=numpy.int64)
        connection.send(("ok", HarnessResult(
            trace=trace,  # type: ignore[arg-type]  # a numpy array here; the supervisor makes it a list
            executed=int(result.executed),
            status=[StatementStatus(str(s)) for s in result.status],
            values=_strings(result.values),
            messages=_strings(result.messages),
            throw_sites=_strings(result.throwSites),
            throw_stacks=_strings(result.throwStacks),
            out=_strings(result.out),
            err=_strings(result.err),
            abort=int(result.abort),
            exit_status=int(result.exitStatus),
            error=None if result.error is None else str(result.error),
            new_tables=_strings(result.newTables),  # type: ignore[arg-type]
            nanos=int(result.nanos),
            generation=config.generation,
            seconds={"jvm": jvm_seconds, "convert": time.perf_counter() - started - jvm_seconds},
        )))


if __name__ == "__main__":
    channel = Connection(int(sys.argv[1]))
    serve(channel, channel.recv())
