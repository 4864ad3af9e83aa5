"""The exploration criteria on a trace (seed 002, §4.4.1): every statement of a path must pass
data to one that reaches the member under test, or the path is redundant.

The static data-flow check admits a candidate when data *could* flow; the trace says whether it
did on this path (the VM records which statement defined each field, static field and array cell
that a later statement read). A statement that passed nothing on makes every longer path through
this prefix a repetition of a shorter candidate, so the open nodes after it are pruned.
"""

from __future__ import annotations

from typing import Callable

from jtc.calls.invokables import Invokable
from jtc.execution.runs import Execution
from jtc.calls.steps import Skeleton, SourceKind
from jtc.exploration.groups import statement_at
from jtc.exploration.tree import Node


def first_redundant(skeleton: Skeleton, execution: Execution) -> int:
    """The first statement that influenced nothing that reaches the last one, on this trace
    (`len(skeleton)` when there is none). Helper steps only make an input for their consumer, so
    they never count as redundant."""
    replay = execution.replay
    assert replay is not None
    outcomes = replay.outcomes
    last = len(skeleton) - 1
    edges = set(replay.flows)
    for j, step in enumerate(skeleton):
        for source in step.sources:
            if source.kind == SourceKind.REF and source.index < len(outcomes):
                edges.add((source.index, j))
    live = [False] * len(skeleton)
    live[last] = True
    for i in range(last - 1, -1, -1):
        live[i] = any(live[j] for (a, j) in edges if a == i)
    for i, alive in enumerate(live):
        if not alive and not skeleton[i].helper:
            return i
    return len(skeleton)


def triage(created: list[Node], skeleton: Skeleton, execution: Execution, open_until: int, redundant: int,
           influences: Callable[[Invokable, Invokable], bool]) -> tuple[list[Node], list[Node]]:
    """The new open nodes of a run that the criteria keep (those of the statements up to
    `open_until`), and those kept as a last resort (see `_last_resort`); the others are pruned.
    `redundant` is the run's first redundant statement, `influences` the static influence."""
    kept: list[Node] = []
    spare: list[Node] = []
    for node in created:
        statement = statement_at(execution, node.depth - 1)
        if statement <= open_until:
            kept.append(node)
        elif _last_resort(skeleton, statement, redundant, influences):
            spare.append(node)
    return kept, spare


def _last_resort(skeleton: Skeleton, statement: int, redundant: int,
                 influences: Callable[[Invokable, Invokable], bool]) -> bool:
    """Nodes after the first statement that passed nothing on are pruned (that prefix repeats a
    shorter sequence), but those of the last statement are kept as a last resort when the
    redundant call may change what it does: on this path the member under test did not read
    what the earlier call wrote, on another outcome it may (an alarm that rings a second time
    only once the first call rang). They come after every other open node, so that they cost
    nothing while others promise more."""
    return statement == len(skeleton) - 1 and redundant < statement and \
        influences(skeleton[redundant].invokable, skeleton[statement].invokable)
