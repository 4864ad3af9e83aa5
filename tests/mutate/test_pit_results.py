"""PIT's mutations.xml read into jtc's mutants and verdicts (rows of a real PIT 1.30.2 report), and the
scores PIT would print for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.errors import InternalError
from jtc.mutate.model import Score, Status, SuiteMutation
from jtc.mutate.pit_results import as_jtc_test, read_mutations

REPORT = Path(__file__).resolve().parent / "fixtures" / "pit" / "mutations.xml"


def test_every_row_is_a_mutant_with_its_place_operator_and_verdict() -> None:
    mutants, verdicts = read_mutations(REPORT)
    first = mutants[0]
    assert (first.class_name, first.method, first.line, first.instruction, first.operator, first.description) == (
        "mut.Range", "bits(I)I", 20, 9, "ConditionalsBoundaryMutator", "changed conditional boundary")
    assert first.id == "mut.Range#bits(I)I@9:ConditionalsBoundaryMutator:0"
    assert verdicts[first.id].status is Status.TIMED_OUT and verdicts[first.id].test == ""
    assert verdicts[mutants[1].id].test == "mut.RangeTest#bitsOfFive"
    assert [verdicts[m.id].status for m in mutants] == [
        Status.TIMED_OUT, Status.KILLED, Status.SURVIVED, Status.KILLED, Status.KILLED, Status.NO_COVERAGE,
        Status.RUN_ERROR]
    assert mutants[5].class_name == "mut.Range$Cell" and mutants[5].outer_class() == "mut.Range"


def test_two_alike_mutants_at_one_instruction_keep_apart() -> None:
    mutants, verdicts = read_mutations(REPORT)
    assert [m.id.rpartition(":")[2] for m in mutants[3:5]] == ["0", "1"]
    assert len(verdicts) == len(mutants) == 7


def test_the_score_counts_as_pit_does_a_run_error_detected() -> None:
    mutants, verdicts = read_mutations(REPORT)
    suite = SuiteMutation("pit", mutants, verdicts, classes=("mut.Range", "mut.Tally"))
    assert suite.score() == Score(killed=5, total=7, timed_out=1)
    assert suite.score("mut.Range") == Score(killed=4, total=6, timed_out=1)
    assert [m.description for m in suite.survivors()] == ["changed conditional boundary",
                                                          'replaced return value with "" for mut/Range$Cell::get']


@pytest.mark.parametrize(("pit", "jtc"), [
    ("a.BTest.[engine:junit-jupiter]/[class:a.BTest]/[method:adds()]", "a.BTest#adds"),
    ("a.BTest.[engine:junit-jupiter]/[class:a.BTest]/[method:adds(int, java.lang.String)]", "a.BTest#adds"),
    ("a.BTest.[engine:junit-vintage]/[runner:a.BTest]/[test:adds(a.BTest)]", "a.BTest#adds"),
    ("a.BTest.[engine:junit-jupiter]/[class:a.BTest]/[nested-class:Inner]/[method:adds()]", "a.BTest#adds"),
    ("a.BTest.[engine:junit-jupiter]/[class:a.BTest]/[test-factory:many()]/[dynamic-test:#1]", "a.BTest#many"),
    ("something else", "something else"),
])
def test_pit_names_of_tests_are_written_as_jtc_writes_them(pit: str, jtc: str) -> None:
    assert as_jtc_test(pit) == jtc


def test_a_report_that_cannot_be_read_is_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "mutations.xml"
    broken.write_text("<mutations><mutation status='KILLED'>")
    with pytest.raises(InternalError, match="^PIT's report .* cannot be read"):
        read_mutations(broken)
    broken.write_text("<mutations><mutation status='PENDING'/></mutations>")
    with pytest.raises(InternalError, match="a mutant of status 'PENDING'"):
        read_mutations(broken)
