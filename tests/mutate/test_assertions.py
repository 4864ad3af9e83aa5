"""Which observer answers mutation analysis keeps: the fewest that kill what nothing else kills."""

from __future__ import annotations

from jtc.emit.render import RenderedClass, RenderedTest
from jtc.model.program import Construct, Literal
from jtc.mutate.assertions import chosen_answers, keep_answers
from jtc.mutate.runner import Kill
from jtc.oracle.expectations import Completes, Observation, Returns
from jtc.oracle.expectations import TestCase as Case
from jtc.oracle.expectations import TestSuite as Suite

RENDERED = RenderedClass("st", "TallyTest", "", (
    RenderedTest("a", (0,), 1, 10, ((5, ("expectation", -1)), (6, ("observed", 0)), (7, ("observed", 1)))),
    RenderedTest("b", (1,), 11, 20, ((15, ("observed", 0)),))), ())


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
    kept = keep_answers(suite, {(0, 2), (1, 0)})
    assert [[o.name for o in case.observations] for case in kept.tests] == [["c"], ["a"]]
