"""Supervision of the worker process that hosts the JVM: start, call with a deadline, replace.

A request that gets no answer in time kills the worker; a worker that dies (System.exit in library
code, a native crash, an exhausted heap) is noticed on the pipe. Either way the caller gets a
HarnessResult saying so, a replacement starts at once and boots while the search goes on (the next
request waits for it, but not past the search's deadline), and nothing found so far is lost.
"""

from __future__ import annotations

import math
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

from jtc.errors import HarnessError, ToolchainError
from jtc.java.bundle import agent_jar
from jtc.jvm.protocol import FailureKind, HarnessResult, WorkerFailure
from jtc.jvm.worker_main import WorkerConfig
from jtc.java.toolchain import toolchain

STARTUP_SECONDS = 60.0
GRACE_SECONDS = 5.0  # beyond the harness's own watchdog, before the process is killed
DEADLINE_GRACE_SECONDS = 0.5  # beyond the search's deadline, before a run that still has not answered is killed


@dataclass(frozen=True)
class WorkerSettings:
    user_classpath: tuple[str, ...]  # the project's classes: defined afresh for every run, instrumented
    heap_mb: int = 512
    instrument: bool = True
    dependencies: tuple[str, ...] = ()  # dependency jars: loaded once per JVM, never instrumented


def _jvm_library(home: Path) -> str:
    # Linux, macOS, Windows; a JDK 8's layout last.
    for candidate in ("lib/server/libjvm.so", "lib/server/libjvm.dylib", "bin/server/jvm.dll", "lib/client/libjvm.so",
                      "jre/lib/amd64/server/libjvm.so"):
        path = home / candidate
        if path.is_file():
            return str(path)
    raise ToolchainError(f"no JVM library (libjvm.so, libjvm.dylib or jvm.dll) under {home}")


def jdk_options(release: int) -> tuple[str, ...]:
    """JVM options the JDK asks for: from Java 22 on, native access granted to JPype's classes, which
    would otherwise draw a warning about restricted methods from the JVM."""
    return ("--enable-native-access=ALL-UNNAMED",) if release >= 22 else ()


def _death(exit_code: int | None) -> str:
    """How the worker process ended, in words."""
    if exit_code is None:
        return "the JVM worker stopped answering"
    if exit_code < 0:
        try:
            return f"the JVM died of signal {signal.Signals(-exit_code).name}"
        except ValueError:
            return f"the JVM died of signal {-exit_code}"
    return f"the JVM exited with status {exit_code}"


class JvmWorker:
    def __init__(self, settings: WorkerSettings) -> None:
        self.settings = settings
        self.jdk = toolchain()  # the JDK of the command that made it: every JVM it starts, replacements too
        self.generation = 0
        self.restarts = 0
        self._process: subprocess.Popen | None = None
        self._connection: Connection | None = None
        self._ready = False  # the JVM of the current process answered its configuration
        self._spawned = 0.0  # time.monotonic() when the current process was started
        self._in_flight = False  # a request was sent and its answer not yet received
        self._log = Path(tempfile.gettempdir()) / f"jtc-worker-{os.getpid()}-{id(self)}.log"

    # ---- lifecycle -----------------------------------------------------------------------------

    def start(self) -> None:
        """Start the JVM now (and wait until it is ready), rather than on the first request."""
        self._ensure()

    def _spawn(self) -> None:
        """Start a worker process and hand it its configuration, without waiting for its JVM: a
        replacement boots while the search goes on, and `_ensure` waits for it when it is needed."""
        self.generation += 1
        config = WorkerConfig(
            jvm_library=_jvm_library(self.jdk.java_home), agent_jar=str(agent_jar()),
            user_classpath=self.settings.user_classpath, dependencies=self.settings.dependencies,
            heap_mb=self.settings.heap_mb, jdk_options=jdk_options(self.jdk.release), instrument=self.settings.instrument,
            generation=self.generation,
            crash_log=str(self._log.with_suffix(".crash")),
        )
        ours, theirs = socket.socketpair()
        with open(self._log, "wb") as log:
            process = subprocess.Popen(
                [sys.executable, "-m", "jtc.jvm.worker_main", str(theirs.fileno())],
                pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, stdout=log, stderr=log,
            )
        theirs.close()
        connection = Connection(ours.detach())
        connection.send(config)
        self._process, self._connection, self._ready, self._spawned = process, connection, False, time.monotonic()

    def _await_ready(self, deadline: float) -> bool:
        """Wait for the spawned worker's JVM; False when `deadline` (time.monotonic()) came first.

        A JVM that is not up within STARTUP_SECONDS of its start, or whose process ended, is an
        error of the toolchain."""
        assert self._process is not None and self._connection is not None
        limit = self._spawned + STARTUP_SECONDS
        if not self._connection.poll(max(0.0, min(limit, deadline) - time.monotonic())):
            if time.monotonic() < limit:
                return False
            self._process.kill()
            raise ToolchainError(f"the JVM worker did not start within {STARTUP_SECONDS:.0f} s: {self.log_tail()}")
        try:
            self._connection.recv()
        except EOFError:
            self._process.wait(5)
            self._process, self._connection = None, None
            raise ToolchainError(f"the JVM worker failed to start: {self.log_tail()}") from None
        self._ready = True
        return True

    def _ensure(self, deadline: float = math.inf) -> bool:
        """A ready worker (started or replaced as needed); False when `deadline` passed first."""
        if self._in_flight:  # a request was interrupted between question and answer: the pipe is out of step
            self._discard()
        if self._process is not None and self._process.poll() is not None:
            self.restarts += 1
            self._discard()
        if self._process is None:
            self._spawn()
        return self._ready or self._await_ready(deadline)

    def _replace(self) -> None:
        """Kill the worker and start its successor at once (it boots in the background)."""
        self.restarts += 1
        self._discard()
        self._spawn()

    def _discard(self) -> None:
        if self._process is not None:
            if self._process.poll() is None:
                self._process.kill()
            self._process.wait(5)
        if self._connection is not None:
            self._connection.close()
        self._process, self._connection, self._ready, self._in_flight = None, None, False, False

    def close(self) -> None:
        if self._process is not None and self._process.poll() is None and self._ready and not self._in_flight:
            try:
                self._pipe.send(("stop",))
                self._process.wait(5)
            except (BrokenPipeError, OSError, subprocess.TimeoutExpired):
                pass
        self._discard()
        self._log.unlink(missing_ok=True)
        self._log.with_suffix(".crash").unlink(missing_ok=True)

    def __enter__(self) -> JvmWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def _pipe(self) -> Connection:
        """The connection to the worker process; there is one whenever there is a process (requests call
        `_ensure` first)."""
        assert self._connection is not None
        return self._connection

    def log_tail(self, limit: int = 2000) -> str:
        try:
            return self._log.read_text(errors="replace")[-limit:].strip() or "(no output)"
        except OSError:
            return "(no output)"

    # ---- requests ------------------------------------------------------------------------------

    def describe(self, binary_name: str) -> str:
        """The class table of a user class; HarnessError carries the harness's error string."""
        self._ensure()
        self._in_flight = True
        self._pipe.send(("describe", binary_name))
        if not self._pipe.poll(STARTUP_SECONDS):
            self._replace()
            raise HarnessError(f"describing {binary_name} timed out")
        try:
            status, payload = self._pipe.recv()
        except EOFError:
            log = self.log_tail()
            self._replace()
            raise HarnessError(f"the JVM died while describing {binary_name}: {log}") from None
        self._in_flight = False
        if status != "ok":
            raise HarnessError(payload)
        return payload

    def run(self, program: str, budget: int, timeout_ms: int, deadline: float = math.inf,
            replacing: tuple[str, bytes] | None = None) -> HarnessResult:
        """Run one program. `timeout_ms` is the harness's watchdog; `deadline` (time.monotonic(),
        the end of the search) bounds the wait for a replacement JVM and for the answer: past it the
        result is a failure of kind DEADLINE, which is nothing the code under test did. With
        `replacing` (binary name, class file), that class file stands in for the classpath's
        class and the run is uninstrumented: a mutant's run, with statuses and values but no trace."""
        if not self._ensure(deadline):
            return HarnessResult.failed(WorkerFailure(FailureKind.DEADLINE), self.generation)
        generation = self.generation
        started = time.perf_counter()
        wait = min(timeout_ms / 1000 + GRACE_SECONDS, deadline - time.monotonic() + DEADLINE_GRACE_SECONDS)
        try:
            self._in_flight = True
            request = ("run", program, budget, timeout_ms) if replacing is None \
                else ("replacing", program, budget, timeout_ms, *replacing)
            self._pipe.send(request)
            if not self._pipe.poll(max(wait, 0.0)):
                timed_out = wait >= timeout_ms / 1000 + GRACE_SECONDS
                self._replace()
                kind = FailureKind.TIMEOUT if timed_out else FailureKind.DEADLINE
                return HarnessResult.failed(WorkerFailure(kind), generation)
            status, result = self._pipe.recv()
            self._in_flight = False
        except (EOFError, BrokenPipeError, ConnectionResetError):
            exit_code = self._process.wait(5) if self._process is not None else None
            self._replace()
            return HarnessResult.failed(WorkerFailure(FailureKind.CRASH, _death(exit_code)), generation)
        transfer_started = time.perf_counter()
        result.trace = result.trace.tolist()
        result.seconds["transfer"] = (transfer_started - started) - sum(result.seconds.values()) \
            + (time.perf_counter() - transfer_started)
        return result
