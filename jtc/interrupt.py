"""A request to terminate (SIGTERM: a build's timeout, `kill`) handled as Ctrl-C is: KeyboardInterrupt
unwinds the run, so its JVMs and javac processes are stopped and its scratch folders removed, and no
file is left half written (jtc/atomic.py)."""

from __future__ import annotations

import signal
from types import FrameType


def interrupt_on_terminate() -> None:
    """From now on, SIGTERM raises KeyboardInterrupt in this process's main thread."""
    signal.signal(signal.SIGTERM, _interrupt)


def _interrupt(signal_number: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt()
