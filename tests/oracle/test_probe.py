"""What a probe makes of a chosen test: values for objects, earlier results, observers' answers,
and nothing that differed between runs; which observers a class has; which answers pruning keeps."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.analysis.influence import NOTHING, Effects, FieldRef
from jtc.jvm.protocol import HarnessResult, encode_program
from jtc.model.classindex import ClassIndex
from jtc.model.program import Construct, FieldLoad, Invoke, Literal, Null, Program, StatementStatus, VarRef
from jtc.model.testcases import (Completes, Console, Observation, Returns, ReturnsBoxed, ReturnsConstant,
                                 ReturnsObject, ReturnsText, Throws, Written, without)
from jtc.model.testcases import TestCase as Case
from jtc.oracle.observers import arguments, observers, queries
from jtc.oracle.probe import PROBE_RUNS, Prober, probe
from jtc.oracle.pruning import MAX_OBSERVATIONS, prune
from jtc.java.toolchain import toolchain

TALLY = "st/Tally"
TALLY_DESC = f"L{TALLY};"
TALLY_REF = VarRef(0, TALLY_DESC)
NEW = Construct(TALLY, "()V", ())
ADD = Invoke(TALLY, "add", "(I)V", TALLY_REF, (Literal("I", 5),))
MEAN = Invoke(TALLY, "mean", "()Ljava/lang/Integer;", TALLY_REF, ())
OBSERVERS = ((TALLY, "getCount", "()I"), (TALLY, "getTrend", "()Lst/Tally$Trend;"),
             (TALLY, "describe", "()Ljava/lang/String;"))


def _result(values: list[str | None], status: list[str] | None = None,
            messages: list[str | None] | None = None) -> HarnessResult:
    status = status or ["ok"] * len(values)
    return HarnessResult([], len(values), [StatementStatus(s) for s in status], values,
                         messages or [None] * len(values), [None] * len(values), 0, 0, None, [], 0)


def _text(text: str) -> str:
    return "T:" + text.encode("utf-16-be").hex()


@pytest.fixture(scope="module")
def index(strength_classes: Path):
    with ClassIndex([strength_classes], toolchain().java_home) as opened:
        yield opened


def _prober(index: ClassIndex, answers: list[list[str | None]]) -> tuple[Prober, list[Program]]:
    """A prober whose runs answer `answers` in turn (value tokens by statement; the last one again for
    the runs after), recording programs."""
    programs: list[Program] = []

    def run(program: Program) -> HarnessResult:
        programs.append(program)
        return _result(answers[min(len(programs), len(answers)) - 1])
    return Prober(index, TALLY, run, lambda declared: OBSERVERS if declared == TALLY else ()), programs


def test_a_probe_states_boxed_results_enum_answers_and_leaves_out_what_runs_disagree_on(index: ClassIndex) -> None:
    case = Case((NEW, ADD, MEAN), ReturnsObject("java.lang.Integer"))
    original = _result(["O:st.Tally#1", "V", "O:java.lang.Integer#2"])
    # Mean's intValue right after it, then the tally's observers (and the enum's name()).
    first = ["O:st.Tally#7", "V", "O:java.lang.Integer#8", "I:5", "I:1", "O:st.Tally$Trend#9", _text("UP"),
             _text("x@1b6d3586")]
    second = first[:7] + [_text("x@2a139a55")]
    prober, programs = _prober(index, [first, second])
    probed = probe(case, original, prober)
    assert encode_program(programs[0]).splitlines()[3:] == [
        "call java/lang/Integer intValue ()I v2",
        "call st/Tally getCount ()I v0",
        "call st/Tally getTrend ()Lst/Tally$Trend; v0",
        "call java/lang/Enum name ()Ljava/lang/String; v5",
        "call st/Tally describe ()Ljava/lang/String; v0"]
    assert programs[0] == programs[1]
    assert probed.expectation == ReturnsBoxed(Literal("I", 5))
    assert probed.observations == (
        Observation(0, TALLY, "getCount", "()I", Returns(Literal("I", 1))),
        Observation(0, TALLY, "getTrend", "()Lst/Tally$Trend;", ReturnsConstant("st.Tally$Trend", "UP")))


def test_earlier_results_and_collections_are_stated_and_unstable_values_and_messages_are_not(
        index: ClassIndex) -> None:
    size = Invoke(TALLY, "getCount", "()I", TALLY_REF, ())
    amounts = Invoke(TALLY, "getAmounts", "()Ljava/util/List;", TALLY_REF, ())
    fail = Invoke(TALLY, "fail", "()V", TALLY_REF, ())
    case = Case((NEW, size, amounts, fail), Throws("java.lang.IllegalStateException", "at 12:00"))
    original = _result(["O:st.Tally#1", "I:0", "O:java.util.ArrayList#2", "java.lang.IllegalStateException"],
                       ["ok", "ok", "ok", "threw"], [None, None, None, "at 12:00"])
    # The list is read where the test states it, before the call that fails (and might change it).
    answers = [["O:st.Tally#3", "I:0", "O:java.util.ArrayList#4", _text("[5]"), "I:1", "java.lang.IllegalStateException"]]
    programs: list[Program] = []

    def run(program: Program) -> HarnessResult:
        programs.append(program)
        return _result(answers[0], ["ok", "ok", "ok", "ok", "ok", "threw"], [None, None, None, None, None, "at 12:01"])
    probed = probe(case, original, Prober(index, TALLY, run, lambda _: ()))
    assert encode_program(programs[0]).splitlines()[3:] == ["call java/lang/Object toString ()Ljava/lang/String; v2",
                                                            "call java/util/Collection size ()I v2",
                                                            "call st/Tally fail ()V v0"]
    assert probed.values == ((1, Returns(Literal("I", 0))), (2, ReturnsText("java.util.ArrayList", "[5]", size=1)))
    assert probed.expectation == Throws("java.lang.IllegalStateException", None)


def test_a_value_the_runs_disagree_on_is_no_longer_asserted(index: ClassIndex) -> None:
    count = Invoke(TALLY, "getCount", "()I", TALLY_REF, ())
    case = Case((NEW, count), Returns(Literal("I", 3)))
    prober, _ = _prober(index, [["O:st.Tally#1", "I:3"], ["O:st.Tally#1", "I:4"]])
    probed = probe(case, _result(["O:st.Tally#1", "I:3"]), prober)
    assert probed.expectation == Completes()
    assert probed.observations == ()  # the runs answered no observer


def test_a_text_only_the_last_probe_run_orders_otherwise_is_no_longer_asserted(index: ClassIndex) -> None:
    """Two enum constants in a HashSet come out in the order of their identity hash codes, the same
    in two runs about half the time: every one of the PROBE_RUNS runs must agree."""
    listed = Invoke(TALLY, "describe", "()Ljava/lang/String;", TALLY_REF, ())
    case = Case((NEW, listed), Returns(Literal("Ljava/lang/String;", "[RED, MAGENTA]")))
    agreeing = ["O:st.Tally#1", _text("[RED, MAGENTA]")]
    prober, programs = _prober(index, [agreeing] * (PROBE_RUNS - 1) + [["O:st.Tally#1", _text("[MAGENTA, RED]")]])
    probed = probe(case, _result(["O:st.Tally#1", _text("[RED, MAGENTA]")]), prober)
    assert len(programs) == PROBE_RUNS and PROBE_RUNS >= 6
    assert probed.expectation == Completes()


WRITER = Construct("java/io/StringWriter", "()V", ())
PRINT = Invoke(TALLY, "print", "(Ljava/io/Writer;)V", TALLY_REF, (VarRef(1, "Ljava/io/StringWriter;"),))


def _printing(values: list[str | None], out: list[str | None], err: list[str | None] | None = None) -> HarnessResult:
    result = _result(values)
    result.out, result.err = out, err or [None] * len(out)
    return result


@pytest.mark.parametrize("second_out, texts, written", [
    ("Hi\n", ("total 5\n", "total 5\n"), (Written(Console.OUT, "Hi\n", 2), Written(1, "total 5\n"))),
    ("Ho\n", ("total 5\n", "total 6\n"), (Written(Console.OUT, None, 2),)),  # captured, not asserted
    ("Hi\n", ("st.Tally@1b6d3586",) * 2, (Written(Console.OUT, "Hi\n", 2),)),  # an identity hash is not stated
])
def test_what_the_statements_print_is_stated_where_the_runs_agree(index: ClassIndex, second_out: str,
                                                                   texts: tuple[str, str], written: tuple) -> None:
    runs = [_printing(["O:st.Tally#1", "O:java.io.StringWriter#2", "V", _text(text)], [None, None, out, None])
            for out, text in zip(("Hi\n", second_out), texts)]
    programs: list[Program] = []

    def run(program: Program) -> HarnessResult:
        programs.append(program)
        return runs[min(len(programs), len(runs)) - 1]
    prober = Prober(index, TALLY, run, lambda declared: ())
    original = _printing(["O:st.Tally#1", "O:java.io.StringWriter#2", "V"], [None, None, "Hi\n"])
    probed = probe(Case((NEW, WRITER, PRINT), Completes()), original, prober)
    assert encode_program(programs[0]).splitlines()[3:] == ["call java/io/StringWriter toString ()Ljava/lang/String; v1"]
    assert probed.written == written


def test_a_test_that_prints_nothing_states_no_output(index: ClassIndex) -> None:
    prober = Prober(index, TALLY, lambda program: _printing(["O:st.Tally#1", "O:java.io.StringWriter#2", "V", "T:"],
                                                            [None] * 4), lambda declared: ())
    probed = probe(Case((NEW, WRITER, PRINT), Completes()), _printing(["O:st.Tally#1", "O:x#2", "V"], [None] * 3), prober)
    assert probed.written == ()


def test_observers_are_public_no_argument_readers_that_define_no_field(index: ClassIndex) -> None:
    writes = Effects(frozenset({FieldRef(TALLY, "count", "I", False)}), frozenset(), frozenset(), frozenset(),
                     frozenset(), True)
    effects = lambda owner, name, desc: writes if name == "getTotal" else NOTHING  # noqa: E731
    assert observers(index, effects, TALLY) == (
        (TALLY, "getAmounts", "()Ljava/util/List;"), (TALLY, "getCount", "()I"),
        (TALLY, "getTrend", "()Lst/Tally$Trend;"), (TALLY, "mean", "()Ljava/lang/Integer;"))


def test_queries_take_one_primitive_or_string_and_change_nothing(index: ClassIndex) -> None:
    assert queries(index, lambda owner, name, desc: NOTHING, "st/Window") == (("st/Window", "has", "(I)Z"),)
    writes = Effects(frozenset({FieldRef("st/Window", "size", "I", False)}), frozenset(), frozenset(), frozenset(),
                     frozenset(), True)
    assert queries(index, lambda owner, name, desc: writes, "st/Window") == ()


def test_a_query_is_asked_about_the_values_the_test_uses_and_one_it_does_not() -> None:
    program = (NEW, ADD, Invoke(TALLY, "add", "(I)V", TALLY_REF, (Literal("I", -3),)), ADD)
    assert arguments(program, "I") == (Literal("I", 5), Literal("I", -3), Literal("I", 6))
    assert arguments(program, "Ljava/lang/String;") == (Literal("Ljava/lang/String;", ""),)
    assert arguments((NEW,), "Z") == (Literal("Z", False),)
    assert arguments((NEW, Invoke(TALLY, "add", "(I)V", TALLY_REF, (Literal("I", 2 ** 31 - 1),))), "I") == (
        Literal("I", 2 ** 31 - 1),)  # no int is larger


def test_a_query_declared_object_is_read_by_its_runtime_class(index: ClassIndex) -> None:
    at = (TALLY, "at", "(I)Ljava/lang/Object;")
    case = Case((NEW, ADD), Completes())
    scout = ["O:st.Tally#1", "V", "O:java.lang.Integer#3", "N"]
    answered = [*scout, "I:7"]
    programs: list[Program] = []

    def run(program: Program) -> HarnessResult:
        programs.append(program)
        return _result(scout if len(programs) == 1 else answered)
    prober = Prober(index, TALLY, run, lambda declared: (), lambda declared: (at,))
    probed = probe(case, _result(["O:st.Tally#1", "V"]), prober)
    assert encode_program(programs[1]).splitlines()[2:] == [
        "call st/Tally at (I)Ljava/lang/Object; v0 I:5",
        "call st/Tally at (I)Ljava/lang/Object; v0 I:6",
        "call java/lang/Integer intValue ()I v2"]
    assert probed.observations == (
        Observation(0, *at, ReturnsBoxed(Literal("I", 7)), (Literal("I", 5),)),
        Observation(0, *at, Returns(Null("Ljava/lang/Object;")), (Literal("I", 6),)))


def test_pruning_drops_implied_answers_and_keeps_the_rarest() -> None:
    def seen(name: str, value: int, desc: str = "()I") -> Observation:
        return Observation(0, TALLY, name, desc, Returns(Literal(desc[-1], value)))
    count = Invoke(TALLY, "getCount", "()I", TALLY_REF, ())
    common = [seen("getA", 0), seen("getB", 0), seen("getC", 0)]
    first = Case((NEW, count), Returns(Literal("I", 1)),
                 observations=(seen("getCount", 1), seen("size", 1), seen("isEmpty", False, "()Z"),
                               *common, seen("getD", 7)))
    second = Case((NEW,), ReturnsObject(TALLY), observations=tuple(common))
    pruned_first, pruned_second = prune((first, second))
    # getCount is the test's own last call; isEmpty is implied by size; getD's 7 and size's 1 are rarest.
    assert [o.name for o in pruned_first.observations] == ["size", "getA", "getD"]
    assert len(pruned_second.observations) == MAX_OBSERVATIONS


def test_without_gives_up_one_check() -> None:
    case = Case((NEW, ADD), Throws("java.lang.IllegalStateException", "m"), raised=((1, Throws("X", "n")),),
                values=((1, Returns(Literal("I", 1))),),
                observations=(Observation(0, TALLY, "a", "()I", Returns(Literal("I", 1))),))
    assert without(case, ("expectation", -1)).expectation == Throws("java.lang.IllegalStateException", None)
    assert without(case, ("raised", 1)).raised == ((1, Throws("X", None)),)
    assert without(case, ("value", 1)).values == ()
    assert without(case, ("observed", 0)).observations == ()
    printing = Case((NEW, ADD), Completes(), written=(Written(Console.OUT, "a"), Written(Console.ERR, "b")))
    assert without(printing, ("written", 1)).written == (Written(Console.OUT, "a"), Written(Console.ERR, None))
    assert without(Case((NEW, MEAN), ReturnsBoxed(Literal("I", 1))), ("expectation", -1)).expectation == Completes()


def test_the_observers_of_an_object_the_class_under_test_was_given_are_asked_only_when_selecting(
        index: ClassIndex) -> None:
    """A window a tally was given (st/Window stands for any project class) may be changed by it:
    with mutation analysis choosing the answers, its observers are asked too."""
    window = Construct("st/Window", "()V", ())
    watch = Invoke(TALLY, "watch", "(Lst/Window;)V", TALLY_REF, (VarRef(1, "Lst/Window;"),))
    case = Case((NEW, window, watch), Completes())
    original = _result(["O:st.Tally#1", "O:st.Window#2", "V"])
    asked = {TALLY: ((TALLY, "getCount", "()I"),), "st/Window": (("st/Window", "size", "()I"),)}
    for neighbours, appended in ((False, ["call st/Tally getCount ()I v0"]),
                                 (True, ["call st/Tally getCount ()I v0", "call st/Window size ()I v1"])):
        programs: list[Program] = []

        def run(program: Program) -> HarnessResult:
            programs.append(program)
            return _result(["O:st.Tally#3", "O:st.Window#4", "V", "I:1", "I:2"][:len(program)])
        probed = probe(case, original, Prober(index, TALLY, run, lambda declared: asked.get(declared, ()),
                                              observe_neighbours=neighbours))
        assert encode_program(programs[0]).splitlines()[3:] == appended
        assert [(o.receiver, o.name) for o in probed.observations] == [(0, "getCount"), (1, "size")][:len(appended)]


def test_a_shared_constant_is_observed_only_where_the_test_calls_it_last(index: ClassIndex) -> None:
    """`Tally.SHARED` (a public constant of the class under test) that a test only made another
    tally from is no state of the test's own: its observers are not asked, the new tally's are; a
    test whose last call is on the constant asks them."""
    shared = FieldLoad(TALLY, "SHARED", f"L{TALLY};")
    copy = Invoke(TALLY, "copy", f"()L{TALLY};", VarRef(0, f"L{TALLY};"), ())
    count = ((TALLY, "getCount", "()I"),)
    for program, asked in (((shared, copy, Invoke(TALLY, "add", "(I)V", VarRef(1, f"L{TALLY};"), (Literal("I", 5),))),
                            ["call st/Tally getCount ()I v1"]),
                           ((shared, Invoke(TALLY, "add", "(I)V", VarRef(0, f"L{TALLY};"), (Literal("I", 5),))),
                            ["call st/Tally getCount ()I v0"])):
        programs: list[Program] = []

        def run(program: Program) -> HarnessResult:
            programs.append(program)
            return _result(["O:st.Tally#3", "O:st.Tally#4", "V", "I:1"][:len(program)])
        original = _result(["O:st.Tally#1", "O:st.Tally#2", "V"][:len(program)])
        probe(Case(program, Completes()), original, Prober(index, TALLY, run, lambda declared: count))
        assert encode_program(programs[0]).splitlines()[len(program):] == asked


def test_a_number_a_test_does_not_use_is_exact_in_its_type() -> None:
    """Past 2^24 a float32 has no room for one more: the next float32 up is taken (3327522817.0 is
    no float32, and a walk over `Conversions` made one)."""
    def absent(desc: str, value: float) -> tuple[Literal, ...]:
        return arguments((NEW, Invoke(TALLY, "scale", f"({desc})V", TALLY_REF, (Literal(desc, value),))), desc)[1:]
    assert absent("F", 1.5) == (Literal("F", 2.5),)
    assert absent("F", 3327522816.0) == (Literal("F", 3327523072.0),)
    assert absent("F", -3327522816.0) == (Literal("F", -3327522560.0),)
    assert absent("D", 3327522816.0) == (Literal("D", 3327522817.0),)
    assert absent("F", 3.4028234663852886e38) == () and absent("D", float("inf")) == ()


def test_a_string_a_test_does_not_use_is_found_however_many_it_uses() -> None:
    said = [Invoke(TALLY, "say", "(Ljava/lang/String;)V", TALLY_REF, (Literal("Ljava/lang/String;", text),))
            for text in ("", "absent", "absent2")]
    assert arguments((NEW, *said), "Ljava/lang/String;")[-1] == Literal("Ljava/lang/String;", "absent3")


@pytest.mark.parametrize("message, kept", [
    ("negative side: -7.291122019556398E-304", False),  # JDK 17 writes -7.2911220195563975E-304
    ("too large: 1.0E23", False),  # JDK 17 writes 9.999999999999999E22
    ("negative side: -2.5", True),
    ("ratio 0.001 of 9999999.0", True),  # plain notation reads the same on every JDK
])
def test_a_message_with_a_number_in_scientific_notation_is_not_asserted(index: ClassIndex, message: str,
                                                                         kept: bool) -> None:
    fail = Invoke(TALLY, "fail", "()V", TALLY_REF, ())
    case = Case((NEW, fail), Throws("java.lang.IllegalArgumentException", message))
    runs = _result(["O:st.Tally#1", "java.lang.IllegalArgumentException"], ["ok", "threw"], [None, message])
    probed = probe(case, runs, Prober(index, TALLY, lambda program: runs, lambda _: ()))
    assert probed.expectation == Throws("java.lang.IllegalArgumentException", message if kept else None)
