"""Fields as observers, end to end: `st.Scanner.next(word)` fills the Word it is given and returns
it, and a Word keeps what was read in package-private fields without getters (Commons CSV's
`Lexer.nextToken(Token)`). Without the fields the tests can only say `assertNotNull`; with them they
state the word's kind, text and flag as a developer does (`assertEquals(Word.Kind.QUOTE, result.kind)`),
compile, pass, and kill the mutants that only the word shows."""

from __future__ import annotations

from pathlib import Path

import pytest

import jtc.pipeline.subject
from jtc.config import Settings
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from junit_run import compile_and_run

pytestmark = pytest.mark.slow


def _generate(classes: Path, output: Path) -> ClassReport:
    # 60 s: the search exhausts the class in about a second; the rest is for the mutants that choose the
    # assertions, whose run a busy machine otherwise cuts short (3 tests kept of 56)
    settings = Settings(classpath=(str(classes),), output_dir=output, time_budget=60.0, seed=0, measure_coverage=False,
                        fold=False)
    [(_, report)] = list(generate(settings, ["st.Scanner"]))
    assert isinstance(report, ClassReport), report
    assert report.search.stopped_by == "exhausted"
    assert report.dropped == [] and report.masked == []
    return report


def test_the_fields_of_the_returned_word_are_stated_and_kill_what_assert_not_null_misses(
        strength_classes: Path, tmp_path: Path) -> None:
    without, with_fields = tmp_path / "without", tmp_path / "with"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jtc.pipeline.subject, "fields", lambda *arguments: ())
        _generate(strength_classes, without)
    report = _generate(strength_classes, with_fields)
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert "assertNotNull(" not in source, source
    lines = [line.strip() for line in source.splitlines()]
    stated = [line for line in lines if line.startswith("assert")]
    assert any(line.startswith("assertEquals(Word.Kind.") and line.endswith(".kind);") for line in stated), source
    assert any(line.endswith(".text.toString());") for line in stated), source
    plain, fields = mutate_suites([without, with_fields], [strength_classes], ["st.Scanner"], tmp_path / "mutate",
                                  Timeouts())[:2]
    assert plain.score().killed < fields.score().killed == fields.score().total, sorted(
        f"{m.method} {m.description}" for m in fields.survivors())
    run = compile_and_run([Path(report.test_file)], strength_classes, tmp_path / "run")  # type: ignore[arg-type]
    assert run.returncode == 0 and f"{report.tests_written} tests successful" in run.stdout, run.stdout[-3000:]
