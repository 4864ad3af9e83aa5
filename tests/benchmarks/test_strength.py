"""B6 (test strength): the shape of a suite counted as documented, and the benchmark's JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import strength

SOURCE = """package p;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FooTest {

    @Test
    void one() {
        Foo foo = new Foo();
        foo.bump();
        if (foo.ready()) {
            foo.bump();
        }
        assertEquals(2, foo.count());
        assertInstanceOf(Foo.class, foo.self());
    }

    @Test
    void one2() {
        assertNotNull(new Foo());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void two(int n) {
        assertThrows(IllegalStateException.class, () -> new Foo().fail());
    }

    void helper() {
        assertTrue(true);
    }
}
"""


def test_suite_shape_counts_tests_statements_and_assertions(tmp_path: Path):
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "FooTest.java").write_text(SOURCE)
    shape = strength.suite_shape(tmp_path)
    # one: declaration, bump, if, bump inside, two asserts = 6; two: the assertThrows statement and the lambda's
    # expression statement (javalang reads an expression lambda body as no statement) = 1. The helper is no test.
    # Without the three bare assertion statements: 4 and 0.
    # one2, a numbered near-duplicate of one, asserts only that there is an object: one statement.
    assert shape == {"tests": 3, "parameterized": 1, "statements_per_test": 2.67,
                     "non_assertion_statements_per_test": 1.33, "assertions_per_test": 1.33, "instance_of_share": 0.25,
                     "assertions": {"assertEquals": 1, "assertInstanceOf": 1, "assertNotNull": 1, "assertThrows": 1},
                     "numbered_near_duplicates": 1, "numbered_names": ["FooTest.one2"], "not_null_only_share": 0.333}


@pytest.mark.slow
def test_strength_benchmark_scores_both_suites_and_their_union(tmp_path: Path):
    output = tmp_path / "strength.json"
    assert strength.main(["--classes", "com.example.basics.Gcd", "--budget", "5", "--output", str(output)]) == 0
    result = json.loads(output.read_text())
    suites = {suite["suite"]: suite for suite in result["suites"]}
    assert list(suites) == ["hand-written", "generated", "union"]
    assert (suites["hand-written"]["killed"], suites["hand-written"]["total"]) == (4, 4)
    assert result["mutants_per_class"] == {"com.example.basics.Gcd": 4}
    assert suites["union"]["killed"] >= max(suites["hand-written"]["killed"], suites["generated"]["killed"])
    assert result["shape"]["hand-written"]["tests"] >= 1 and result["shape"]["generated"]["tests"] >= 1
    assert result["accepted_classes"]["generated"] == {"killed": suites["generated"]["killed"], "total": 4}
    # PIT's figures beside them: its defaults make 4 mutants of Gcd, STRONGER 5; the hand-written tests kill all,
    # and on the 4 mutants jtc and PIT's defaults share, the two tools judge alike.
    pit = result["pit"]
    hand = {mutators: pit["mutators"][mutators]["hand-written"]["classes"]["com.example.basics.Gcd"]
            for mutators in ("DEFAULTS", "STRONGER")}
    assert hand == {"DEFAULTS": {"killed": 4, "total": 4, "timed_out": 0},
                    "STRONGER": {"killed": 5, "total": 5, "timed_out": 0}}
    agreed = pit["agreement"]["hand-written"]["classes"]["com.example.basics.Gcd"]
    assert (agreed["shared"], agreed["both_killed"], agreed["agreement"]) == (4, 4, 1.0)
    assert set(pit["agreement"]) == {"hand-written", "generated", "union"}


def test_a_sample_with_classes_in_several_packages_has_its_tests_found_and_copied(tmp_path: Path):
    classes = strength._classes_with_tests("dungeon")
    assert {"com.example.dungeon.board.Square", "com.example.dungeon.parser.MapParser",
            "com.example.dungeon.level.Level"} <= set(classes)
    assert all(name.startswith("com.example.dungeon.") for name in classes)
    strength._hand_written("dungeon", ["com.example.dungeon.board.Square"], tmp_path)
    assert [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.java")] == [
        "com/example/dungeon/board/SquareTest.java"]


def test_scores_over_the_accepted_classes_leave_the_refused_ones_out():
    scores = [{"suite": "generated", "classes": {"a.X": {"killed": 3, "total": 5}, "a.Y": {"killed": 0, "total": 7}}}]
    assert strength._accepted(scores, ["a.X"]) == {"generated": {"killed": 3, "total": 5}}


@pytest.mark.slow
@pytest.mark.parametrize("sample, name, widened", [
    ("containers", "com.example.containers.PackagePrivate", False),  # package-private: the default reaches it
    ("basics", "com.example.basics.NoPublicConstructor", True)])  # a private constructor: access granted for it
def test_a_class_whose_hand_written_test_calls_non_public_members_is_generated_with_that_access(
        tmp_path: Path, sample: str, name: str, widened: bool):
    output = tmp_path / "strength.json"
    # 60 s for the whole class: the search's 5 s of old had the mutation run's 60 s on top, and the kills
    # compared below need the whole mutation run (a whole class's 5 s leaves it 0.7 s, and 20 s, with 67
    # tests on trial on a loaded machine, 3.4 s: one kill short). The class takes what it needs of it.
    assert strength.main(["--sample", sample, "--classes", name, "--budget", "60", "--no-pit", "--output",
                          str(output)]) == 0
    result = json.loads(output.read_text())
    suites = {suite["suite"]: suite for suite in result["suites"]}
    assert result["refused"] == {} and list(result["access"]) == ([name] if widened else [])
    assert suites["generated"]["killed"] >= suites["hand-written"]["killed"] > 0
