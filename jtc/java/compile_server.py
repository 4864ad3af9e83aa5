"""javac kept warm for one jtc run (java-agent/src/compile/java/jtc/compile/CompileServer.java).

Each class's tests are compiled two to four times (validation's rounds, the unfolded suite the
mutants choose from, the chosen tests' validation), each a few hundred lines. A fresh javac spends
most of a second starting and loading itself; the same javac, warm, compiles such a class in a
fraction of that. One server per process (a forked worker starts its own), started by the first
compilation; one that dies, or that a compilation outlasts its timeout in, is stopped and the next
compilation starts another.
"""

from __future__ import annotations

import atexit
import os
import queue
import subprocess
import threading
from pathlib import Path
from typing import IO, Sequence

_MAIN_CLASS = "jtc.compile.CompileServer"
_END = None  # what the reader hands over when the server's output ends


class CompileServerError(RuntimeError):
    """The server ended without answering."""


class CompileServer:
    """One warm javac: `compile` takes javac's arguments and gives its exit code and what it printed."""

    def __init__(self, java: Path, jar: Path) -> None:
        self.owner = os.getpid()
        self.java, self.jar = java, jar
        self._process = subprocess.Popen([str(java), "-XX:+UseSerialGC", "-cp", str(jar), _MAIN_CLASS],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self._answers: queue.Queue[tuple[int, str] | None] = queue.Queue()
        assert self._process.stdout is not None
        threading.Thread(target=self._read, args=(self._process.stdout,), daemon=True).start()

    def _read(self, output: IO[bytes]) -> None:
        """Hand each answer over as it comes: a header of two lines, then the printed bytes."""
        try:
            while True:
                code, length = output.readline(), output.readline()
                if not code or not length:
                    break
                self._answers.put((int(code), output.read(int(length)).decode("utf-8", errors="replace")))
        except (OSError, ValueError):
            pass
        self._answers.put(_END)

    def compile(self, arguments: Sequence[str], timeout_s: float) -> tuple[int, str]:
        """javac's exit code and output for `arguments`; TimeoutExpired (the server stopped) when it
        takes longer than `timeout_s`, CompileServerError when the server is gone."""
        assert self._process.stdin is not None
        try:
            self._process.stdin.write("".join(f"{line}\n" for line in (str(len(arguments)), *arguments)).encode("utf-8"))
            self._process.stdin.flush()
        except OSError as error:
            raise CompileServerError(f"the compile server stopped: {error}") from None
        try:
            answer = self._answers.get(timeout=timeout_s)
        except queue.Empty:
            self.close()
            raise subprocess.TimeoutExpired(_MAIN_CLASS, timeout_s) from None
        if answer is _END:
            raise CompileServerError("the compile server ended without answering")
        return answer

    @property
    def alive(self) -> bool:
        return self._process.poll() is None

    def close(self) -> None:
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait()


_lock = threading.Lock()
_server: CompileServer | None = None


def compile_warm(java: Path, jar: Path, arguments: Sequence[str], timeout_s: float) -> tuple[int, str]:
    """Compile with this process's server, started or replaced as needed (a server of another JDK
    than `java` is replaced: a run's JDK is chosen per command); CompileServerError for arguments a
    line cannot carry."""
    global _server
    if any("\n" in argument or "\r" in argument for argument in arguments):
        raise CompileServerError("an argument of several lines")
    with _lock:
        if _server is None or _server.owner != os.getpid() or not _server.alive or (_server.java, _server.jar) != (java, jar):
            if _server is not None and _server.owner == os.getpid():
                _server.close()
            _server = CompileServer(java, jar)
        try:
            return _server.compile(arguments, timeout_s)
        except BaseException:  # stopped before it answers, javac too: an interrupted run removes the folder it writes to
            _server.close()
            _server = None
            raise


def _stop() -> None:
    if _server is not None and _server.owner == os.getpid():
        _server.close()


atexit.register(_stop)
