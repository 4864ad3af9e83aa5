"""Which executions become tests (greedy set cover, then one per new outcome), and when the
search's coverage stopped growing."""

from __future__ import annotations

from types import SimpleNamespace

from jtc.jvm.protocol import HarnessResult
from jtc.model.program import ArrayLiteral, Construct, Invoke, Literal, Null, StatementStatus, VarRef
from jtc.oracle.outcomes import Kind, Outcome
from jtc.amplification.trial import spares
from jtc.oracle.selection import (Candidate, build_suite, candidates, carrying_comparisons, comparisons_kept,
                                  last_new_coverage, select)
from jtc.execution.runs import Execution


def _candidate(index: int, covers: set, outcome: str = "returned", compared: frozenset = frozenset()) -> Candidate:
    execution = SimpleNamespace(index=index, program=(f"call {index}",))
    kind = Kind.RETURNED if outcome == "returned" else Kind.THREW
    return Candidate(execution, Outcome(kind, 0), frozenset(covers) | compared, ("m", kind, outcome),  # type: ignore[arg-type]
                     compared=compared)


def test_set_cover_takes_the_biggest_gain_first_then_one_test_per_unseen_outcome() -> None:
    found = [_candidate(0, {"a"}), _candidate(1, {"a", "b", "c"}), _candidate(2, {"c", "d"}),
             _candidate(3, {"a"}, outcome="java.lang.IllegalStateException"), _candidate(4, {"b"})]
    chosen = select(found)
    assert [c.execution.index for c in chosen] == [1, 2, 3]  # in execution order; 3 for its new outcome


def test_outcomes_of_inherited_members_earn_no_test_of_their_own() -> None:
    """A troll's tests call Unit.takeDamage: a test for it only when it covers the troll's own code."""
    own = _candidate(0, {"a"})
    own.outcome_key = (("u/Troll", "getReward", "()I"), Kind.RETURNED, None)
    inherited = _candidate(1, set(), outcome="java.lang.IllegalArgumentException")
    inherited.outcome_key = (("u/Unit", "takeDamage", "(I)Z"), Kind.THREW, "java.lang.IllegalArgumentException")
    declared = lambda member: member[0] == "u/Troll"  # noqa: E731
    assert [c.execution.index for c in select([own, inherited], declared)] == [0]
    assert [c.execution.index for c in select([own, inherited])] == [0, 1]


def test_runs_made_the_public_way_are_taken_first_the_others_for_what_they_alone_reach() -> None:
    """Run 1 makes its currency with a package-private constructor and covers most: the public runs
    0 and 2 cover a and b first, and 1 is kept only for c, which no public run reaches; an outcome
    that both show is shown by the public run. The public ones come first (the boundary values are
    sought on their paths first)."""
    found = [_candidate(0, {"a"}), _candidate(1, {"a", "b", "c"}), _candidate(2, {"b"}),
             _candidate(3, {"a"}, outcome="java.lang.IllegalStateException"),
             _candidate(4, {"a"}, outcome="java.lang.IllegalStateException")]
    public = lambda candidate: candidate.execution.index not in (1, 3)  # noqa: E731
    assert [c.execution.index for c in select(found, public=public)] == [0, 2, 4, 1]  # the public first
    assert [c.execution.index for c in select(found)] == [1, 3]


def test_a_run_made_a_hidden_way_is_not_kept_for_a_comparison_a_public_run_took_unrecorded() -> None:
    """`Math.abs(amount.minor())` of an amount made by `Amount.of` runs on a concrete value: the
    public run 0 records no side, run 1 (a package-private constructor) records "kept". Run 1 adds
    no branch or line, so it is no test; run 2 is, for the line only it reaches."""
    kept = frozenset({("format", 15, "kept")})
    found = [_candidate(0, {"a", "b"}), _candidate(1, {"a", "b"}, compared=kept), _candidate(2, {"c"}, compared=kept)]
    public = lambda candidate: candidate.execution.index == 0  # noqa: E731
    assert [c.execution.index for c in select(found, public=public)] == [0, 2]
    # Among public runs alike, a side of a comparison is a gain as a branch is.
    assert [c.execution.index for c in select(found)] == [1, 2]


def test_a_rewriting_keeps_the_sides_it_recorded_and_carries_those_it_ran_unrecorded() -> None:
    kept, negated = ("format", 15, "kept"), ("format", 15, "negated")
    capped = ("pay", 4, "first")
    before = _candidate(0, {"a"}, compared=frozenset({kept, capped}))
    unrecorded = _candidate(1, {"a"})
    assert comparisons_kept(before, unrecorded)
    carried = carrying_comparisons(before, unrecorded)
    assert carried.compared == {kept, capped} and carried.covers == {"a", kept, capped} and carried.seen == {"a"}
    flipped = _candidate(2, {"a"}, compared=frozenset({negated}))
    assert not comparisons_kept(before, flipped)
    assert comparisons_kept(before, _candidate(3, {"a"}, compared=frozenset({kept})))


def test_spares_cover_again_what_the_chosen_tests_cover_layer_by_layer_on_trial() -> None:
    """The runs left over are set-covered again and again, up to the limit, one per program."""
    found = [_candidate(0, {"a"}), _candidate(1, {"a", "b"}), _candidate(2, {"b"}), _candidate(3, {"a"}),
             _candidate(4, {"a"}), _candidate(5, {"a", "b"})]
    found[4].execution.program = found[3].execution.program  # the same test as 3
    chosen = select(found)
    assert [c.execution.index for c in chosen] == [1]
    tried = spares(found, chosen, 3)
    assert [c.execution.index for c in tried] == [0, 2, 5]  # layer 1: 5 (a and b); layer 2: 0, then 2
    assert all(c.on_trial for c in tried) and not any(c.on_trial for c in found)
    assert [c.execution.index for c in spares(found, chosen, 10)] == [0, 2, 3, 5]


def test_final_coverage_is_reached_when_the_union_last_grew_not_when_the_chosen_tests_ran() -> None:
    # Execution 5 covers everything at once and is the test chosen, but 0..2 had covered it all before.
    found = [_candidate(0, {"a"}), _candidate(1, {"b"}), _candidate(2, {"c"}), _candidate(3, {"a", "b"}),
             _candidate(5, {"a", "b", "c"})]
    assert [c.execution.index for c in select(found)] == [5]
    assert last_new_coverage(found).index == 2  # type: ignore[union-attr]
    assert last_new_coverage([]) is None


def test_an_outcome_every_chosen_test_shows_on_the_way_gets_no_test_of_its_own() -> None:
    """`new Bmi()` returning is shown by every test that constructs one first; a constructor that
    throws is still a new outcome."""
    constructor = (("t/Bmi", "<init>", "()V"), Kind.RETURNED, None)
    category = _candidate(1, {"a", "b"})
    category.shown_before = frozenset({constructor})
    constructed = _candidate(0, {"a"})
    constructed.outcome_key = constructor
    refused = _candidate(2, {"a"}, outcome="java.lang.IllegalArgumentException")
    refused.outcome_key = (("t/Bmi", "<init>", "()V"), Kind.THREW, "java.lang.IllegalArgumentException")
    assert [c.execution.index for c in select([constructed, category, refused])] == [1, 2]


def _execution(program: tuple, status: list[str], values: list[str | None]) -> Execution:
    result = HarnessResult([], len(status), [StatementStatus(s) for s in status], values, [None] * len(status),
                           [None] * len(status), 0, 0, None, [], 0)
    replay = SimpleNamespace(edges=set(), visited={}, decisions=[], outcomes=[], thrown_by_code=set())
    return Execution(0, program, {}, result, replay)  # type: ignore[arg-type]


def test_a_test_ends_with_the_last_call_of_the_class_under_test() -> None:
    """`new Level(null)` threw, so the call that needed the level was skipped; `Integer.valueOf`, which
    only built an input, ran last. The test is about the constructor, not about valueOf."""
    program = (Construct("g/Level", "(Lg/Board;)V", (Null("Lg/Board;"),)),
               Invoke("java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;", None, (Literal("I", 44),)),
               Invoke("g/Level", "move", "(Ljava/lang/Integer;)V", VarRef(0, "Lg/Level;"), (VarRef(1, "Ljava/lang/Integer;"),)))
    execution = _execution(program, ["threw", "ok"], ["java.lang.NullPointerException", "O:java.lang.Integer#5"])
    [found] = candidates([execution], "g/Level")
    assert found.outcome.statement == 0 and found.outcome.kind == Kind.THREW
    assert found.outcome_key == (("g/Level", "<init>"), Kind.THREW, "java.lang.NullPointerException")
    suite = build_suite("g/Level", [found], lambda owner, name, desc: False)
    assert suite.tests[0].program == program[:1]


def test_the_overloads_of_a_method_share_their_outcomes() -> None:
    """`parse(args)` and `parse(options, args)` failing on a null element are one behaviour: once
    one of them is chosen, the other shows no new outcome and gets no test of its own."""
    strings = ArrayLiteral("[Ljava/lang/String;", (None,))
    short = (Construct("p/Parser", "()V", ()),
             Invoke("p/Parser", "parse", "([Ljava/lang/String;)Lp/Line;", VarRef(0, "Lp/Parser;"), (strings,)))
    long = (Construct("p/Parser", "()V", ()), Construct("p/Options", "()V", ()),
            Invoke("p/Parser", "parse", "(Lp/Options;[Ljava/lang/String;)Lp/Line;", VarRef(0, "Lp/Parser;"),
                   (VarRef(1, "Lp/Options;"), strings)))
    found = [candidate for program in (short, long) for candidate in candidates(
        [_execution(program, ["ok"] * (len(program) - 1) + ["threw"],
                    ["O:p.Parser#1"] * (len(program) - 1) + ["java.lang.NullPointerException"])], "p/Parser")]
    assert found[0].outcome_key == found[1].outcome_key == (("p/Parser", "parse"), Kind.THREW,
                                                            "java.lang.NullPointerException")
    assert [c.execution.program for c in select(found)] == [short]


def test_an_execution_in_which_no_member_of_the_class_ran_makes_no_test() -> None:
    program = (Invoke("g/Factory", "make", "()Lg/Board;", None, ()),
               Invoke("g/Level", "of", "(Lg/Board;)Lg/Level;", None, (VarRef(0, "Lg/Board;"),)))
    execution = _execution(program, ["threw"], ["java.lang.IllegalStateException"])
    assert candidates([execution], "g/Level") == []


def test_a_call_on_a_null_receiver_makes_no_test() -> None:
    """`best()` of an empty table returned null; `score.compareTo(null)` then threw before entering
    Score: that NullPointerException is the test's own doing, not the class's behaviour."""
    program = (Invoke("g/Table", "best", "()Lg/Score;", None, ()),
               Invoke("g/Score", "compareTo", "(Lg/Score;)I", VarRef(0, "Lg/Score;"), (Null("Lg/Score;"),)))
    execution = _execution(program, ["ok", "threw"], ["N", "java.lang.NullPointerException"])
    assert candidates([execution], "g/Score") == []


def test_a_call_that_returns_its_receiver_says_so() -> None:
    """`builder.add("x")` returned the object it was called on (the same object id), `builder.copy()`
    another one of the class."""
    from jtc.model.testcases import ReturnsObject
    from jtc.oracle.selection import expectation
    builder = VarRef(0, "Lfl/Builder;")
    program = (Construct("fl/Builder", "()V", ()), Invoke("fl/Builder", "add", "(Ljava/lang/String;)Lfl/Builder;",
                                                          builder, (Literal("Ljava/lang/String;", "x"),)))
    def returned(value: str) -> ReturnsObject:
        result = SimpleNamespace(values=["O:fl.Builder#7", value])
        execution = SimpleNamespace(program=program, result=result)
        return expectation(Candidate(execution, Outcome(Kind.RETURNED, 1, value=value), frozenset(), ()))  # type: ignore[arg-type, return-value]
    assert returned("O:fl.Builder#7") == ReturnsObject("fl.Builder", itself=True)
    assert returned("O:fl.Builder#8") == ReturnsObject("fl.Builder")
