"""`--scheduler ADDRESS`: classes as jobs on a Dask distributed cluster.

Dask, not Ray: a class is one independent, coarse job (tens of seconds), which is what Dask's
futures API does with nothing else to run; its scheduler and workers are plain Python processes
installed from PyPI (`pip install jtc[cluster]`, then `dask scheduler` / `dask worker ADDRESS` on
the machines), and `LocalCluster` gives the test suite a real two-worker cluster in one process
tree. Ray would bring its own object store and runtime for no gain at this grain.

The workers need jtc and a JDK of the run's Java release (the client's folder when they have it,
else the first of that release they find); the classpath travels with the jobs: the client zips its entries
once, scatters the archive to every worker through the scheduler, and each worker unpacks it once
(keyed by its digest). A job runs `jtc.pipeline.generate.generate` for one class into a scratch folder and
returns the class's record with the test file's text, which the client writes where a local run
would. A worker process keeps one `generate` run (one JVM) for all its jobs, as a `-j` worker does.
The files are the same as a local run's: a class's tests depend only on the class, the
classpath's contents and order, and the settings.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import os
import tempfile
import threading
import zipfile
from collections import deque
from pathlib import Path
from typing import Any, Callable, Iterator

from jtc.atomic import write_atomically
from jtc.config import Settings
from jtc.errors import ClusterError
from jtc.java.toolchain import matching_jdk, toolchain, use_jdk
from jtc.project.results import ClassResult


def zip_classpath(entries: tuple[Path, ...]) -> bytes:
    """Entry i becomes folder `i/` (a directory) or file `i.jar` (a jar) of one archive; file order and
    times are fixed so the same classpath gives the same bytes and digest."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for position, entry in enumerate(entries):
            if entry.is_dir():
                for path in sorted(p for p in entry.rglob("*") if p.is_file()):
                    info = zipfile.ZipInfo(f"{position}/{path.relative_to(entry).as_posix()}", (1980, 1, 1, 0, 0, 0))
                    archive.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
            else:
                archive.writestr(zipfile.ZipInfo(f"{position}.jar", (1980, 1, 1, 0, 0, 0)), entry.read_bytes())
    return buffer.getvalue()


def unpack_classpath(archive: bytes, count: int) -> tuple[str, ...]:
    """On a worker: the classpath entries of an archive made by `zip_classpath`, unpacked once per
    archive digest (a half-written folder is never used: it is renamed into place when complete)."""
    digest = hashlib.sha256(archive).hexdigest()[:16]
    root = Path(tempfile.gettempdir()) / f"jtc-classpath-{digest}"
    if not root.is_dir():
        partial = Path(tempfile.mkdtemp(prefix=f"jtc-classpath-{digest}-"))
        with zipfile.ZipFile(io.BytesIO(archive)) as zipped:
            zipped.extractall(partial)
        for position in range(count):  # an empty directory entry has no files in the archive
            if not (partial / f"{position}.jar").exists():
                (partial / str(position)).mkdir(exist_ok=True)
        try:
            os.rename(partial, root)
        except OSError:  # another job of this worker unpacked it first
            pass
    return tuple(str(root / f"{p}.jar") if (root / f"{p}.jar").is_file() else str(root / str(p))
                 for p in range(count))


class _WorkerSession:
    """One `generate` run kept open in a Dask worker process for every job with the same settings,
    so the process keeps its JVM and class tables from class to class, as a `-j` worker does. Jobs
    of one session run one at a time (a lock; workers should have one thread each anyway)."""

    def __init__(self, settings: Settings) -> None:
        from jtc.pipeline.generate import generate

        self.output = Path(tempfile.mkdtemp(prefix="jtc-jobs-"))
        self.names: deque[str] = deque()
        self.results = generate(dataclasses.replace(settings, output_dir=self.output), self._next_names())
        self.lock = threading.Lock()

    def _next_names(self) -> Iterator[str]:
        while True:
            yield self.names.popleft()

    def run(self, name: str) -> tuple[ClassResult, str | None, str | None]:
        with self.lock:
            self.names.append(name)
            _, outcome = next(self.results)
        result = ClassResult.of(name, outcome)
        if not result.test_file:
            return result, None, None
        written = Path(result.test_file)
        text = written.read_text()
        written.unlink()
        return result, written.relative_to(self.output).as_posix(), text


_SESSIONS: dict[Settings, _WorkerSession] = {}


def run_job(settings: Settings, name: str, archive: bytes) -> tuple[ClassResult, str | None, str | None]:
    """One class on a worker: its record, the test file's path below the output folder, its text."""
    entries = unpack_classpath(archive, len(settings.classpath))
    jdk = matching_jdk(settings.jdk) if settings.jdk else toolchain()
    local = dataclasses.replace(settings, classpath=entries, jdk=jdk, dependencies=tuple(
        local for original, local in zip(settings.classpath, entries) if original in settings.dependencies))
    session = _SESSIONS.get(local)
    if session is None:
        session = _SESSIONS[local] = _WorkerSession(local)
    try:
        with use_jdk(jdk):
            return session.run(name)
    except BaseException:
        _SESSIONS.pop(local, None)  # a session whose generator failed cannot go on
        raise


def _client(address: str) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--scheduler needs Dask: pip install 'jtc[cluster]'") from None
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {error}") from None


def generate_on_cluster(settings: Settings, entries: tuple[Path, ...], names: list[str], address: str,
                        started: Callable[[str], None], finished: Callable[[ClassResult], None]) -> None:
    """Every class as one job; results arrive in completion order, test files are written here."""
    from distributed import as_completed

    client = _client(address)
    try:
        if not client.scheduler_info().get("workers"):
            raise ClusterError(f"the Dask scheduler at {address} has no workers")
        archive = client.scatter(zip_classpath(entries), broadcast=True)
        settings = dataclasses.replace(settings, classpath=tuple(map(str, entries)))  # one entry an archive member
        futures = {}
        for name in names:
            futures[client.submit(run_job, settings, name, archive, key=f"jtc-{name}", pure=False)] = name
            started(name)
        for future in as_completed(futures):
            try:
                result, relative, text = future.result()
            except Exception as error:  # the job died with its worker, or jtc is missing there
                name = futures[future]
                finished(ClassResult.failed(name, f"the cluster job for {name} failed: {type(error).__name__}: {error}"))
                continue
            if relative is not None and text is not None and result.test_file:
                target = settings.output_dir / relative
                write_atomically(target, text)
                result.lines[0] = result.lines[0].replace(result.test_file, str(target))
                result.test_file = str(target)
            finished(result)
    finally:
        client.close()
