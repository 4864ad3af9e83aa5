"""The harness: program language (§5), Result fields (§6), fresh state, errors, uninstrumented runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from agentio import double_bits, float_bits, text

from jtc.jvm.protocol import decode_returned, encode_value
from jtc.model.program import ArrayLiteral

SOURCE = Path(__file__).parent / "fixtures" / "ag"


def line_of(file: str, fragment: str) -> int:
    lines = (SOURCE / file).read_text().splitlines()
    return next(i + 1 for i, line in enumerate(lines) if fragment in line)


def test_values_are_reported_as_tokens(agent, fixture_classes):
    greeting = "h\u00e9llo \U0001F600"
    run = agent.run([fixture_classes], f"""
new ag/Basics ()V
call ag/Basics greet (Ljava/lang/String;)Ljava/lang/String; _ {text(greeting)}
call ag/Basics greet (Ljava/lang/String;)Ljava/lang/String; _ T:
call ag/Basics copy ([I)[I _ AI:1,-2
call ag/Basics copy ([I)[I _ AI:
call ag/Basics names ([Ljava/lang/String;)[Ljava/lang/String; _ AT:0061,N
call ag/Basics half (D)D _ D:{double_bits(5.0)}
call ag/Basics third (F)F _ F:{float_bits(3.0)}
call ag/Basics upper (C)C _ C:97
call ag/Basics isNull (Ljava/lang/Object;)Z _ v0
call ag/Basics nothing ()Ljava/lang/Object; _
call ag/Basics bump ()V _
call ag/Basics mix (JDFLjava/lang/String;C)J _ J:9223372036854775000 D:0 F:0 T: C:0
""")
    assert run.status == ["ok"] * 13
    assert run.values == [
        "O:ag.Basics#1", text(greeting), "T:", "AI:1,-2", "AI:", "AT:0061,N", f"D:{double_bits(2.5)}",
        f"F:{float_bits(1.0)}", "C:65", "Z:0", "N", "V", "J:9223372036854775000",
    ]
    assert run.nanos > 0
    assert run.tables == ["ag/Basics"]


def test_an_array_holding_the_empty_string_is_not_the_empty_array(agent, fixture_classes):
    """`{""}` once travelled as `AT:`, the empty array's token: the search ran `parse(new String[0])`
    where the test says `parse(new String[] {""})`, and asserted what the empty array gave."""
    run = agent.run([fixture_classes], """
call ag/Basics names ([Ljava/lang/String;)[Ljava/lang/String; _ AT:E
call ag/Basics names ([Ljava/lang/String;)[Ljava/lang/String; _ AT:E,0061,N
call ag/Basics names ([Ljava/lang/String;)[Ljava/lang/String; _ AT:
""")
    assert run.values == ["AT:E", "AT:E,0061,N", "AT:"]
    assert [decode_returned(v) for v in run.values] == [
        ArrayLiteral("[Ljava/lang/String;", ("",)), ArrayLiteral("[Ljava/lang/String;", ("", "a", None)),
        ArrayLiteral("[Ljava/lang/String;", ())]
    assert encode_value(ArrayLiteral("[Ljava/lang/String;", ("", "a"))) == "AT:E,0061"


def test_stmt_end_carries_the_encoded_return_value(agent, fixture_classes):
    run = agent.run([fixture_classes], f"""
call ag/Basics half (D)D _ D:{double_bits(5.0)}
new ag/Basics ()V
call ag/Basics greet (Ljava/lang/String;)Ljava/lang/String; _ T:0061
call ag/Basics bump ()V _
""")
    ends = [r.payload for r in run.records if r.tag == "STMT_END"]
    greeting_id = run.of("ag.Basics.greet", "ENTER")[0].payload[0]
    assert ends == [(0, double_bits(2.5)), (0, 1), (0, greeting_id), (0, 0)]


def test_a_throwing_statement_is_caught_and_the_program_goes_on(agent, fixture_classes):
    run = agent.run([fixture_classes], "call ag/Handlers fail (I)I _ I:5\ncall ag/Handlers fail (I)I _ I:-5\n"
                                       "call ag/Handlers fail (I)I _ I:6")
    assert run.executed == 3
    assert run.statements == [("ok", "I:5"), ("threw", "java.lang.IllegalArgumentException"), ("ok", "I:6")]
    assert run.messages == {1: "negative: -5"}
    assert run.sites == {1: f"ag.Handlers.check(I)V:{line_of('Handlers.java', 'throw new IllegalArgument')}"}
    assert [r.tag for r in run.records].count("STMT") == 3
    ends = [r.payload[0] for r in run.records if r.tag == "STMT_END"]
    assert ends == [0, 1, 0]


def test_a_statement_that_needs_the_result_of_a_throw_ends_the_program(agent, fixture_classes):
    run = agent.run([fixture_classes], """
call ag/Handlers fail (I)I _ I:-5
call ag/Handlers fail (I)I _ I:6
call ag/Basics isNull (Ljava/lang/Object;)Z _ v0
call ag/Handlers fail (I)I _ I:7
""")
    assert run.executed == 2
    assert run.statements == [("threw", "java.lang.IllegalArgumentException"), ("ok", "I:6")]
    assert [r.tag for r in run.records].count("STMT") == 2


def test_fresh_static_state_and_identical_traces_across_runs(agent, fixture_classes):
    program = """
call ag/Statics increment ()I _
call ag/Statics increment ()I _
call ag/Item smallest (III)I _ I:3 I:1 I:2
"""
    first, second = agent.main([fixture_classes], [program, program]).runs
    assert first.values == second.values == ["I:43", "I:44", "I:1"]
    assert first.records == second.records
    assert sorted(first.tables) == ["ag/Item", "ag/Statics", "ag/StaticsHelper"]
    assert second.tables == []  # instrumented once per JVM, reported once


def test_variables_pass_results_between_statements(agent, fixture_classes):
    run = agent.run([fixture_classes], """
new ag/Basics ()V
new ag/Basics (I)V I:4
call ag/Basics link (Lag/Basics;)V v0 v1
call ag/Basics readTotal (Lag/Basics;)I _ v1
""")
    assert run.values == ["O:ag.Basics#1", "O:ag.Basics#2", "V", "I:4"]
    assert run.of("ag.Basics.link", "ENTER")[0].payload == (1, 2)
    assert run.of("ag.Basics.link", "FIELD")[0].payload == (1,)


def test_a_null_receiver_throws_like_the_call_in_a_test(agent, fixture_classes):
    run = agent.run([fixture_classes], "call ag/Basics nothing ()Ljava/lang/Object; _\n"
                                       "call ag/Basics add (I)I v0 I:1")
    assert run.statements == [("ok", "N"), ("threw", "java.lang.NullPointerException")]
    assert run.sites == {}  # no frame of the code under test
    assert run.records[-1].tag == "STMT_END" and run.records[-1].payload[0] == 1


@pytest.mark.parametrize("program, error", [
    ("call ag/Nope run ()V _", "class-not-found ag.Nope"),
    ("call ag/Basics nosuch ()V _", "no-such-member ag.Basics.nosuch()V"),
    ("new ag/Basics (J)V J:1", "no-such-member ag.Basics.<init>(J)V"),
    ("call ag/Basics sign (I)I _ Q:1", "bad-program unknown argument kind in Q:1 in statement 0"),
    ("call ag/Basics sign (I)I _ I:x", "bad-program malformed argument I:x in statement 0"),
    ("call ag/Basics sign (I)I _", "bad-program statement 0 (ag.Basics.sign(I)I): 0 arguments for 1 parameters"),
    ("call ag/Basics sign (I)I _ T:0061",
     "bad-program statement 0 (ag.Basics.sign(I)I) argument 0: java.lang.String for a int parameter"),
    ("call ag/Basics sign (I)I _ N",
     "bad-program statement 0 (ag.Basics.sign(I)I) argument 0: null for a int parameter"),
    ("call ag/Basics link (Lag/Basics;)V _ N",
     "bad-program statement 0 (ag.Basics.link(Lag/Basics;)V): instance method called without a receiver"),
    ("new ag/Basics ()V\ncall ag/Basics sign (I)I v0 I:1",
     "bad-program statement 1 (ag.Basics.sign(I)I): static method called on a receiver"),
    ("call ag/Basics sign (I)I _ v0", "bad-program statement 0 uses v0 before it is defined"),
    ("new java/util/AbstractList ()V",
     "bad-program statement 0 (java.util.AbstractList.<init>()V): java.util.AbstractList cannot be instantiated"),
    ("make ag/Basics", "bad-program statement 0 is not new, call, putfield, putstatic, getfield, getstatic, array, "
                     "collection or stub: make ag/Basics"),
    ("getfield ag/Basics counter I _",
     "bad-program statement 0 (ag.Basics.counterI): getfield on a field that is static"),
    ("getstatic ag/Basics total I",
     "bad-program statement 0 (ag.Basics.totalI): getstatic on a field that is not static"),
    ("getfield ag/Basics total I _",
     "bad-program statement 0 (ag.Basics.totalI): instance field read without a receiver"),
    ("call ag/Basics greet (Ljava/lang/String;)Ljava/lang/String; _ T:061",
     "bad-program string hex must be 4 digits per char in T:061 in statement 0"),
])
def test_programs_that_cannot_run_report_an_error_and_run_nothing(agent, fixture_classes, program, error):
    run = agent.run([fixture_classes], program)
    assert run.error == error
    assert run.executed == 0 and run.records == []


def test_a_variable_of_the_wrong_type_stops_the_program_before_its_statement(agent, fixture_classes):
    run = agent.run([fixture_classes], "call ag/Basics greet (Ljava/lang/String;)Ljava/lang/String; _ T:0061\n"
                                       "call ag/Basics add (I)I v0 I:1")
    assert run.error == ("bad-program statement 1: receiver v0 is a java.lang.String, not a ag.Basics")
    assert run.executed == 1 and run.status == ["ok"]


UNINSTRUMENTED_PROGRAMS = [
    "call ag/Basics readTotal (Lag/Basics;)I _ N",
    "call ag/Basics storeInt ([III)V _ N I:0 I:1",
    "call ag/Basics storeLong ([JIJ)V _ AJ:1,2 I:2 J:5",
    "call ag/Basics cast (Ljava/lang/Object;)Ljava/lang/String; _ I:5",
    f"call ag/Basics concat (Ljava/lang/String;I)Ljava/lang/String; _ {text('a')} I:7",
    "new ag/Outer ()V\nnew ag/Outer$Inner (Lag/Outer;I)V v0 I:3\ncall ag/Outer$Inner limit ()I v1",
    "call ag/Handlers fail (I)I _ I:5\ncall ag/Handlers fail (I)I _ I:-5",
    "call ag/Item smallest (III)I _ I:3 I:1 I:2",
    "call ag/Statics increment ()I _\ncall ag/Statics increment ()I _",
    "call ag/Bad exit (I)V _ I:3",
]


def test_uninstrumented_runs_have_an_empty_trace_and_the_same_results(agent, fixture_classes):
    plain = agent.main([fixture_classes], UNINSTRUMENTED_PROGRAMS, instrument=False).runs
    traced = agent.main([fixture_classes], UNINSTRUMENTED_PROGRAMS).runs
    for program, without, with_ in zip(UNINSTRUMENTED_PROGRAMS, plain, traced):
        assert without.records == [], program
        assert with_.records, program
        assert (without.statements, without.messages, without.sites) == \
               (with_.statements, with_.messages, with_.sites), program
        assert (without.abort, without.exit_status) == (with_.abort, with_.exit_status), program
    assert plain[0].messages[0] == 'Cannot read field "total" because "b" is null'
    assert plain[-1].abort == 3  # exit calls are sandboxed without instrumentation too


def test_stubs_answer_what_the_program_gives_from_their_first_call_on(agent, fixture_classes):
    """An interface stub answers each method it was given; an abstract class's stub is made through the
    constructor named and answers even while that constructor runs (Tax calls rate() from it)."""
    rule = "discount(I)I,label()Ljava/lang/String;"
    run = agent.run([fixture_classes], f"""
new ag/Pricing (I)V I:50
stub ag/Pricing$Rule - {rule} I:7 T:0078
call ag/Pricing apply (Lag/Pricing$Rule;)I v0 v1
stub ag/Pricing$Rule - {rule} I:7 T:
call ag/Pricing apply (Lag/Pricing$Rule;)I v0 v3
stub ag/Pricing$Tax (I)V rate()I I:5 I:3
call ag/Pricing$Tax total ()I v5
""")
    assert run.status == ["ok"] * 7
    assert [run.values[i] for i in (2, 4, 6)] == ["I:43", "I:50", "I:16"]
    args = [r.payload for r in run.records if r.tag == "ARGS"]
    assert args[1][0] == 0 and args[1][1] > 0  # the int answer is no object, the String answer is one


def test_stubs_refuse_methods_that_are_not_abstract(agent, fixture_classes):
    run = agent.run([fixture_classes], "stub ag/Pricing$Tax (I)V total()I I:1 I:2")
    assert run.error == "bad-program statement 0 (stub of ag.Pricing$Tax): total()I is not abstract there"


def test_collections_and_constants(agent, fixture_classes):
    run = agent.run([fixture_classes], """
getstatic ag/Pricing STANDARD Lag/Pricing;
collection java/util/ArrayList I:4 I:-1 I:3
call ag/Pricing sum (Ljava/util/List;)I v0 v1
collection java/util/LinkedHashMap T:0061 I:9
call ag/Pricing lookup (Ljava/util/Map;Ljava/lang/String;)I v0 v3 T:0061
call ag/Pricing lookup (Ljava/util/Map;Ljava/lang/String;)I v0 v3 T:0062
call ag/Pricing price ()I v0
""")
    assert run.status == ["ok"] * 7
    assert [run.values[i] for i in (2, 4, 5, 6)] == ["I:6", "I:9", "I:-1", "I:10"]
    assert run.values[1].startswith("O:java.util.ArrayList#")
    assert [len(r.payload) for r in run.records if r.tag == "ARGS"] == [3, 1, 2, 2, 2]  # receivers are not arguments


def test_instance_fields_are_read_from_the_receiver(agent, fixture_classes):
    """`getfield`: a field of the receiver's class or of a superclass (the stub's `Tax.base`, private
    and final), any type; on a null receiver the read throws as `receiver.total` in a test would."""
    run = agent.run([fixture_classes], """
new ag/Basics (I)V I:7
getfield ag/Basics total I v0
getfield ag/Basics next Lag/Basics; v0
new ag/Fields ()V
getfield ag/Fields wide J v3
getfield ag/Fields letter C v3
stub ag/Pricing$Tax (I)V rate()I I:5 I:3
getfield ag/Pricing$Tax base I v6
call ag/Basics nothing ()Ljava/lang/Object; _
getfield ag/Basics total I v8
""")
    assert run.status == ["ok"] * 9 + ["threw"]
    assert [run.values[i] for i in (1, 2, 4, 5, 7)] == ["I:7", "N", f"J:{1 << 40}", "C:113", "I:8"]
    assert run.values[9] == "java.lang.NullPointerException" and run.sites == {}
    assert [r.payload for r in run.records if r.tag == "STMT_END"][1] == (0, 7)


def test_a_map_needs_pairs(agent, fixture_classes):
    run = agent.run([fixture_classes], "collection java/util/LinkedHashMap T:0061")
    assert run.error == "bad-program statement 0 (java.util.LinkedHashMap): a map needs key, value pairs"



@pytest.mark.parametrize("instrumented", [True, False])
def test_what_each_statement_prints_is_captured_and_reported_with_it(agent, fixture_classes, instrumented):
    two_lines = text("a\nb")
    output = agent.main([fixture_classes], [f"""
call ag/Printer shout (Ljava/lang/String;)I _ {text("hi")}
call ag/Printer quiet ()V _
call ag/Printer fail (Ljava/lang/String;)V _ {two_lines}
call ag/Printer shout (Ljava/lang/String;)I _ {text("x")}
"""], instrument=instrumented)
    [run] = output.runs  # a line Main did not write would not parse
    assert run.status == ["ok", "ok", "threw", "ok"]
    assert run.out == {0: "hi\\n", 2: "a\\nb", 3: "x\\n"}  # escaped: Main writes one line per statement
    assert run.err == {0: "oops", 3: "oops"}
    assert "oops" not in output.stderr  # nothing reached the console
