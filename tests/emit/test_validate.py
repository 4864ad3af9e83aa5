"""Validation drops exactly the tests that do not compile, fail, or are unstable, and says why; when
what fails is an assertion a test can give up (a value, a message, an observer's answer), only that
assertion goes."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from jtc.coverage.measure import measure, measured, refusal
from jtc.coverage.model import Counter
from jtc.java.javac import compile_sources
from jtc.emit.validate import ValidationReport, ValidationSettings, validate_suite
from jtc.model.program import Construct, Invoke, Literal, VarRef
from jtc.model.testcases import Completes, Observation, Returns, Throws
from jtc.model.testcases import TestCase as Case
from jtc.model.testcases import TestSuite as Suite

pytestmark = pytest.mark.slow

SUBJECTS = {
    "vx/Once.java": """package vx;

import java.io.File;
import java.io.IOException;

/** True for the first JVM that calls it (a marker file remembers), false for every later one. */
public final class Once {
    private Once() {
    }

    public static boolean first() throws IOException {
        return new File(MARKER).createNewFile();
    }
}
""",
    "vx/Counter.java": """package vx;

/** Static state that outlives a test: each call returns the next number. */
public final class Counter {
    private static int count;

    private Counter() {
    }

    public static int next() {
        return ++count;
    }
}
""",
    "vx/Spin.java": """package vx;

public final class Spin {
    private Spin() {
    }

    public static void forever() {
        while (true) {
            Thread.onSpinWait();
        }
    }
}
""",
    "vx/Tagged.java": """package vx;

/** A description and an exception message that carry an identity hash, and a counter. */
public final class Tagged {
    private final Object tag = new Object();
    private int count;

    public String describe() {
        return "tagged " + tag;
    }

    public void fail() {
        count++;
        throw new IllegalStateException("bad " + tag);
    }

    public int count() {
        return count;
    }
}
""",
    "vx/Peek.java": """package vx;

/** Checks its own methods, as reflection-based builders, mappers and serializers walk a class's members. */
public final class Peek {
    private Peek() {
    }

    public static int onlyMethod() {
        if (Peek.class.getDeclaredMethods().length != 1) {
            throw new IllegalStateException("a method was added");
        }
        return 1;
    }
}
""",
    "vx/Exiter.java": """package vx;

public final class Exiter {
    private Exiter() {
    }

    public static void quit() {
        System.exit(3);
    }
}
""",
}

SETTINGS = ValidationSettings(test_timeout_s=2.0)
GCD = Invoke("fx/Calc", "gcd", "(II)I", None, (Literal("I", 12), Literal("I", 18)))
STACK = "fx/IntStack"


def static(owner: str, name: str, desc: str) -> Invoke:
    return Invoke(owner, name, desc, None, ())


@pytest.fixture(scope="module")
def subject_classes(tmp_path_factory: pytest.TempPathFactory, fx_classes: Path) -> Path:
    root = tmp_path_factory.mktemp("vx")
    marker = root / "once.marker"
    for relative, text in SUBJECTS.items():
        path = root / "src" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.replace("MARKER", f'"{marker}"'), encoding="utf-8")
    assert compile_sources(sorted((root / "src").rglob("*.java")), [], root / "classes") == []
    return root / "classes"


@pytest.fixture(scope="module")
def validated(subject_classes: Path, fx_classes: Path, tmp_path_factory: pytest.TempPathFactory) \
        -> tuple[ValidationReport, Path]:
    stack = VarRef(0, f"L{STACK};")
    suite = Suite("vx/Counter", (
        Case((GCD,), Returns(Literal("I", 6))),
        Case((GCD,), Returns(Literal("I", 7))),
        Case((Invoke("fx/Calc", "half", "(F)F", None, (Literal("F", -0.0),)),), Returns(Literal("F", 0.0))),
        Case((static("fx/Calc", "nosuch", "()I"),), Returns(Literal("I", 1))),
        Case((static("vx/Once", "first", "()Z"),), Returns(Literal("Z", True)), throws_checked=True),
        Case((static("vx/Counter", "next", "()I"),), Returns(Literal("I", 1))),
        Case((static("vx/Counter", "next", "()I"),), Returns(Literal("I", 1))),
        Case((static("vx/Spin", "forever", "()V"),), Completes()),
        Case((Construct(STACK, "()V", ()), Invoke(STACK, "push", "(I)V", stack, (Literal("I", 3),)),
              Invoke(STACK, "pop", "()I", stack, ())), Returns(Literal("I", 3))),
    ))
    out = tmp_path_factory.mktemp("generated")
    work = tmp_path_factory.mktemp("work")
    return validate_suite(suite, [subject_classes, fx_classes], out, SETTINGS, work_dir=work), out


def test_only_the_sound_tests_are_written(validated: tuple[ValidationReport, Path]) -> None:
    report, out = validated
    assert report.written == out / "vx" / "CounterTest.java"
    assert report.test_class == "vx.CounterTest"
    # A value that differs from the one observed, in one run or both, is given up, the test kept.
    # Counter's own member first, then the others in the order the suite first tests them.
    assert report.kept == ["nextCompletes", "nextCompletes2", "gcdReturns6", "gcdCompletes", "halfCompletes",
                           "firstCompletes", "popReturns3"]
    assert report.rounds == 3  # compile error; then failures; then clean
    source = report.written.read_text()
    assert "void gcdReturns6()" in source and "void popReturns3()" in source and "nosuch" not in source
    assert "assertDoesNotThrow(() -> Calc.gcd(12, 18));" in source
    assert report.seconds > 0 and report.note == ""


def test_every_dropped_test_has_its_reason(validated: tuple[ValidationReport, Path]) -> None:
    reasons = {d.name: d.reason for d in validated[0].dropped}
    assert set(reasons) == {"nosuchReturns1", "foreverCompletes"}
    assert reasons["nosuchReturns1"].startswith("does not compile: cannot find symbol (symbol:")
    assert "nosuch()" in reasons["nosuchReturns1"]
    assert reasons["foreverCompletes"] == \
        "fails: TimeoutException: foreverCompletes() timed out after 2000 milliseconds"


def test_every_assertion_given_up_has_its_reason(validated: tuple[ValidationReport, Path]) -> None:
    reasons = {d.name: d.reason for d in validated[0].masked}
    assert set(reasons) == {"gcdReturns7", "halfReturnsZero", "firstReturnsTrue", "nextReturns1", "nextReturns1_2"}
    assert reasons["gcdReturns7"] == "fails: AssertionFailedError: expected: <7> but was: <6>"
    assert reasons["halfReturnsZero"] == "fails: AssertionFailedError: expected: <0.0> but was: <-0.0>"
    assert reasons["firstReturnsTrue"].startswith("flaky: passed in run 1, failed in run 2 (AssertionFailedError")
    # Static state: whichever of the two runs first passes, so each fails in one of the two orders.
    assert reasons["nextReturns1"].startswith("flaky: passed in run 1, failed in run 2")
    assert reasons["nextReturns1_2"].startswith("flaky: passed in run 2, failed in run 1")


def test_the_measured_run_gives_what_a_coverage_run_of_the_written_tests_gives(
        validated: tuple[ValidationReport, Path], subject_classes: Path, fx_classes: Path) -> None:
    report = validated[0]
    assert report.classes_dir is not None and report.test_class is not None and report.measured is not None
    classpath = [subject_classes, fx_classes]
    run = measure([report.test_class], [report.classes_dir], classpath, ["vx/Counter", "fx/IntStack"],
                  report.classes_dir.parent / "coverage")
    assert sorted(result.method for result in run.tests.results.values()) == sorted(report.kept)
    assert all(result.passed for result in run.tests.results.values())
    # IntStack has four two-way branches: capacity < 0, full on push, empty on pop, and isEmpty's
    # size == 0. popReturns3 takes one side of each of the first three and never calls isEmpty.
    assert run.report.including_nested("fx/IntStack").branch == Counter(5, 3)
    # The validation's run under the agent measured the suite's own class, vx/Counter: its record
    # gives what the run above gives, to the line.
    reused = measured(report.measured.exec_file, classpath, ["vx/Counter"], report.classes_dir.parent / "reused")
    assert reused.including_nested("vx/Counter") == run.report.including_nested("vx/Counter")
    assert reused.including_nested("vx/Counter").line.covered > 0
    assert refusal(report.measured.output) is None


def test_a_test_that_exits_the_jvm_is_isolated_and_dropped(subject_classes: Path, fx_classes: Path,
                                                           tmp_path: Path) -> None:
    suite = Suite("vx/Exiter", (Case((GCD,), Returns(Literal("I", 6))),
                                Case((static("vx/Exiter", "quit", "()V"),), Completes())))
    report = validate_suite(suite, [subject_classes, fx_classes], tmp_path / "out", SETTINGS)
    assert report.kept == ["gcdReturns6"]
    assert [(d.name, d.reason) for d in report.dropped] == [
        ("quitCompletes", "ends the test JVM: it exited with code 3 without a report")]
    assert report.rounds == 2
    assert report.classes_dir is None and report.measured is None  # no work_dir: nothing is kept


def test_an_identity_hash_costs_its_assertion_not_the_test(subject_classes: Path, fx_classes: Path,
                                                            tmp_path: Path) -> None:
    """A toString and an exception message with an identity hash in them, as a generator that had not
    recognised them would assert them, and an observer's answer that was not what it said."""
    tagged = VarRef(0, "Lvx/Tagged;")
    new = Construct("vx/Tagged", "()V", ())
    suite = Suite("vx/Tagged", (
        Case((new, Invoke("vx/Tagged", "describe", "()Ljava/lang/String;", tagged, ())),
             Returns(Literal("Ljava/lang/String;", "tagged java.lang.Object@1b6d3586"))),
        Case((new, Invoke("vx/Tagged", "fail", "()V", tagged, ())),
             Throws("java.lang.IllegalStateException", "bad java.lang.Object@1b6d3586"),
             observations=(Observation(0, "vx/Tagged", "count", "()I", Returns(Literal("I", 1))),
                           Observation(0, "vx/Tagged", "count", "()I", Returns(Literal("I", 2))))),
    ))
    report = validate_suite(suite, [subject_classes, fx_classes], tmp_path / "out", SETTINGS)
    assert report.kept == ["describeCompletes", "failThrowsIllegalStateException"]
    assert report.dropped == []
    assert sorted((d.name, d.reason.partition(":")[0]) for d in report.masked) == [
        ("describeReturnsString", "fails"),
        ("failThrowsIllegalStateException", "fails"), ("failThrowsIllegalStateException", "fails")]
    assert report.written is not None
    source = report.written.read_text()
    assert "assertDoesNotThrow(() -> tagged.describe());" in source
    assert "assertThrows(IllegalStateException.class, () -> tagged.fail());\n        assertEquals(1, tagged.count());" \
        in source
    assert "1b6d3586" not in source and "assertEquals(2" not in source


def test_a_test_whose_ending_a_coverage_agent_changes_is_dropped(subject_classes: Path, fx_classes: Path,
                                                                  tmp_path: Path) -> None:
    """A class that checks its own methods sees the one JaCoCo's agent adds to the classes it measures
    (`$jacocoInit`) and throws: a build measuring coverage would fail the test, so it is not written."""
    count = Invoke("vx/Peek", "onlyMethod", "()I", None, ())
    suite = Suite("vx/Peek", (Case((GCD,), Returns(Literal("I", 6))), Case((count,), Returns(Literal("I", 1)))))
    report = validate_suite(suite, [subject_classes, fx_classes], tmp_path / "out", SETTINGS)
    assert report.kept == ["gcdReturns6"]
    assert [(d.name, d.reason.partition(":")[0]) for d in report.dropped] == [("onlyMethodReturns1", "flaky")]


def test_an_empty_suite_writes_nothing(tmp_path: Path) -> None:
    report = validate_suite(Suite("vx/Counter", ()), [], tmp_path)
    assert report.written is None and report.kept == [] and report.rounds == 0
    assert report.note == "the suite has no tests; nothing written"
    assert list(tmp_path.iterdir()) == []



def test_a_validation_its_deadline_stops_validates_nothing(subject_classes: Path, fx_classes: Path,
                                                            tmp_path: Path) -> None:
    """A run the deadline cuts short is no verdict on its tests: validation stops there, and nothing
    it did not finish checking is written (issue 36)."""
    suite = Suite("vx/Spin", (Case((GCD,), Returns(Literal("I", 6))),
                              Case((static("vx/Spin", "forever", "()V"),), Completes())))
    deadline = time.monotonic() + 6.0
    report = validate_suite(suite, [subject_classes, fx_classes], tmp_path / "out",
                            ValidationSettings(test_timeout_s=60.0, deadline=deadline))
    assert report.out_of_time and report.written is None and report.kept == [] and report.rounds == 1
    assert report.note == "validation ran out of time in round 1; nothing written"
    assert time.monotonic() < deadline + 3.0  # at its deadline, not after the endless test's own timeout
    assert not (tmp_path / "out").exists()
