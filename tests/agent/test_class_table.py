"""The class table (docs/trace-format.md §2) and its agreement with the trace's instruction numbering."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from agentio import OPCODES, text

from jtc.model.classtable import parse_class_table
from jtc.trace.records import FORMAT_VERSION
from jtc.java.toolchain import toolchain

DESCRIBED = ["ag.Basics", "ag.Handlers", "ag.Outer$Inner", "ag.Item", "ag.Texts"]
PROGRAMS = [
    "call ag/Basics max (II)I _ I:1 I:2",
    f"""
call ag/Handlers divide (II)I _ I:1 I:0
call ag/Handlers userThrow (I)I _ I:-1
call ag/Handlers jdkThrow (Ljava/lang/String;)I _ {text('x')}
""",
    """
new ag/Outer ()V
new ag/Outer$Inner (Lag/Outer;I)V v0 I:3
call ag/Outer$Inner limit ()I v1
""",
    "call ag/Item smallest (III)I _ I:3 I:1 I:2",
    "call ag/Basics twice (I)I _ I:4",
]


@pytest.fixture(scope="module")
def described(agent, fixture_classes):
    """Tables from describe() and runs of the described classes, in one JVM."""
    return agent.main([fixture_classes], PROGRAMS, describe=DESCRIBED)


def method(table: dict, name: str, desc: str | None = None) -> dict:
    return next(m for m in table["methods"] if m["name"] == name and (desc is None or m["desc"] == desc))


def test_tables_follow_the_format_and_parse_with_the_python_reader(described):
    for name in DESCRIBED:
        table = described.table(name)
        assert table["format"] == FORMAT_VERSION
        assert table["name"] == name.replace(".", "/")
        assert table["major"] == 55  # --release 11
        parsed = parse_class_table(described.described[name])
        assert parsed.class_id == table["classId"]
        assert len(parsed.method_ids) == len(table["methods"])
        for entry in table["methods"]:
            assert len(entry["lines"]) == len(entry["code"])
    ids = [m["id"] for name in DESCRIBED for m in described.table(name)["methods"]]
    assert len(ids) == len(set(ids)) and min(ids) >= 1


def test_class_level_fields(described):
    inner = described.table("ag.Outer$Inner")
    assert inner["super"] == "java/lang/Object"
    assert inner["outer"] == "ag/Outer"
    assert inner["innerAccess"] == 1  # public
    assert inner["source"] == "Outer.java"
    assert {"name": "this$0", "desc": "Lag/Outer;", "access": 0x1010} in inner["fields"]
    item = described.table("ag.Item")
    assert item["interfaces"] == ["java/lang/Comparable"]
    assert item["outer"] is None and item["innerAccess"] is None


def test_instruction_encodings(described):
    basics = described.table("ag.Basics")
    assert method(basics, "max")["code"] == [[21, 0], [21, 1], [164, 5], [21, 0], [167, 6], [21, 1], [172]]
    table_switch = method(basics, "dense")["code"][1]
    assert table_switch[0] == 170 and table_switch[1:3] == [1, 3] and len(table_switch[4]) == 3
    lookup = method(basics, "sparse")["code"][1]
    assert lookup[0] == 171 and lookup[2] == [1, 1000, 100000] and len(lookup[3]) == 3
    grid = method(basics, "grid")["code"]
    assert [197, "[[I", 2] in grid
    assert [188, 10] in method(basics, "make")["code"]  # newarray T_INT
    assert [189, "java/lang/String"] in method(basics, "makeStrings")["code"]
    concat = method(basics, "concat")["code"]
    assert [186, "makeConcatWithConstants", "(Ljava/lang/String;I)Ljava/lang/String;",
            "java/lang/invoke/StringConcatFactory", "makeConcatWithConstants", [["S", "\u0001\u0001"]]] in concat
    lambda_site = next(entry for entry in method(basics, "twice")["code"] if entry[0] == 186)
    assert lambda_site[1:5] == ["applyAsInt", "()Ljava/util/function/IntUnaryOperator;",
                                "java/lang/invoke/LambdaMetafactory", "metafactory"]
    assert lambda_site[5] == [["M", "(I)I"], ["H", 6, "ag/Basics", "lambda$twice$0", "(I)I"], ["M", "(I)I"]]
    assert [180, "ag/Basics", "total", "I"] in method(basics, "readTotal")["code"]
    assert [184, "java/lang/Integer", "parseInt", "(Ljava/lang/String;)I", False] in method(basics, "parse")["code"]
    assert [185, "java/util/function/IntUnaryOperator", "applyAsInt", "(I)I", True] in method(basics, "twice")["code"]
    mix = method(basics, "mix")
    assert mix["params"] == ["a", "d", "f", "s", "c"]
    assert mix["maxLocals"] == 7 and mix["instrumented"] is True


def test_handlers_lines_and_parameter_names(described):
    divide = method(described.table("ag.Handlers"), "divide")
    assert divide["handlers"] == [[0, 3, 4, "java/lang/ArithmeticException"]]
    assert divide["params"] == ["a", "b"]
    source = (Path(__file__).parent / "fixtures" / "ag" / "Handlers.java").read_text().splitlines()
    division_line = next(i + 1 for i, line in enumerate(source) if "return a / b;" in line)
    assert divide["lines"][:3] == [division_line] * 3


def test_handler_records_sit_at_the_tables_handler_index(described):
    handlers = described.table("ag.Handlers")
    run = described.runs[1]
    for name in ("divide", "userThrow", "jdkThrow"):
        record = run.of(f"ag.Handlers.{name}", "HANDLER")[0]
        assert record.index == method(handlers, name)["handlers"][0][2]


def test_trace_indices_match_the_described_code(described):
    """The trace and the table number instructions the same way: each record's opcode is the table's.

    ENTER sits at instruction 0 and HANDLER at a handler start (checked above); every other record
    names the instruction it belongs to, whose opcode the table must hold at that index.
    """
    tables = {name: described.table(name) for name in DESCRIBED}
    checked = 0
    for run in described.runs:
        assert run.problems() == []
        for record in run.records:
            if record.owner not in tables or record.tag in ("ENTER", "HANDLER"):
                continue
            code = method(tables[record.owner], record.method, record.desc)["code"]
            assert code[record.index][0] == OPCODES[record.opcode], record
            checked += 1
    assert checked > 40


def test_strings_escape_everything_outside_printable_ascii(described):
    raw = described.described["ag.Texts"]
    assert raw.isascii()
    assert "caf\\u00e9 \\ud800 \\\"q\\\" \\\\ \\u0001" in raw
    odd = method(json.loads(raw), "odd")
    assert odd["code"][0] == [18, "S", "caf\u00e9 \ud800 \"q\" \\ \u0001"]


def test_no_arg_methods_have_an_empty_parameter_list(described):
    assert method(described.table("ag.Texts"), "odd")["params"] == []


def test_describe_registers_the_class_once_and_runs_report_new_tables(described):
    reported = [name for run in described.runs for name in run.tables]
    assert len(reported) == len(set(reported))
    assert "ag/Outer" in reported and "ag/StaticsHelper" not in reported


def test_class_not_found_and_too_new_and_link_errors(agent, fixture_classes, tmp_path):
    patched = tmp_path / "patched" / "ag"
    patched.mkdir(parents=True)
    too_new = bytearray((fixture_classes / "ag" / "TooNew.class").read_bytes())
    too_new[6:8] = (99).to_bytes(2, "big")
    (patched / "TooNew.class").write_bytes(bytes(too_new))
    shutil.copy(fixture_classes / "ag" / "Derived.class", patched / "Derived.class")  # without its Base

    output = agent.main([patched.parent], ["call ag/TooNew one ()I _", "call ag/Derived two ()I _",
                                           "call ag/Missing run ()V _"],
                        describe=["ag.TooNew", "ag.Missing"])
    assert output.described["ag.TooNew"] == "error class-too-new ag.TooNew 99"
    assert output.described["ag.Missing"] == "error class-not-found ag.Missing"
    too_new_run, derived_run, missing_run = output.runs
    assert too_new_run.error == "class-too-new ag.TooNew 99"
    assert derived_run.error.startswith("link-error java.lang.NoClassDefFoundError: ag/Base")
    assert missing_run.error == "class-not-found ag.Missing"
    for run in output.runs:
        assert run.executed == 0 and run.records == []


def big_class_source(statements: int) -> str:
    body = "\n".join(f"        s += a[{k % 8}];" for k in range(statements))
    return f"""package big;
public class Big {{
    public static int huge(int[] a) {{
        int s = 0;
{body}
        return s;
    }}

    public static int small(int x) {{
        return x > 0 ? x : -x;
    }}
}}
"""


def test_a_method_too_large_to_instrument_runs_uninstrumented(agent, tmp_path):
    source = tmp_path / "src" / "big" / "Big.java"
    source.parent.mkdir(parents=True)
    source.write_text(big_class_source(7000))
    classes = tmp_path / "classes"
    subprocess.run([str(toolchain().javac), "-d", str(classes), str(source)], check=True, capture_output=True)

    output = agent.main([classes], ["call big/Big huge ([I)I _ AI:1,1,1,1,1,1,1,1\ncall big/Big small (I)I _ I:-4"],
                        describe=["big.Big"])
    table = output.table("big.Big")
    assert method(table, "huge")["instrumented"] is False
    assert len(method(table, "huge")["code"]) > 40000
    assert method(table, "small")["instrumented"] is True
    run = output.runs[0]
    assert run.values == ["I:7000", "I:4"]
    assert run.of("big.Big.huge") == []
    assert run.tags("big.Big.small") == ["ENTER", "BRANCH"]
