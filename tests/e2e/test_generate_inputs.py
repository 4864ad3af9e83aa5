"""Every input of a written test matters (issue 24, item 4): a call whose result nothing uses and
that the test does without goes, and a parameter the code never read is no column of a
parameterized test; the tests still compile and pass.

The cut is checked by running: a query nothing asserts goes, a call whose effect an assertion
states stays. `LoanDesk`'s search leaves such a query in a walk's test (`loanDesk.loansOf(member);`
before a second checkout), whose value the mutants did not need asserted."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from jtc.calls.steps import Source, SourceKind, Step
from jtc.config import Settings
from jtc.emit.folding import ARG, Slot, folds
from jtc.emit.validate import validate_suite
from jtc.exploration.templates import Limits, ProgramTemplate
from jtc.minimise.statements import StatementMinimiser
from jtc.minimise.unread import alike
from jtc.model.program import Construct, Invoke, Literal, VarRef
from jtc.model.testcases import Completes, Observation, Returns, TestCase, TestSuite, Throws
from jtc.pipeline.clock import Clock, Stage
from jtc.pipeline.context import RunContext
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport
from jtc.pipeline.setup import set_up
from jtc.pipeline.tidy import tidy
from jtc.oracle.selection import build_suite, candidates

from bench.strength import suite_shape
from junit_run import assert_written_tests_pass, compile_and_run

pytestmark = pytest.mark.slow

TALLY = "in/Tally"
TALLY_REF = VarRef(0, f"L{TALLY};")
NEGATIVE = Throws("java.lang.IllegalArgumentException", "points cannot be negative")


def _add(points: int) -> Invoke:
    return Invoke(TALLY, "add", "(I)V", TALLY_REF, (Literal("I", points),))


def test_a_query_nothing_uses_goes_and_a_call_an_assertion_needs_stays(inputs_classes: Path, tmp_path: Path) -> None:
    total = Invoke(TALLY, "total", "()I", TALLY_REF, ())
    answer = Observation(0, TALLY, "total", "()I", Returns(Literal("I", 7)))
    program = (Construct(TALLY, "()V", ()), _add(3), total, _add(4))
    suite = TestSuite(TALLY, (TestCase(program, Completes(), observations=(answer,)),
                              TestCase((Construct(TALLY, "()V", ()), total, _add(-1), total), Returns(Literal("I", 0)),
                                       raised=((2, NEGATIVE),))))
    settings = Settings(classpath=(str(inputs_classes),), output_dir=tmp_path / "out", seed=0, time_budget=10.0)
    with RunContext.open(settings) as context:
        clock = Clock.of(settings)
        with clock.stage(Stage.SEARCH):
            subject = set_up(context, "in.Tally", clock)
        tidied = tidy(context, subject, suite, math.inf)
        validation = validate_suite(tidied, context.classpath.entries, settings.output_dir, index=context.index)
    # The query goes; add(3) stays: without it total() would answer 4, not 7.
    assert tidied.tests[0].program == (Construct(TALLY, "()V", ()), _add(3), _add(4))
    assert tidied.tests[0].observations == (answer,)
    # The first total() goes too; add(-1), which throws, is asserted, and the last call is the test's.
    assert [statement.name for statement in tidied.tests[1].program] == ["<init>", "add", "total"]
    assert tidied.tests[1].raised == ((1, NEGATIVE),)
    assert validation.written is not None and not validation.dropped and not validation.masked
    source = validation.written.read_text()
    assert not re.search(r"^\s+tally\.total\(\);$", source, re.MULTILINE), source
    run = compile_and_run([validation.written], inputs_classes, tmp_path)
    assert run.returncode == 0 and "2 tests successful" in run.stdout, run.stdout[-3000:]


def test_no_written_test_of_the_loans_desk_calls_a_query_for_nothing(keepers_classes: Path, tmp_path: Path) -> None:
    # The search's 20 s, each later stage on top (--search-budget): what is checked is what the tidying
    # takes out when it has the time, which a whole class's 20 s on a loaded machine may leave it without.
    settings = Settings(classpath=(str(keepers_classes),), output_dir=tmp_path / "out", search_budget=20.0, seed=0)
    [(_, report)] = list(generate(settings, ["kp.LoanDesk"]))
    assert isinstance(report, ClassReport) and report.test_file is not None, report
    source = Path(report.test_file).read_text()
    queries = "loansOf|getItem|isAvailable|overdue|count|getToday"
    assert not re.search(rf"^\s+loanDesk\.({queries})\([^;]*\);$", source, re.MULTILINE), source
    run = compile_and_run([Path(report.test_file)], keepers_classes, tmp_path)
    assert run.returncode == 0, run.stdout[-3000:]


def test_a_parameter_the_code_never_read_is_no_column(inputs_classes: Path, tmp_path: Path) -> None:
    """`grade(score, weight)` ignores its weight: four runs of the search's template with other
    weights each become tests that pass the first one's, and fold on the score alone."""
    settings = Settings(classpath=(str(inputs_classes),), output_dir=tmp_path / "out", seed=0, time_budget=10.0)
    with RunContext.open(settings) as context:
        clock = Clock.of(settings)
        with clock.stage(Stage.SEARCH):
            subject = set_up(context, "in.Tally", clock)
        grade = next(target for target in subject.targets if target.name == "grade")
        template = ProgramTemplate.for_skeleton((Step(grade, (Source(SourceKind.INPUT), Source(SourceKind.INPUT))),),
                                                Limits.of(settings))
        score, weight = (template.specs[(0, position)].name for position in range(2))
        executor = context.executor()
        runs = [executor.execute(template.build({score: points, weight: ignored}), template.variables(),
                                 {score: points, weight: ignored})
                for points, ignored in ((95, 1), (60, 2), (3, 3), (96, 4))]
        chosen = candidates(runs, subject.internal_name, subject.members)
        minimiser = StatementMinimiser(lambda program: executor.execute(program, None, {}), subject.internal_name,
                                       subject.members)
        before = build_suite(subject.internal_name, chosen, context.index.declares_checked)
        after = build_suite(subject.internal_name,
                            alike(minimiser, chosen, minimiser.minimise(chosen), lambda call: grade.param_names),
                            context.index.declares_checked)
        validation = validate_suite(after, context.classpath.entries, settings.output_dir, index=context.index)
    assert [fold.varying for fold in folds(before.tests)] == [(Slot(ARG, 0, 0), Slot(ARG, 0, 1), Slot(3))]
    assert [fold.varying for fold in folds(after.tests)] == [(Slot(ARG, 0, 0), Slot(3))]  # no weight column
    assert [case.program[-1].args[1].value for case in after.tests] == [1, 1, 1, 1]
    assert validation.written is not None and not validation.dropped and not validation.masked
    source = validation.written.read_text()
    assert "Tally.grade(score, 1)" in source and "int weight" not in source, source
    run = compile_and_run([validation.written], inputs_classes, tmp_path)
    assert run.returncode == 0 and "4 tests successful" in run.stdout, run.stdout[-3000:]


def test_an_object_parameter_is_given_text_as_well_as_numbers(inputs_classes: Path, tmp_path: Path) -> None:
    """`cell(Object)` quotes text that holds the separator and brackets negative numbers: both kinds
    of value are searched, alone and in an `Object...` array, and the tests say which they pass."""
    settings = Settings(classpath=(str(inputs_classes),), output_dir=tmp_path / "out", seed=0, time_budget=20.0,
                        max_executions=300)
    [(_, report)] = list(generate(settings, ["in.Cells"]))
    assert isinstance(report, ClassReport) and report.test_file is not None, report
    assert report.branch is not None and report.branch[0] == report.branch[1], report.branch
    source = Path(report.test_file).read_text()
    assert 'quoted(new Object[] {"' in source, source  # text in the array
    assert suite_shape(Path(report.test_file).parent)["numbered_near_duplicates"] == 0, source
    assert_written_tests_pass([report], inputs_classes, tmp_path / "run")
