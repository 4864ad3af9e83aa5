"""Constants of the code under test, as candidate input values for the fallback search.

A literal the code compares an input with ("mon", 1 << 20, 18.5) is the value most likely to flip
that comparison when the solver cannot invert the computation in between (a String's hashCode in a
switch, say); search-based generators seed inputs from the constant pool for the same reason. The
search adds the Strings its runs saw the code compare with (svm/models/seeding.py).

The Strings of the static initializer are more: that is where lookup tables are built
(`Map.of("verbose", 2, "quiet", 0)`), and it runs unrecorded, so no run shows the search those keys
being stored. They count as compared with from the start: every sequence is also run with them.
"""

from __future__ import annotations

from dataclasses import dataclass

from jtc.model.classtable import ClassInfo
from jtc.model.opcodes import BIPUSH, SIPUSH
from jtc.svm.concrete import double_from_bits, float_from_bits


@dataclass(frozen=True)
class Seeds:
    strings: tuple[str, ...] = ()
    ints: tuple[int, ...] = ()
    floats: tuple[float, ...] = ()
    tables: tuple[str, ...] = ()  # the static initializer's Strings

    def with_strings(self, more: tuple[str, ...]) -> Seeds:
        return Seeds(tuple(dict.fromkeys(self.strings + more)), self.ints, self.floats, self.tables)

    def candidates(self, desc: str) -> tuple[object, ...]:
        if desc == "Ljava/lang/String;":
            return self.strings
        if desc in ("F", "D"):
            return self.floats
        return self.ints


def constants_of(cls: ClassInfo) -> Seeds:
    strings: dict[str, None] = {}
    ints: dict[int, None] = {}
    floats: dict[float, None] = {}
    tables: dict[str, None] = {}
    for method in cls.methods:
        for instruction in method.instructions:
            if instruction.opcode in (BIPUSH, SIPUSH):
                ints[instruction.operands[0]] = None
            elif (constant := instruction.constant) is not None:
                kind, value = constant
                if kind == "S":
                    strings[value] = None
                    if method.name == "<clinit>":
                        tables[value] = None
                elif kind in ("I", "J"):
                    ints[value] = None
                elif kind == "F":
                    floats[float_from_bits(value)] = None
                elif kind == "D":
                    floats[double_from_bits(value)] = None
    return Seeds(tuple(strings), tuple(ints), tuple(floats), tuple(tables))
