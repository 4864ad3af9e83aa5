"""End to end: a seeded loop kills what no short test does, and is written as a loop.

A max-heap whose sift-down looks at the wrong child, or a red-black tree whose recolouring is
wrong, stays right for every short sequence: only a long run of inserts and removals shows it. The
default mode writes such a run as `Random random = new Random(…); for (…) {…}`; it must compile,
pass, and kill at least what the hand-written suite kills on the class (B6's aim on HeapArray).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import compile_and_run

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
HEAP = "com.example.containers.HeapArray"


@pytest.fixture(scope="module")
def generated(containers_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ClassReport]:
    output = tmp_path_factory.mktemp("generated")
    # The search's 10 s, each later stage on top (--search-budget): the seeded loops and the kills they
    # add need the amplification's and the mutation run's time of old, which a whole class's 10 s lacks.
    settings = Settings(classpath=(str(containers_classes),), output_dir=output, search_budget=10.0, seed=0)
    [(_, report)] = list(generate(settings, [HEAP]))
    assert isinstance(report, ClassReport), report
    assert report.dropped == [] and report.test_file is not None, (report.dropped, report.note)
    return output, report


def test_a_long_random_run_is_written_as_a_seeded_loop_that_passes(generated, containers_classes: Path,
                                                                    tmp_path: Path) -> None:
    _, report = generated
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    loop = re.search(r"void (random\w+Below\d+)\(\) \{\n(.*?)\n    \}\n", source, re.S)
    assert loop is not None, source
    body = loop.group(2)
    assert "Random random = new Random(" in body and re.search(r"for \(int step = 0; step < \d+; step\+\+\)", body)
    assert "heapArray.insert(random.nextInt(" in body and "heapArray.extractMax();" in body
    assert re.search(r"assertEquals\(\d+, heapArray\.size\(\)\);", body)
    run = compile_and_run([Path(report.test_file)], containers_classes, tmp_path)  # type: ignore[arg-type]
    assert run.returncode == 0, run.stdout[-3000:]


def test_the_generated_suite_kills_what_the_hand_written_one_kills(generated, containers_classes: Path,
                                                                   tmp_path: Path) -> None:
    output, _ = generated
    hand = ROOT / "sample-projects" / "containers" / "src" / "test" / "java"
    scores = mutate_suites([output, hand], [containers_classes], [HEAP], tmp_path, Timeouts(), ["generated", "hand"])
    generated_score, hand_score = scores[0].score(), scores[1].score()
    assert generated_score.killed >= hand_score.killed, (generated_score, hand_score)
