"""The run's exit status and the plain record of a class that crosses processes and the cache."""

from __future__ import annotations

from jtc.errors import ClassFileTooNewError, ExitCode, NotTestableError, UnknownClassError, UnreadableClassError
from jtc.project.results import ClassResult, Status, run_exit_code

WRITTEN = ClassResult("a.Fine", Status.WRITTEN, ["a.Fine: 3 tests written"], tests=3, branch=(4, 6), line=(9, 9),
                      string_queries=12, string_unknown=3,
                      stages=[{"stage": "search", "spent": 4.2, "planned": 4.5},
                              {"stage": "validation", "spent": 3.9, "planned": None}])
EXITS = ClassResult("a.Exiter", Status.WRITTEN, ["..."], problem_code=ExitCode.SYSTEM_EXIT, tests=1)


def test_errors_of_classes_become_statuses():
    skipped = ClassResult.of("a.Shape", NotTestableError("a.Shape is an interface without code"))
    failed = ClassResult.of("a.Gone", UnknownClassError("class a.Gone is not on the classpath"))
    assert (skipped.status, skipped.error_code) == (Status.SKIPPED, ExitCode.NOT_TESTABLE)
    assert (failed.status, failed.error_code) == (Status.FAILED, ExitCode.UNKNOWN_CLASS)
    assert failed.lines == ["class a.Gone is not on the classpath"]


def test_problems_of_the_code_under_test_fail_the_run_only_when_strict():
    assert run_exit_code([(True, WRITTEN), (True, EXITS)], strict=False) == ExitCode.OK
    assert run_exit_code([(True, WRITTEN), (True, EXITS)], strict=True) == ExitCode.SYSTEM_EXIT


def test_a_skipped_class_fails_the_run_only_when_named():
    skipped = ClassResult.of("a.Shape", NotTestableError("no code"))
    assert run_exit_code([(False, skipped), (False, WRITTEN)], strict=True) == ExitCode.OK
    assert run_exit_code([(True, skipped), (False, WRITTEN)], strict=False) == ExitCode.NOT_TESTABLE


def test_json_round_trip_keeps_every_field():
    assert ClassResult.from_json(EXITS.to_json()) == EXITS
    assert ClassResult.from_json(WRITTEN.to_json()) == WRITTEN


def test_a_class_file_that_cannot_be_read_is_skipped_and_fails_the_run_only_when_strict_or_named():
    too_new = ClassResult.of("a.New", ClassFileTooNewError("a.New is compiled for Java 21 (class file 65)"))
    corrupt = ClassResult.of("a.Cut", UnreadableClassError("a.Cut: cannot read its class file: truncated"))
    assert (too_new.status, corrupt.status) == (Status.SKIPPED, Status.SKIPPED)
    found = [(False, too_new), (False, corrupt), (False, WRITTEN)]
    assert run_exit_code(found, strict=False) == ExitCode.OK
    assert run_exit_code(found, strict=True) == ExitCode.CLASS_FILE_TOO_NEW
    assert run_exit_code([(False, WRITTEN), (False, corrupt)], strict=True) == ExitCode.UNREADABLE_CLASS
    assert run_exit_code([(True, corrupt)], strict=False) == ExitCode.UNREADABLE_CLASS
