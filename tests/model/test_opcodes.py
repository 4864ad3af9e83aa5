"""The opcode table against ASM's, the library whose instruction nodes the agent encodes."""

from __future__ import annotations

import re
import subprocess

from jtc.java.bundle import agent_jar
from jtc.java.toolchain import toolchain
from jtc.model import opcodes


def _asm_opcodes() -> dict[str, int]:
    """ASM's opcode constants, NOP to IFNONNULL as Opcodes declares them, read with javap from the ASM
    shaded into the agent."""
    javap = toolchain().java_home / "bin" / "javap"
    listing = subprocess.run([str(javap), "-constants", "-cp", str(agent_jar()), "jtc.shaded.asm.Opcodes"], capture_output=True, text=True, check=True).stdout
    constants = re.findall(r"int (\w+) = (-?\d+);", listing)
    names = [name for name, _ in constants]
    declared = constants[names.index("NOP"):names.index("IFNONNULL") + 1]
    return {name: int(value) for name, value in declared}


def _ours() -> dict[str, int]:
    return {name: value for name, value in vars(opcodes).items() if name.isupper() and isinstance(value, int)}


def test_every_opcode_has_asms_name_and_number() -> None:
    assert _ours() == _asm_opcodes()


def test_conditional_jumps_are_the_if_instructions() -> None:
    assert opcodes.CONDITIONAL_JUMPS == {value for name, value in _ours().items() if name.startswith("IF")}
