"""Supervision of the worker process that hosts the JVM: start, call with a deadline, replace.

A request that gets no answer in time kills the worker; a worker that dies (System.exit in library
code, a native crash, an exhausted heap) is noticed on the pipe. Either way the caller gets a
HarnessResult saying so, the next request starts a fresh worker, and nothing found so far is lost.
"""

from __future__ import annotations

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
from jtc.jvm.agent_jar import agent_classpath, agent_jar
from jtc.jvm.protocol import HarnessResult
from jtc.jvm.worker_main import WorkerConfig
from jtc.toolchain import toolchain

STARTUP_SECONDS = 60.0
GRACE_SECONDS = 5.0  # beyond the harness's own watchdog, before the process is killed


@dataclass(frozen=True)
class WorkerSettings:
    user_classpath: tuple[str, ...]
    heap_mb: int = 512
    instrument: bool = True


def _jvm_library() -> str:
    home = toolchain().java_home
    for candidate in ("lib/server/libjvm.so", "lib/client/libjvm.so", "jre/lib/amd64/server/libjvm.so"):
        path = home / candidate
        if path.is_file():
            return str(path)
    raise ToolchainError(f"no libjvm.so under {home}")


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
        self.generation = 0
        self.restarts = 0
        self._process: subprocess.Popen | None = None
        self._connection: Connection | None = None
        self._log = Path(tempfile.gettempdir()) / f"jtc-worker-{os.getpid()}-{id(self)}.log"

    # ---- lifecycle -----------------------------------------------------------------------------

    def _start(self) -> None:
        self.generation += 1
        config = WorkerConfig(
            jvm_library=_jvm_library(), agent_jar=str(agent_jar()),
            java_classpath=tuple(map(str, agent_classpath())), user_classpath=self.settings.user_classpath,
            heap_mb=self.settings.heap_mb, instrument=self.settings.instrument, generation=self.generation,
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
        if not connection.poll(STARTUP_SECONDS):
            process.kill()
            raise ToolchainError(f"the JVM worker did not start within {STARTUP_SECONDS:.0f} s: {self.log_tail()}")
        try:
            connection.recv()
        except EOFError:
            process.wait(5)
            raise ToolchainError(f"the JVM worker failed to start: {self.log_tail()}") from None
        self._process, self._connection = process, connection

    def _ensure(self) -> None:
        if self._process is None or self._process.poll() is not None:
            if self._process is not None:
                self.restarts += 1
                self._discard()
            self._start()

    def _discard(self) -> None:
        if self._process is not None:
            if self._process.poll() is None:
                self._process.kill()
            self._process.wait(5)
        if self._connection is not None:
            self._connection.close()
        self._process, self._connection = None, None

    def close(self) -> None:
        if self._process is not None and self._process.poll() is None:
            try:
                self._connection.send(("stop",))  # type: ignore[union-attr]
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

    def log_tail(self, limit: int = 2000) -> str:
        try:
            return self._log.read_text(errors="replace")[-limit:].strip() or "(no output)"
        except OSError:
            return "(no output)"

    # ---- requests ------------------------------------------------------------------------------

    def describe(self, binary_name: str) -> str:
        """The class table of a user class; HarnessError carries the harness's error string."""
        self._ensure()
        self._connection.send(("describe", binary_name))  # type: ignore[union-attr]
        if not self._connection.poll(STARTUP_SECONDS):  # type: ignore[union-attr]
            self._discard()
            raise HarnessError(f"describing {binary_name} timed out")
        try:
            status, payload = self._connection.recv()  # type: ignore[union-attr]
        except EOFError:
            self._discard()
            raise HarnessError(f"the JVM died while describing {binary_name}: {self.log_tail()}") from None
        if status != "ok":
            raise HarnessError(payload)
        return payload

    def run(self, program: str, budget: int, timeout_ms: int) -> HarnessResult:
        self._ensure()
        generation = self.generation
        started = time.perf_counter()
        try:
            self._connection.send(("run", program, budget, timeout_ms))  # type: ignore[union-attr]
            if not self._connection.poll(timeout_ms / 1000 + GRACE_SECONDS):  # type: ignore[union-attr]
                self._discard()
                return HarnessResult.failed("timeout", generation)
            status, result = self._connection.recv()  # type: ignore[union-attr]
        except (EOFError, BrokenPipeError, ConnectionResetError):
            exit_code = self._process.wait(5) if self._process is not None else None
            self._discard()
            return HarnessResult.failed(f"crash: {_death(exit_code)}", generation)
        transfer_started = time.perf_counter()
        result.trace = result.trace.tolist()
        result.seconds["transfer"] = (transfer_started - started) - sum(result.seconds.values()) \
            + (time.perf_counter() - transfer_started)
        return result
