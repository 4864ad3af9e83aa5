"""Program templates: which inputs are symbolic and how their variables are named."""

from __future__ import annotations

from jtc.calls.invokables import Invokable, InvokableKind
from jtc.calls.steps import Source, SourceKind, Step
from jtc.exploration.templates import Limits, ProgramTemplate
from jtc.svm.inputs import VariableStore

OWNER = "t/Overflow"


def _add(kind: str) -> Invokable:
    return Invokable(InvokableKind.STATIC, OWNER, "add", f"({kind}{kind}){kind}", None, (kind, kind), ("a", "b"), kind)


def test_overloads_in_one_constraint_tree_get_variables_of_their_own_width() -> None:
    store = VariableStore()
    limits = Limits(max_array_length=8, max_string_length=8)
    widths = {}
    for kind in ("J", "I"):
        skeleton = (Step(_add(kind), (Source(SourceKind.INPUT), Source(SourceKind.INPUT))),)
        variables = ProgramTemplate.for_skeleton(skeleton, limits, store).variables()
        [first, second] = sorted(spec.name for spec in variables.specs.values())
        widths[kind] = (variables.raw(first, kind).size(), variables.raw(second, kind).size())
    assert widths == {"J": (64, 64), "I": (32, 32)}
    assert len(store.vars) == 4
