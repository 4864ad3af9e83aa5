"""Which observer answers mutation analysis keeps: the fewest that kill what nothing else kills."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from jtc.emit.render import RenderedClass, RenderedTest
from jtc.model.program import Construct, Invoke, Literal, VarRef
from jtc.amplification.assertions import chosen_answers, keep, killing_tests, tried_tests, without_continued
from jtc.mutate.runner import Kill
from jtc.model.testcases import Completes, Observation, Returns
from jtc.model.testcases import TestCase as Case
from jtc.model.testcases import TestSuite as Suite

RENDERED = RenderedClass("st", "TallyTest", "", (
    RenderedTest("a", (0,), 1, 10, ((5, ("expectation", -1)), (6, ("observed", 0)), (7, ("observed", 1)))),
    RenderedTest("b", (1,), 11, 20, ((15, ("observed", 0)),))), (), 17)


def _kill(mutant: str, test: str, line: int, timed_out: bool = False) -> Kill:
    return Kill(mutant, f"st.TallyTest#{test}", timed_out, line)


def test_answers_cover_the_mutants_only_answers_kill_most_first() -> None:
    kills = [_kill("returned", "a", 5),  # the test's own expectation kills it: no answer needed
             _kill("both", "a", 6), _kill("both", "b", 15), _kill("second", "b", 15),  # b's answer covers both
             _kill("own", "a", 7),
             _kill("slow", "a", -1, timed_out=True), _kill("thrown", "a", 3),  # no assertion failed
             _kill("returned-too", "a", 6), _kill("returned-too", "b", 12)]  # b kills it without answers
    assert chosen_answers(kills, RENDERED) == {(1, 0), (0, 1)}


def test_keep_answers_drops_the_others() -> None:
    seen = [Observation(0, "st/Tally", name, "()I", Returns(Literal("I", 1))) for name in ("a", "b", "c")]
    new = Construct("st/Tally", "()V", ())
    suite = Suite("st/Tally", (Case((new,), Completes(), observations=tuple(seen)),
                               Case((new,), Completes(), observations=tuple(seen[:1]))))
    kept = keep(suite, {0, 1}, {(0, 2), (1, 0)})
    assert [[o.name for o in case.observations] for case in kept.tests] == [["c"], ["a"]]


def test_tests_on_trial_stay_only_for_mutants_no_kept_test_kills_most_per_statement_first() -> None:
    new = Construct("st/Tally", "()V", ())
    rendered = RenderedClass("st", "TallyTest", "", tuple(
        RenderedTest(name, (i,), 10 * i + 1, 10 * i + 9, ()) for i, name in enumerate("abcde")), (), 17)
    suite = Suite("st/Tally", (Case((new,), Completes()),
                               Case((new, new, new), Completes(), on_trial=True),  # three statements: 2/3 a statement
                               Case((new,), Completes(), on_trial=True),
                               Case((new,), Completes(), on_trial=True),
                               Case((new,), Completes(), on_trial=True)))
    kills = [_kill("m1", "a", 3),  # the kept test kills m1 already
             _kill("m1", "b", 13), _kill("m2", "b", 13), _kill("m3", "b", 13),  # 2 new in 3 statements
             _kill("m2", "c", 23), _kill("m3", "d", 33),  # 1 new each in 1 statement
             _kill("m4", "e", -1, timed_out=True)]  # too slow: depends on timing
    assert tried_tests(suite, kills, rendered) == {0, 2, 3}
    kept = keep(suite, {0, 2}, set())
    assert len(kept.tests) == 2 and not any(case.on_trial for case in kept.tests)


def test_a_test_another_continues_with_all_its_kills_goes() -> None:
    new = Construct("st/Tally", "()V", ())
    add = Invoke("st/Tally", "add", "(I)V", VarRef(0, "Lst/Tally;"), (Literal("I", 1),))
    rendered = RenderedClass("st", "TallyTest", "", tuple(
        RenderedTest(name, (i,), 10 * i + 1, 10 * i + 9, ()) for i, name in enumerate("abcde")), (), 17)
    suite = Suite("st/Tally", (Case((new, add), Completes()),
                               Case((new, add, add), Completes()),  # continues a, kills all a kills
                               Case((new,), Completes()),  # b continues it too, but it kills m3 alone
                               Case((new, add, add, add), Completes(), likely_bug="likely bug: …"),
                               Case((add,), Completes())))  # continued by none
    kills = [_kill("m1", "a", 3), _kill("m1", "b", 13), _kill("m2", "b", 13), _kill("m3", "c", 23)]
    assert without_continued(suite, {0, 1, 2, 3, 4}, kills, rendered) == {1, 2, 3, 4}


def test_with_mutation_data_a_test_whose_kills_and_coverage_others_have_goes() -> None:
    rendered = SimpleNamespace(binary_name="x.FooTest", tests=[SimpleNamespace(name=name, cases=(position,))
                                                               for position, name in enumerate("abc")])
    kills = [Kill("m1", "x.FooTest#a", False, 10), Kill("m1", "x.FooTest#b", False, 20),
             Kill("m2", "x.FooTest#b", False, 21), Kill("m3", "x.FooTest#c", False, 30)]
    suite = Suite("x/Foo", tuple(SimpleNamespace(program=("call",)) for _ in range(3)))  # type: ignore[arg-type]
    shown_by = {0: frozenset("x"), 1: frozenset("x"), 2: frozenset("y")}.__getitem__
    kept, kept_kills = killing_tests(suite, kills, rendered, shown_by, range(3))  # type: ignore[arg-type]
    assert kept == [1, 2] and kept_kills == kills[1:]
    # Coverage only the first shows keeps it, whatever it kills.
    kept, _ = killing_tests(suite, kills, rendered, {0: frozenset("z"), 1: frozenset("x"), 2: frozenset("y")}.__getitem__, range(3))  # type: ignore[arg-type]
    assert kept == [0, 1, 2]
    # Only the tests `among` the candidates are weighed: the others are gone already.
    kept, kept_kills = killing_tests(suite, kills, rendered, shown_by, [0, 2])  # type: ignore[arg-type]
    assert kept == [0, 2] and kept_kills == [kills[0], kills[3]]


def test_a_mutation_run_stopped_at_its_limit_chooses_by_the_mutants_it_finished(tmp_path, monkeypatch) -> None:
    """The runner writes a mutant's rows as it finishes it: when the run is stopped, the kills of
    the finished mutants count (a kill row of an unfinished one, and a row cut short, do not), and
    every kept test keeps the quick rule's answers besides those the kills chose."""
    from jtc.amplification import assertions
    from jtc.mutate import runner

    written = "\n".join(["M\tm1\tst.Tally\tadd\t3\t0\tmath\tx", "M\tm2\tst.Tally\tadd\t4\t0\tmath\ty",
                         "T\tst.TallyTest#a\tPASSED\t3\t", "K\tm1\tst.TallyTest#a\tKILLED\t8",
                         "R\tm1\tKILLED\tst.TallyTest#a\t", "K\tm2\tst.TallyTest#a\tKILLED\t6", "R\tm2\tKIL"])

    def stopped(mode: str, arguments: list[str], timeout_s: float, working_dir=None, jvm_options=()) -> str:
        (tmp_path / "kills.tsv").write_text(written)
        raise runner.RunnerTimeout("the mutation runner did not finish within 1 s")
    monkeypatch.setattr(runner, "_java", stopped)
    output = runner.run_mutants(tmp_path, [], ["st.TallyTest"], tmp_path / "kills.tsv", runner.Timeouts(),
                                wall_timeout_s=1.0, every_test=True, partial=True)
    assert not output.complete and set(output.verdicts) == {"m1"}
    assert [(kill.mutant, kill.line) for kill in output.kills] == [("m1", 8)]

    seen = [Observation(0, "st/Tally", name, "()I", Returns(Literal("I", i))) for i, name in enumerate("abcd")]
    suite = Suite("st/Tally", (Case((Construct("st/Tally", "()V", ()),), Completes(), observations=tuple(seen)),))
    rendered = RenderedClass("st", "TallyTest", "", (RenderedTest("a", (0,), 1, 10, tuple(
        (5 + j, ("observed", j)) for j in range(4))),), (), 17)
    monkeypatch.setattr(assertions, "suite_kills", lambda *args, **kwargs: (output.kills, rendered, output.complete))
    no_index: Any = None  # the kills are given: nothing is rendered again
    selected, kept, complete = assertions.selected_by_kills(suite, [], no_index, tmp_path, lambda position: frozenset(),
                                                            minimise=False)
    assert not complete and kept == 1
    rule = {o.name for o in assertions.quick_rule(suite).tests[0].observations}
    assert "d" not in rule and {o.name for o in selected.tests[0].observations} == rule | {"d"}  # line 8: d
    with pytest.raises(runner.RunnerTimeout):
        runner.run_mutants(tmp_path, [], ["st.TallyTest"], tmp_path / "kills.tsv", runner.Timeouts(), wall_timeout_s=1.0)
