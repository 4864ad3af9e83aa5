"""Every record tag, with the payloads docs/trace-format.md §3 prescribes, on small fixture methods.

All programs of this module run in one JVM (each one still a separate execution with fresh object
ids), so object ids in the expectations count from 1 within each program.
"""

from __future__ import annotations

import pytest
from agentio import double_bits, float_bits, text

PROGRAMS = {
    "static": "call ag/Basics max (II)I _ I:7 I:3",
    "instance": """
new ag/Basics (I)V I:5
call ag/Basics add (I)I v0 I:2
""",
    "mixed": "call ag/Basics mix (JDFLjava/lang/String;C)J _ "
             f"J:-9 D:{double_bits(2.5)} F:{float_bits(1.5)} T:0061 C:65",
    "refs": """
call ag/Basics isNull (Ljava/lang/Object;)Z _ N
new ag/Basics ()V
call ag/Basics same (Ljava/lang/Object;Ljava/lang/Object;)Z _ v1 v1
""",
    "int_branch": "call ag/Basics sign (I)I _ I:-4",
    "switches": """
call ag/Basics dense (I)I _ I:2
call ag/Basics sparse (I)I _ I:1000
call ag/Basics dense (I)I _ I:9
""",
    "fields": """
new ag/Fields ()V
call ag/Fields wide ()J v0
call ag/Fields ratio ()D v0
call ag/Fields scale ()F v0
call ag/Fields on ()Z v0
call ag/Fields letter ()C v0
call ag/Fields setWide (J)V v0 J:-3
call ag/Fields wide ()J v0
""",
    "arrays": """
call ag/Basics element ([II)I _ AI:4,5,6 I:1
call ag/Basics storeLong ([JIJ)V _ AJ:1,2 I:1 J:9
call ag/Basics storeInt ([III)V _ AI:0,0 I:0 I:8
call ag/Basics flag ([ZI)Z _ AZ:0,1 I:1
call ag/Basics length ([I)I _ AI:1,2,3
""",
    "array_null": "call ag/Basics element ([II)I _ N I:0",
    "array_out_of_bounds": "call ag/Basics element ([II)I _ AI:1,2 I:5",
    "length_null": "call ag/Basics length ([I)I _ N",
    "field_null": "call ag/Basics readTotal (Lag/Basics;)I _ N",
    "new_arrays": """
call ag/Basics make (I)[I _ I:3
call ag/Basics makeStrings (I)[Ljava/lang/String; _ I:2
call ag/Basics grid (II)[[I _ I:2 I:3
""",
    "instanceof_and_casts": f"""
call ag/Basics isString (Ljava/lang/Object;)Z _ {text('a')}
call ag/Basics isString (Ljava/lang/Object;)Z _ N
call ag/Basics cast (Ljava/lang/Object;)Ljava/lang/String; _ {text('b')}
call ag/Basics cast (Ljava/lang/Object;)Ljava/lang/String; _ N
call ag/Basics cast (Ljava/lang/Object;)Ljava/lang/String; _ I:5
""",
    "invokes": f"""
call ag/Basics concat (Ljava/lang/String;I)Ljava/lang/String; _ {text('a')} I:7
call ag/Basics twice (I)I _ I:21
call ag/Basics parse (Ljava/lang/String;)I _ {text('42')}
call ag/Basics maxOfThree (I)I _ I:1
call ag/Basics bump ()V _
""",
    "handlers": f"""
call ag/Handlers divide (II)I _ I:1 I:0
call ag/Handlers userThrow (I)I _ I:-1
call ag/Handlers jdkThrow (Ljava/lang/String;)I _ {text('x')}
""",
    "inner": """
new ag/Outer ()V
new ag/Outer$Inner (Lag/Outer;I)V v0 I:3
call ag/Outer$Inner limit ()I v1
""",
    "early_store": """
new ag/Early ()V
new ag/Early (Lag/Early;)V v0
""",
    "static_init": "call ag/Statics increment ()I _",
    "callback": "call ag/Item smallest (III)I _ I:3 I:1 I:2",
}


@pytest.fixture(scope="module")
def runs(agent, fixture_classes):
    return agent.batch([fixture_classes], PROGRAMS)


def test_every_record_sits_on_an_instruction_the_contract_allows(runs):
    for name, run in runs.items():
        assert run.error is None, name
        assert run.problems() == [], name


def test_every_statement_is_framed_by_stmt_and_stmt_end(runs):
    """STMT, then ARGS when the statement has arguments (the object id of each), ..., STMT_END."""
    for name, run in runs.items():
        harness = [r for r in run.records if r.owner == "harness"]
        expected = [(tag, k) for k in range(run.executed) for tag in ("STMT", "STMT_END")]
        assert [(r.tag, r.index) for r in harness if r.tag != "ARGS"] == expected, name
        for before, record in zip(run.records, run.records[1:]):
            if record.tag == "ARGS":
                assert before.tag == "STMT" and before.index == record.index, name
        for record, status in zip([r for r in harness if r.tag == "STMT_END"], run.status):
            assert record.payload[0] == (0 if status == "ok" else 1), name


def test_enter_of_a_static_method_carries_the_arguments_and_branch_both_operands(runs):
    run = runs["static"]
    assert run.tags() == ["STMT", "ARGS", "ENTER", "BRANCH", "STMT_END"]
    assert run.of("ag.Basics.max", "ENTER")[0].payload == (7, 3)
    branch = run.of("ag.Basics.max", "BRANCH")[0]
    assert (branch.opcode, branch.payload) == ("IF_ICMPLE", (7, 3))
    assert run.records[-1].payload == (0, 7)


def test_constructor_enter_has_no_this_and_instance_enter_starts_with_this(runs):
    run = runs["instance"]
    init = run.of("ag.Basics.<init>")
    assert [(r.tag, r.payload) for r in init] == [
        ("ENTER", (5,)), ("DONE", ()), ("READY", (1,)), ("FIELD", (1,)),
    ]
    assert init[1].opcode == init[2].opcode == "INVOKESPECIAL" and init[1].index == init[2].index
    add = run.of("ag.Basics.add")
    assert [(r.tag, r.payload) for r in add] == [
        ("ENTER", (1, 2)), ("FIELD", (1,)), ("VALUE", (5,)), ("FIELD", (1,)), ("FIELD", (1,)), ("VALUE", (7,)),
    ]
    assert [r.opcode for r in add if r.tag == "FIELD"] == ["GETFIELD", "PUTFIELD", "GETFIELD"]
    assert run.values == ["O:ag.Basics#1", "I:7"]


def test_enter_encodes_every_value_kind(runs):
    run = runs["mixed"]
    enter = run.of("ag.Basics.mix", "ENTER")[0]
    assert enter.payload == (-9, double_bits(2.5), float_bits(1.5), 1, 65)
    assert run.values == ["J:60"]


def test_reference_branches_compare_object_ids(runs):
    run = runs["refs"]
    null_check = run.of("ag.Basics.isNull", "BRANCH")[0]
    assert (null_check.opcode, null_check.payload) == ("IFNONNULL", (0,))
    same = run.of("ag.Basics.same", "BRANCH")[0]
    assert (same.opcode, same.payload) == ("IF_ACMPNE", (1, 1))
    assert run.values == ["Z:1", "O:ag.Basics#1", "Z:1"]


def test_single_operand_int_branch(runs):
    branch = runs["int_branch"].of("ag.Basics.sign", "BRANCH")[0]
    assert (branch.opcode, branch.payload) == ("IFGE", (-4,))


def test_switch_records_the_key(runs):
    run = runs["switches"]
    keys = [(r.opcode, r.payload) for r in run.records if r.tag == "SWITCH"]
    assert keys == [("TABLESWITCH", (2,)), ("LOOKUPSWITCH", (1000,)), ("TABLESWITCH", (9,))]
    assert run.values == ["I:20", "I:2", "I:0"]


def test_field_values_of_every_kind(runs):
    run = runs["fields"]
    values = [r.payload[0] for r in run.records if r.tag == "VALUE"]
    assert values == [1 << 40, double_bits(0.25), float_bits(1.5), 1, ord("q"), -3]
    assert all(r.payload == (1,) for r in run.records if r.tag == "FIELD")
    wide_store = run.of("ag.Fields.setWide", "FIELD")[0]
    assert wide_store.opcode == "PUTFIELD"
    assert run.values == ["O:ag.Fields#1", f"J:{1 << 40}", f"D:{double_bits(0.25)}", f"F:{float_bits(1.5)}",
                          "Z:1", "C:113", "V", "J:-3"]


def test_array_records_carry_id_index_and_length(runs):
    run = runs["arrays"]
    accesses = [(r.opcode, r.payload) for r in run.records if r.tag == "ARRAY"]
    assert accesses == [("IALOAD", (1, 1, 3)), ("LASTORE", (2, 1, 2)), ("IASTORE", (3, 0, 2)), ("BALOAD", (4, 1, 2))]
    assert run.of("ag.Basics.element", "VALUE")[0].payload == (5,)
    assert run.of("ag.Basics.flag", "VALUE")[0].payload == (1,)
    assert run.of("ag.Basics.length", "LENGTH")[0].payload == (5, 3)
    assert run.values == ["I:5", "V", "V", "Z:1", "I:3"]


def test_null_and_out_of_bounds_arrays_are_recorded_before_the_throw(runs):
    null = runs["array_null"]
    assert null.tags() == ["STMT", "ARGS", "ENTER", "ARRAY", "STMT_END"]
    assert null.of("ag.Basics.element", "ARRAY")[0].payload == (0, 0, -1)
    assert null.statements == [("threw", "java.lang.NullPointerException")]
    assert null.records[-1].payload == (1, 1)  # status threw, the exception is the first object seen

    outside = runs["array_out_of_bounds"]
    assert outside.of("ag.Basics.element", "ARRAY")[0].payload == (1, 5, 2)
    assert outside.statements == [("threw", "java.lang.ArrayIndexOutOfBoundsException")]
    assert outside.messages[0] == "Index 5 out of bounds for length 2"

    length = runs["length_null"]
    assert length.of("ag.Basics.length", "LENGTH")[0].payload == (0, -1)
    assert length.status == ["threw"]


def test_field_access_on_null_has_no_value_record(runs):
    run = runs["field_null"]
    assert run.tags() == ["STMT", "ARGS", "ENTER", "FIELD", "STMT_END"]
    assert run.of("ag.Basics.readTotal", "FIELD")[0].payload == (0,)
    assert run.statements == [("threw", "java.lang.NullPointerException")]


def test_newarray_records_the_new_array(runs):
    run = runs["new_arrays"]
    created = [(r.opcode, r.payload) for r in run.records if r.tag == "NEWARRAY"]
    assert created == [("NEWARRAY", (1,)), ("ANEWARRAY", (2,)), ("MULTIANEWARRAY", (3,))]
    assert run.values == ["AI:0,0,0", "AT:N,N", "O:[[I#3"]


def test_instanceof_value_and_checkcast_check(runs):
    run = runs["instanceof_and_casts"]
    assert [r.payload for r in run.records if r.tag == "VALUE" and r.opcode == "INSTANCEOF"] == [(1,), (0,)]
    assert [r.payload for r in run.records if r.tag == "CHECK"] == [(1,), (1,), (0,)]
    assert run.statements[:4] == [("ok", "Z:1"), ("ok", "Z:0"), ("ok", "T:0062"), ("ok", "N")]
    assert run.statements[4] == ("threw", "java.lang.ClassCastException")


def test_values_after_invokedynamic_and_invokes_of_user_and_jdk_code(runs):
    run = runs["invokes"]
    concat = run.of("ag.Basics.concat", "VALUE")[0]
    assert concat.opcode == "INVOKEDYNAMIC"
    assert run.values[0] == "T:00610037"

    twice = run.of("ag.Basics.twice")
    assert [(r.tag, r.opcode) for r in twice] == [("ENTER", "INVOKEDYNAMIC"), ("VALUE", "INVOKEDYNAMIC"),
                                                 ("VALUE", "INVOKEINTERFACE")]
    lambda_body = [r for r in run.records if r.method.startswith("lambda$twice$")]
    assert [(r.tag, r.payload) for r in lambda_body] == [("ENTER", (21,))]
    order = run.records
    assert order.index(lambda_body[0]) == order.index(twice[1]) + 1  # called back from the lambda proxy
    assert twice[2].payload == (42,)

    parse = run.of("ag.Basics.parse")
    assert [(r.tag, r.opcode, r.payload) for r in parse][1:] == [("VALUE", "INVOKESTATIC", (42,))]
    assert not [r for r in run.records if r.owner.startswith("java.")]

    callee_enter = run.of("ag.Basics.max", "ENTER")[0]
    caller_value = run.of("ag.Basics.maxOfThree", "VALUE")[0]
    assert callee_enter.payload == (1, 3) and caller_value.payload == (3,)
    assert order.index(callee_enter) < order.index(caller_value)

    bump = run.of("ag.Basics.bump")
    assert [(r.tag, r.opcode, r.payload) for r in bump] == [
        ("ENTER", "GETSTATIC", ()), ("VALUE", "GETSTATIC", (0,)), ("DONE", "PUTSTATIC", ()),
    ]
    assert run.values == ["T:00610037", "I:42", "I:42", "I:3", "V"]


@pytest.mark.parametrize("method", ["divide", "userThrow", "jdkThrow"])
def test_handler_records_the_caught_exception(runs, method):
    run = runs["handlers"]
    handlers = run.of(f"ag.Handlers.{method}", "HANDLER")
    assert len(handlers) == 1
    caught = handlers[0].payload[0]
    assert caught > 0
    assert run.values == ["I:-1", "I:1", "I:-1"]


def test_user_exception_is_constructed_in_the_callee_before_the_handler(runs):
    run = runs["handlers"]
    check = run.of("ag.Handlers.check")
    assert [r.tag for r in check] == ["ENTER", "BRANCH", "VALUE", "DONE"]  # concat, then <init>
    handler = run.of("ag.Handlers.userThrow", "HANDLER")[0]
    assert run.records.index(handler) == run.records.index(check[-1]) + 1


def test_inner_class_constructor_stores_this0_before_ready(runs):
    run = runs["inner"]
    inner = run.of("ag.Outer$Inner.<init>")
    assert [(r.tag, r.payload) for r in inner] == [
        ("ENTER", (1, 3)), ("FIELD", (-1,)), ("DONE", ()), ("READY", (2,)), ("FIELD", (2,)),
    ]
    assert inner[1].opcode == "PUTFIELD"
    assert run.values == ["O:ag.Outer#1", "O:ag.Outer$Inner#2", "I:8"]


def test_a_store_into_another_object_before_super_records_that_object(runs):
    run = runs["early_store"]
    init = [r for r in run.of("ag.Early.<init>") if r.desc == "(Lag/Early;)V"]
    assert [(r.tag, r.opcode, r.payload) for r in init] == [
        ("ENTER", "ALOAD", (1,)), ("FIELD", "PUTFIELD", (1,)), ("DONE", "INVOKESPECIAL", ()),
        ("READY", "INVOKESPECIAL", (2,)),
    ]
    assert run.values == ["O:ag.Early#1", "O:ag.Early#2"]


def test_class_initialisers_record_nothing_but_their_state_is_seen(runs):
    """A static initializer takes no input: it and what it calls (Statics.compute, StaticsHelper's
    own) run with the recorder suspended; the state they leave is what later loads report."""
    run = runs["static_init"]
    assert [(r.tag, r.where) for r in run.records] == [
        ("STMT", "harness"),
        ("ENTER", "ag.Statics.increment"),
        ("VALUE", "ag.Statics.increment"),  # getstatic base: 42, left by <clinit>
        ("DONE", "ag.Statics.increment"),  # putstatic
        ("STMT_END", "harness"),
    ]
    assert run.of("ag.Statics.increment", "VALUE")[0].payload == (42,)


def test_methods_called_back_by_jdk_code_appear_inside_the_pending_call(runs):
    run = runs["callback"]
    sort_done = next(r for r in run.of("ag.Item.smallest", "DONE") if r.opcode == "INVOKESTATIC")
    done_at = run.records.index(sort_done)
    compares = [i for i, r in enumerate(run.records) if r.where == "ag.Item.compareTo" and r.tag == "ENTER"]
    assert compares and all(i < done_at for i in compares)
    previous = [r for r in run.records[:compares[0]] if r.where == "ag.Item.smallest"][-1]
    assert previous.opcode == "INVOKEINTERFACE"  # the last items.add before Collections.sort
    assert run.values == ["I:1"]
