"""Tests a developer keeps, in the default mode: a parser whose three overloads of `parse` fail
alike on a null word and return a command line with observers. Quick mode writes one test per
overload and outcome (`parseThrowsNullPointerException2`, `…3`) and states the command line by
`assertNotNull`; the default writes one test per behaviour, names them by what differs, states the
command line by what its observers answer, and kills every mutant the quick mode kills with fewer
tests than the quick mode's count plus one for each mutant only it kills. (It killed more while the search
left the quick mode short: 21 against 16 of 29 at 2500 executions before String comparisons were
lowered; both killed 25 with 6 and 7 tests since. Of the 4 left then, 2 are equivalent (`equals < 0`
where `equals` cannot be 0) and 2 needed an option after a plain argument, which the search made
once token arrays grew (growth.lengthened): the default mode kills 27 with 8 tests, the quick one 24
with 7.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jtc.config import Settings
from jtc.mutate.runner import Timeouts
from jtc.mutate.suites import mutate_suites
from jtc.pipeline.generate import generate
from jtc.pipeline.report import ClassReport

from bench.strength import suite_shape
from junit_run import compile_and_run

pytestmark = pytest.mark.slow


def _generate(classes: Path, output: Path, select_assertions: bool) -> ClassReport:
    # The search's 10 s, each later stage on top (--search-budget): the suites compared are what each
    # mode makes of one search, not what fits in a whole class's 10 s on a loaded machine.
    settings = Settings(classpath=(str(classes),), output_dir=output, search_budget=10.0, seed=0,
                        select_assertions=select_assertions)
    [(_, report)] = list(generate(settings, ["kp.Parser"]))
    assert isinstance(report, ClassReport), report
    assert report.dropped == [] and report.test_file is not None, (report.dropped, report.note)
    return report


@pytest.fixture(scope="module")
def suites(keepers_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ClassReport, list]:
    quick_dir, default_dir = tmp_path_factory.mktemp("quick"), tmp_path_factory.mktemp("default")
    _generate(keepers_classes, quick_dir, select_assertions=False)
    report = _generate(keepers_classes, default_dir, select_assertions=True)
    scores = mutate_suites([quick_dir, default_dir], [keepers_classes], ["kp.Parser"],
                           tmp_path_factory.mktemp("mutate"), Timeouts())
    return default_dir, report, scores


def test_one_test_per_behaviour_named_by_what_differs(suites) -> None:
    default_dir, report, _ = suites
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    names = re.findall(r"void (\w+)\(", source)
    assert not [name for name in names if re.sub(r"_?\d+$", "", name) in set(names) - {name}], names
    assert suite_shape(default_dir)["numbered_near_duplicates"] == 0
    # A null word fails every overload of parse alike: one test says so.
    assert len(re.findall(r"assertThrows\(NullPointerException\.class", source)) == 1


def test_the_returned_command_line_is_stated_by_its_observers(suites, keepers_classes: Path, tmp_path: Path) -> None:
    default_dir, report, _ = suites
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert suite_shape(default_dir)["not_null_only_share"] == 0.0
    assert "assertNotNull(" not in source
    # Named `result` when it is the test's last call, by its type when a later call fails.
    returned = re.findall(r"CommandLine (\w+) = parser\.parse\(", source)
    assert returned, source
    assert any(re.search(rf"assert\w+\([^;]*\b{name}\.(getArgCount|hasOption|getOptionValue|getArgs)\(", source)
               for name in returned), source
    run = compile_and_run([Path(report.test_file)], keepers_classes, tmp_path)  # type: ignore[arg-type]
    assert run.returncode == 0, run.stdout[-3000:]


def test_the_default_mode_kills_what_the_quick_one_kills_with_fewer_tests(suites) -> None:
    _, _, (quick, default, _) = suites
    assert {m.id for m in default.survivors()} <= {m.id for m in quick.survivors()}
    extra = default.score().killed - quick.score().killed
    assert default.score().killed >= 27 and default.tests_run < quick.tests_run + extra, \
        (quick.score(), quick.tests_run, default.score(), default.tests_run)
