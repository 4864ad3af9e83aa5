"""Paths out of objects over the object-graph fixtures: getters, elements of returned collections,
and a getter's object's getters."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.config import AccessOptions
from jtc.model.classindex import ClassIndex
from jtc.calls.steps import ROOT, Recipe, SourceKind
from jtc.making.taking import Taking
from jtc.java.toolchain import toolchain


@pytest.fixture(scope="module")
def taking(graphs_classes: Path) -> Taking:
    index = ClassIndex([graphs_classes], toolchain().java_home)
    return Taking(index, "gr", AccessOptions(), lambda getter: True,
                  lambda sub, sup: sub == sup or index.is_subtype(sub[1:-1], sup[1:-1]) is True)


def _labels(path: Recipe) -> list[str]:
    return [step.invokable.label for step in path]


def test_a_getter_s_object_is_a_root_in_turn(taking: Taking) -> None:
    """A camp shows its posts only through its route: `camp.getRoute().getPosts().get(0)` and `get(1)`."""
    paths = taking.paths("Lgr/Camp;", "Lgr/Post;")
    assert [_labels(path) for path in paths] == [["Camp.getRoute", "Route.getPosts", "List.get"]] * 2
    first = paths[0]
    assert first[0].sources[0].index == ROOT  # the getter acts on the root
    assert [s.index for step in first[1:] for s in step.sources if s.kind == SourceKind.REF] == [0, 1]
    assert [_labels(path) for path in taking.paths("Lgr/Camp;", "Lgr/Route;")] == [["Camp.getRoute"]]


def test_a_chain_does_not_lead_back_through_the_root_s_own_type(taking: Taking) -> None:
    """`post.getCamp()` is a Camp, whose route holds posts: the chain stops after one getter's object."""
    assert [_labels(path) for path in taking.paths("Lgr/Post;", "Lgr/Route;")] == [["Post.getCamp", "Camp.getRoute"]]
    assert taking.paths("Lgr/Post;", "Lgr/Post;") == []
