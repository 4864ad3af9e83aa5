"""The end of a class's search, and a guard that interrupts pure-Python work running past it.

Most steps of the search are bounded on their own: z3 by its timeout (capped at the deadline), the
fallback search by its evaluation budget and the deadline, a JVM run by the harness's watchdog and
the supervisor's wait (both capped at the deadline). Two are not: taking the next candidate from the
sequence generator (which may examine tens of thousands of wirings before it yields one) and the
replay of a long trace. `guard` bounds those: when the deadline passes while they run, a timer
thread raises DeadlineReached in the searching thread (CPython's asynchronous exceptions, delivered
between two bytecodes), and the search ends with the work it had. The guarded code must therefore be
work whose result is simply dropped when it is cut: it must not talk to the JVM worker halfway (the
worker notices an interrupted request and replaces itself) or leave shared state half updated.
"""

from __future__ import annotations

import ctypes
import math
import sys
import threading
import time


class DeadlineReached(Exception):
    """The search's time is up."""


def _raise_in(thread_id: int) -> None:
    """Schedule DeadlineReached in the thread. (A scheduled exception is never withdrawn: CPython's
    withdrawal leaves the interpreter's eval breaker set, which slows every later function call and
    sends a traced or profiled thread into an endless loop.)"""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(DeadlineReached))


class _Watcher:
    """One daemon thread that raises DeadlineReached in a guarded thread whose deadline passed, and
    again at every poll until the guard ends: an exception that arrives inside a __del__ method (z3
    frees its terms there) is swallowed by the interpreter, so one raise may not be enough.

    The guarded side only takes a plain lock (acquired and released by C calls, so an asynchronous
    exception cannot arrive halfway through them) and edits a dict: no Event or Timer, whose
    Python-level locking an exception arriving at the wrong moment could leave locked."""

    POLL_SECONDS = 0.02

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.armed: dict[int, list] = {}  # token -> [thread id, deadline, raised yet]
        self.tokens = 0
        self.thread: threading.Thread | None = None

    def arm(self, deadline: float) -> int:
        with self.lock:
            self.tokens += 1
            self.armed[self.tokens] = [threading.get_ident(), deadline, False]
            if self.thread is None or not self.thread.is_alive():
                _quiet_when_swallowed()
                self.thread = threading.Thread(target=self._watch, name="jtc-deadline", daemon=True)
                self.thread.start()
            return self.tokens

    def disarm(self, token: int) -> bool:
        """Stop watching; True when the exception was raised (it may not have arrived yet). The
        exception itself may arrive in here: then the entry may still be armed, so disarming is
        tried again, or the watcher would go on raising in this thread after the guard."""
        raised = False
        while True:
            try:
                with self.lock:
                    entry = self.armed.pop(token, None)
                return raised or (entry is not None and entry[2])
            except DeadlineReached:
                raised = True

    def disarm_thread(self, thread_id: int) -> bool:
        """Stop watching every guard of the thread; True when one had raised. For guards that ended
        without disarming: the exception can arrive inside `guard.__exit__` before it disarms, and
        the watcher would then raise in the thread for ever."""
        raised = False
        while True:
            try:
                with self.lock:
                    stale = [token for token, entry in self.armed.items() if entry[0] == thread_id]
                    raised = raised or any(self.armed.pop(token)[2] for token in stale)
                return raised
            except DeadlineReached:
                raised = True

    def _watch(self) -> None:
        while True:
            time.sleep(self.POLL_SECONDS)
            with self.lock:
                now = time.monotonic()
                for entry in self.armed.values():
                    if now >= entry[1]:
                        entry[2] = True
                        _raise_in(entry[0])


def _quiet_when_swallowed() -> None:
    """Print nothing for a DeadlineReached that arrived in a __del__ method (the watcher raises it
    again); anything else goes to the hook that was there before."""
    previous = sys.unraisablehook

    def hook(unraisable: "sys.UnraisableHookArgs") -> None:
        if not isinstance(unraisable.exc_value, DeadlineReached):
            previous(unraisable)

    sys.unraisablehook = hook


_WATCHER = _Watcher()


class guard:  # noqa: N801 (used like a function: `with guard(deadline):`)
    """Run the body, interrupting it with DeadlineReached if `deadline` (time.monotonic()) passes
    first (within a few hundredths of a second); raises DeadlineReached at once when it has passed."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.token = 0

    def __enter__(self) -> None:
        if math.isinf(self.deadline):
            return
        if self.deadline <= time.monotonic():
            raise DeadlineReached()
        self.token = _WATCHER.arm(self.deadline)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> None:
        if not self.token:
            return
        if _WATCHER.disarm(self.token):
            # Scheduled as the body finished, or raised again while an interrupted body unwound
            # (the watcher raises at every poll until disarmed): take delivery here, not in
            # whatever code runs after the guard.
            _take_delivery()
            if isinstance(error, ctypes.ArgumentError) and "DeadlineReached" in str(error):
                # It arrived while ctypes converted an argument (z3's C calls), which wraps it.
                raise DeadlineReached() from error


def _take_delivery() -> None:
    """Let a scheduled DeadlineReached arrive here (it comes at the next backward jump) and drop it."""
    try:
        for _ in range(1_000_000):
            pass
    except DeadlineReached:
        pass


def release_guards() -> None:
    """Where no guard of this thread can be running (between two classes): stop the watcher raising
    for guards that ended without disarming, and drop an exception already scheduled for them. Seen
    once under load 40+: every later class of the run ended in DeadlineReached."""
    if _WATCHER.disarm_thread(threading.get_ident()):
        _take_delivery()
