"""Exploration criteria on real traces (seed 002, §4.4.1): a statement whose path influenced
nothing that reaches the method under test makes the path redundant."""

from __future__ import annotations

from jtc.config import AccessOptions
from jtc.calls.invokables import class_invokables
from jtc.calls.steps import Source, SourceKind, Step
from jtc.exploration.criteria import first_redundant
from jtc.exploration.templates import Limits, ProgramTemplate

MONITOR = "com/example/containers/TemperatureMonitor"
VAULT = "seq/Vault"


def _run(engine, calls: list[tuple[str, object]], owner: str = MONITOR, constructor: tuple = ()):
    """Run `new Owner(constructor...)` then `calls` (name, argument or None) on it; the skeleton and execution."""
    engine.load(owner.replace("/", "."))
    members = {inv.name: inv for inv in class_invokables(engine.index, engine.index.lookup(owner),
                                                         owner.rpartition("/")[0], AccessOptions())}
    skeleton = (Step(members["<init>"], tuple(Source(SourceKind.INPUT) for _ in constructor)),) + tuple(
        Step(members[name], (Source(SourceKind.REF, 0),) + ((Source(SourceKind.INPUT),) if argument is not None else ()))
        for name, argument in calls)
    template = ProgramTemplate.for_skeleton(skeleton, Limits(8, 8))
    assignment = {template.specs[(0, i)].name: argument for i, argument in enumerate(constructor)}
    assignment.update({template.specs[(i + 1, 0)].name: argument for i, (_, argument) in enumerate(calls)
                       if argument is not None})
    execution = engine.executor.execute(template.build(assignment), template.variables(), assignment)
    assert execution.replay is not None and execution.replay.desync is None
    return skeleton, execution


def test_a_path_where_every_call_feeds_the_next_is_kept(containers_engine) -> None:
    skeleton, execution = _run(containers_engine, [("setEnabled", True), ("updateTemperature", 90.0), ("warning", None)])
    assert first_redundant(skeleton, execution) == len(skeleton)
    assert {(1, 2), (2, 3)} <= execution.replay.flows  # enabled: set → used; temperature: set → used


def test_an_update_ignored_while_disabled_makes_the_path_redundant(containers_engine) -> None:
    skeleton, execution = _run(containers_engine, [("updateTemperature", 90.0), ("warning", None)])
    assert first_redundant(skeleton, execution) == 1


def test_a_define_overwritten_before_its_use_influences_nothing(containers_engine) -> None:
    skeleton, execution = _run(containers_engine, [("setEnabled", False), ("setEnabled", True),
                                                   ("updateTemperature", 90.0), ("warning", None)])
    assert first_redundant(skeleton, execution) == 1  # the first setEnabled


def test_calls_that_threw_are_replayed_and_pass_on_what_they_changed(sequences_engine) -> None:
    """Three wrong codes throw, yet each counts a failure that isBlocked reads: the path is kept."""
    skeleton, execution = _run(sequences_engine, [("unlock", 2), ("unlock", 3), ("unlock", 4), ("isBlocked", None)],
                               owner=VAULT, constructor=(1,))
    assert [o.status for o in execution.replay.outcomes] == ["ok", "threw", "threw", "threw", "ok"]
    assert execution.result.values[-1] == "Z:1"
    assert {(1, 2), (2, 3), (3, 4)} <= execution.replay.flows  # failures: incremented, read by the next call
    assert first_redundant(skeleton, execution) == len(skeleton)
