"""Arguments that must share one object graph, and collections of prepared elements (the
real-projects issue: the dungeon's `Navigation.shortestPath(from, to, …)` finds a path only between
squares of one board, `ChaseMove.nextMove(monster, heroes)` chases only heroes that stand somewhere).
`gr.Trail.between(from, to)` joins only posts of one camp, and a test reaches a camp's posts only
through `camp.getRoute().getPosts()` (a getter's object's getter); `gr.Shepherd` counts the sheep
of a list that were penned (`sheep.pen(fold)`), and checks one sheep."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jtc.config import AccessOptions, Settings
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import assert_written_tests_pass

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def reports(graphs_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, ClassReport]:
    settings = Settings(select_assertions=False, classpath=(str(graphs_classes),), output_dir=tmp_path_factory.mktemp("generated"),
                        max_executions=100, time_budget=60.0, seed=0, fold=False, minimise=False,
                        access=AccessOptions(include_non_public=False))  # the graph's objects as its public API gives them
    found = dict(generate(settings, ["gr.Trail", "gr.Shepherd"]))
    assert all(isinstance(report, ClassReport) for report in found.values()), found
    return found  # type: ignore[return-value]


def test_an_argument_is_taken_out_of_the_graph_another_argument_came_from(reports: dict[str, ClassReport]) -> None:
    """`to` taken out of the camp `from` was made with, through the chained getters: "here" and
    "ahead" (before, each post came from a camp of its own: "apart" only, 1 of 6 branches);
    "behind" needs the post at index 1 first, whose index the solver cannot see through the list."""
    trail = reports["gr.Trail"]
    assert trail.branch == (5, 6) and trail.line == (5, 5)
    source = Path(trail.test_file).read_text()  # type: ignore[arg-type]
    assert "Route route = camp.getRoute();\n        List<Post> posts = route.getPosts();" in source
    assert re.search(r'assertEquals\("here", Trail\.between\(\w+, \(Post\) posts\.get\(0\)\)\);', source)
    assert re.search(r'assertEquals\("ahead", Trail\.between\(\w+, \(Post\) posts\.get\(1\)\)\);', source)


def test_a_prepared_argument_and_a_list_of_a_prepared_element(reports: dict[str, ClassReport]) -> None:
    """A penned sheep checked (before, the fold the preparation took was passed as the sheep: the
    test did not compile) and counted in a list (5 of 6 branches before)."""
    shepherd = reports["gr.Shepherd"]
    assert shepherd.branch == (6, 6) and shepherd.line == (8, 8)
    source = Path(shepherd.test_file).read_text()  # type: ignore[arg-type]
    assert 'sheep.pen(fold);\n        assertEquals("penned", shepherd.check(sheep));' in source
    assert "assertEquals(1, shepherd.count(new ArrayList<>(List.of(sheep2))));" in source


def test_the_generated_tests_compile_and_pass(reports: dict[str, ClassReport], graphs_classes: Path,
                                              tmp_path: Path) -> None:
    assert_written_tests_pass(list(reports.values()), graphs_classes, tmp_path)
