"""The data-flow check of a wired candidate (seed 002, §4.3.3): a wiring survives only when data can
flow from every statement into the method under test, through the objects statements share or a
static field; a statement that passes nothing on cannot change what the method under test does."""

from __future__ import annotations

from typing import Callable

from jtc.analysis.influence import Effects
from jtc.calls.invokables import Invokable
from jtc.calls.steps import SourceKind, Step


def data_flows(steps: tuple[Step, ...], effects: Callable[[Invokable], Effects]) -> bool:
    """Can every step pass data to a later one that (transitively) reaches the last step? (§4.3.3)"""
    cluster = _clusters(steps)
    live = [False] * len(steps)
    live[-1] = True
    for i in range(len(steps) - 2, -1, -1):
        live[i] = any(live[j] and _flows(steps, cluster, i, j, effects) for j in range(i + 1, len(steps)))
        if not live[i]:
            return False
    return True


def _flows(steps: tuple[Step, ...], cluster: list[int], i: int, j: int,
           effects: Callable[[Invokable], Effects]) -> bool:
    if any(s.kind in (SourceKind.REF, SourceKind.TAKEN) and s.index == i for s in steps[j].sources):
        return True
    earlier, later = effects(steps[i].invokable), effects(steps[j].invokable)
    if cluster[i] == cluster[j]:
        return earlier.influences(later)
    return _static_flow(earlier, later)


def _static_flow(earlier: Effects, later: Effects) -> bool:
    return any(field.is_static for field in earlier.defs & later.uses)


def _clusters(steps: tuple[Step, ...]) -> list[int]:
    """Steps that share an object (one's result, or an object taken out of it, is another's input)
    end up in one cluster."""
    parent = list(range(len(steps)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for j, step in enumerate(steps):
        for source in step.sources:
            if source.kind in (SourceKind.REF, SourceKind.TAKEN):
                parent[find(source.index)] = find(j)
    return [find(i) for i in range(len(steps))]
