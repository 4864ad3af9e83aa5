"""Instructions decoded from the class table's encoding, and what the analyses read from them."""

from __future__ import annotations

import json

from jtc.exploration.open_targets import branch_edges
from jtc.exploration.seeds import constants_of
from jtc.model.classtable import Constant, Instruction, parse_class_table
from jtc.model.opcodes import BIPUSH, IFNULL, ILOAD, IRETURN, LDC, LOOKUPSWITCH, TABLESWITCH
from jtc.trace.records import FORMAT_VERSION

CODE = [
    [ILOAD, 0],
    [TABLESWITCH, 1, 3, 9, [5, 6, 5]],  # cases 1 and 3 share a target
    [LOOKUPSWITCH, 7, [10, 20], [8, 9]],
    [IFNULL, 9],
    [BIPUSH, 100],
    [LDC, "S", "mon"],
    [LDC, "F", 0x41940000],  # 18.5f as raw bits
    [LDC, "C", "Ljava/lang/String;"],
    [IRETURN],
]
TABLE = {
    "format": FORMAT_VERSION, "classId": 1, "name": "p/C", "major": 55, "access": 33, "super": "java/lang/Object",
    "fields": [], "methods": [{
        "id": 7, "name": "m", "desc": "(I)I", "access": 9, "maxLocals": 1, "instrumented": True, "code": CODE,
        "lines": [3] * len(CODE), "handlers": [], "params": ["x"],
    }],
}


def _method():
    return parse_class_table(json.dumps(TABLE)).info.methods[0]


def test_each_instruction_is_its_opcode_and_the_operands_after_it() -> None:
    instructions = _method().instructions
    assert instructions[0] == Instruction(ILOAD, (0,))
    assert instructions[2] == Instruction(LOOKUPSWITCH, (7, [10, 20], [8, 9]))
    assert instructions[-1] == Instruction(IRETURN, ())


def test_switches_go_to_each_case_target_and_the_default() -> None:
    instructions = _method().instructions
    assert instructions[1].switch_targets == {5, 6, 9}
    assert instructions[2].switch_targets == {7, 8, 9}


def test_ldc_names_its_constant_and_other_instructions_none() -> None:
    instructions = _method().instructions
    assert instructions[5].constant == Constant("S", "mon")
    assert instructions[7].constant == Constant("C", "Ljava/lang/String;")
    assert instructions[4].constant is None


def test_branch_edges_are_both_outcomes_of_a_jump_and_every_target_of_a_switch() -> None:
    method = _method()
    assert branch_edges(method) == {(method, 1, 5), (method, 1, 6), (method, 1, 9), (method, 2, 7), (method, 2, 8),
                                    (method, 2, 9), (method, 3, True), (method, 3, False)}


def test_seeds_are_the_pushed_and_loaded_constants() -> None:
    seeds = constants_of(parse_class_table(json.dumps(TABLE)).info)
    assert seeds.strings == ("mon",) and seeds.ints == (100,) and seeds.floats == (18.5,)
