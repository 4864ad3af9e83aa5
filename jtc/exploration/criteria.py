"""The exploration criteria on a trace (seed 002, §4.4.1): every statement of a path must pass
data to one that reaches the member under test, or the path is redundant.

The static data-flow check admits a candidate when data *could* flow; the trace says whether it
did on this path (the VM records which statement defined each field, static field and array cell
that a later statement read). A statement that passed nothing on makes every longer path through
this prefix a repetition of a shorter candidate, so the open nodes after it are pruned.
"""

from __future__ import annotations

from jtc.execution.runs import Execution
from jtc.calls.steps import Skeleton, SourceKind


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
