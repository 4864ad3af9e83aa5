"""Output is a result, end to end: what `prints.Report` writes to a `PrintWriter`, to an
`OutputStream` and to System.out and System.err is asserted by the generated tests, which capture
the console so that none of it reaches the JUnit run's output, and which kill the mutants that
change the text (a `println` left out)."""

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


def _generate(classes: Path, output: Path) -> tuple[ClassReport, str]:
    settings = Settings(select_assertions=False, classpath=(str(classes),), output_dir=output, time_budget=20.0,
                        seed=0, measure_coverage=False)
    [(_, report)] = list(generate(settings, ["prints.Report"]))
    assert isinstance(report, ClassReport), report
    assert report.search.stopped_by == "exhausted"
    return report, Path(report.test_file).read_text()  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def generated(output_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[ClassReport, str]:
    return _generate(output_classes, tmp_path_factory.mktemp("tests"))


def test_what_each_call_prints_is_asserted(generated: tuple[ClassReport, str]) -> None:
    report, source = generated
    assert report.dropped == [] and report.masked == []
    lines = [line.strip() for line in source.splitlines()]
    # A writer and a stream the test made are locals; their text is asserted after the call.
    assert "StringWriter stringWriter = new StringWriter();" in lines  # the PrintWriter around it is `w`
    assert 'assertEquals("Report: hello\\nlong: 3\\n", stringWriter.toString());' in lines
    assert "ByteArrayOutputStream o = new ByteArrayOutputStream();" in lines
    assert 'assertEquals("lines=0", o.toString());' in lines
    # The console is captured from the first statement that prints, put back, then asserted.
    assert "System.setOut(new PrintStream(output));" in lines and "System.setOut(standardOut);" in lines
    assert 'assertEquals("Showing hello\\n", output.toString());' in lines
    assert 'assertEquals("negative\\n", errorOutput.toString());' in lines
    assert "report = new Report(\"hello\");" in lines  # a set-up that prints nothing is still shared
    assert {"void writePrints() throws Exception {", "void showPrints() {"} <= set(lines)
    # print after add(3) and after add(2): named by what their set-up differs in, not by a number
    assert any(re.fullmatch(r"void printAfterAddGiven\d+Prints\(\) \{", line) for line in lines), source


def test_the_same_text_is_stated_every_run(generated: tuple[ClassReport, str], output_classes: Path,
                                           tmp_path: Path) -> None:
    assert _generate(output_classes, tmp_path)[1] == generated[1]


def test_the_tests_pass_and_print_nothing(generated: tuple[ClassReport, str], output_classes: Path,
                                         tmp_path: Path) -> None:
    report, _ = generated
    run = compile_and_run([Path(report.test_file)], output_classes, tmp_path)  # type: ignore[arg-type]
    assert run.returncode == 0 and f"{report.tests_written} tests successful" in run.stdout, run.stdout[-3000:]
    for printed in ("Showing", "negative", "Report:", "lines="):
        assert printed not in run.stdout + run.stderr


def test_a_mutant_that_changes_the_text_is_killed(generated: tuple[ClassReport, str], output_classes: Path,
                                                  tmp_path: Path) -> None:
    report, _ = generated
    [scores] = mutate_suites([Path(report.test_file).parents[1]], [output_classes], ["prints.Report"], tmp_path,
                             Timeouts())
    # Each call that prints left out, in each method: only the text the tests assert tells.
    silenced = [f"{m.method} {m.description}" for m in scores.mutants if m.method.startswith(("print(", "write(", "show("))
                and m.description.startswith("removed call to java.io.")]
    assert len(silenced) == 5
    assert [f"{m.method} {m.description}" for m in scores.survivors() if f"{m.method} {m.description}" in silenced] == []
