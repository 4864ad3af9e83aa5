"""Deadlines: points in time (time.monotonic()) by which a stage's work must end.

Cancellation is cooperative: work that loops checks its deadline where it loops and stops with
DeadlineReached, dropping what it had not finished. Where that check sits:

* the search loop (exploration/session.py) before every step, and the sequence generator
  (exploration/generator.py) between the wirings it examines, through the `stop` it is given;
* the symbolic VM's replay of a trace (svm/machine.py), every few thousand instructions;
* the valid-input sub-searches, boundary runs, extensions, cuts and the statement minimiser, between
  their runs.

Work that can block waits with a deadline of its own instead: a JVM run (the harness's watchdog,
and the worker's supervisor, which replaces a JVM that does not answer; jvm/worker.py), a z3 query
(its timeout, capped at the deadline; solver/solver.py), and the javac, JUnit and JaCoCo processes
of validation and measurement (their process timeouts; emit/validate.py, coverage/measure.py).
"""

from __future__ import annotations

import time


class DeadlineReached(Exception):
    """The time of the stage is up."""


def check(deadline: float) -> None:
    """Raise DeadlineReached once `deadline` has passed."""
    if time.monotonic() >= deadline:
        raise DeadlineReached()
