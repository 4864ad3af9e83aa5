"""Which inputs of a call no decision of its run read."""

from __future__ import annotations

from types import SimpleNamespace

import z3

from jtc.minimise.unread import decided, unread_arguments
from jtc.model.program import Invoke, Literal

GRADE = Invoke("in/Tally", "grade", "(ILjava/lang/String;I)Ljava/lang/String;", None,
               (Literal("I", 95), Literal("Ljava/lang/String;", "x"), Literal("I", 3)))
PREFIX = "s0.Tally.grade(ILjava/lang/String;I)Ljava/lang/String;"


def _run(*conditions: z3.BoolRef):
    replay = SimpleNamespace(decisions=[SimpleNamespace(condition=c) for c in conditions], desync=None,
                             truncated=False, approximations=0)
    assignment = {f"{PREFIX}.score": 95, f"{PREFIX}.title": "x", f"{PREFIX}.title==null": False,
                  f"{PREFIX}.weight": 3}
    return SimpleNamespace(program=(GRADE,), assignment=assignment, replay=replay)


def test_an_argument_no_decision_read_is_unread() -> None:
    score = z3.BitVec(f"{PREFIX}.score", 32)
    run = _run(score >= 90, z3.Not(score >= 90))
    assert decided(run) == {f"{PREFIX}.score"}  # type: ignore[arg-type]
    assert unread_arguments(run, 0, ("score", "title", "weight")) == {1, 2}  # type: ignore[arg-type]


def test_a_null_check_or_a_length_reads_a_string() -> None:
    title_null = z3.Bool(f"{PREFIX}.title==null")
    run = _run(z3.Not(title_null))
    assert unread_arguments(run, 0, ("score", "title", "weight")) == {0, 2}  # type: ignore[arg-type]


def test_a_replay_cut_short_leaves_no_input_unread() -> None:
    assert unread_arguments(_cut_short(), 0, ("score", "title", "weight")) == set()  # type: ignore[arg-type]


def _cut_short():
    run = _run()
    run.replay.truncated = True
    return run
