"""The snapshot `jtc generate --snapshot` writes: each class's test file as it stands with the records
of the tests still in it (the whole-suite check may have dropped some), read back as written; the
records cross processes and the cache with the class's result; a file that is not a snapshot is a
usage error."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.emit.behaviour import StatedCheck, TestBehaviour
from jtc.errors import UsageError
from jtc.project.results import ClassResult, Status
from jtc.project.snapshot import read_snapshot, snapshot_of, write_snapshot

SOURCE = """package dv;

class TillTest {

    @Test
    void isFreeOfZeroReturnsTrue() {
        assertTrue(till.isFree(0));
    }
}
"""


def record(method: str) -> TestBehaviour:
    return TestBehaviour(method, method, "dv.Till.isFree(int)", "isFree(0)", ("0",), "returns true", 2, (-1, 2),
                         (StatedCheck(1, "dv.Till.isFree(int)", "isFree(0)", "returns true"),))


def test_a_snapshot_keeps_the_tests_in_the_file_and_reads_back_as_written(tmp_path: Path) -> None:
    test_file = tmp_path / "dv" / "TillTest.java"
    test_file.parent.mkdir()
    test_file.write_text(SOURCE)
    result = ClassResult("dv.Till", Status.WRITTEN, [], tests=1, test_file=str(test_file),
                         behaviour=[record("isFreeOfZeroReturnsTrue"), record("droppedByTheSuiteCheck")])
    assert ClassResult.from_json(result.to_json()) == result
    found = snapshot_of(result)
    assert found is not None and (found.class_name, found.test_class) == ("dv.Till", "dv.TillTest")
    assert [test.method for test in found.tests] == ["isFreeOfZeroReturnsTrue"]
    assert found.relative_path == Path("dv/TillTest.java")
    no_tests = ClassResult("dv.Empty", Status.NO_TESTS, [])
    write_snapshot(tmp_path / "till.json", [result, no_tests], ["build/v1"])
    assert read_snapshot(tmp_path / "till.json") == [found]


@pytest.mark.parametrize("text,words", [
    ("[]", "is not a jtc snapshot (format 1"),
    ('{"format": 1, "classes": [{"class": "dv.Till"}]}', "a class entry lacks 'test_class'"),
    ('{"format": 1, "classes": [{"class": "dv.Till", "test_class": "dv.TillTest", "source": 3, "tests": []}]}',
     "names and source must be strings"),
])
def test_a_file_that_is_not_a_snapshot_is_a_usage_error(tmp_path: Path, text: str, words: str) -> None:
    (tmp_path / "s.json").write_text(text)
    with pytest.raises(UsageError, match=words.replace("(", r"\(")):
        read_snapshot(tmp_path / "s.json")
