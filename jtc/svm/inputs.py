"""Symbolic inputs: which arguments of a program are unknowns, and their z3 variables.

Narrow Java types get variables of their own width (a byte is an 8-bit vector, sign-extended where
the JVM computes in 32 bits), so every model the solver returns is a legal Java value without extra
range constraints. Variable names are readable ("values[2]", "name==null") because they appear in
logs and divergence reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

import z3

from jtc.model.types import Descriptor, element_type
from jtc.svm import terms

# Width of the variable and how it widens to the JVM's int.
NARROW = {"Z": (1, "zero"), "B": (8, "sign"), "C": (16, "zero"), "S": (16, "sign")}


@dataclass(frozen=True)
class PrimitiveInput:
    name: str
    desc: Descriptor


@dataclass(frozen=True)
class ArrayInput:
    """A one-dimensional array of primitives; its length and every element are unknowns."""

    name: str
    desc: Descriptor
    max_length: int
    nullable: bool = True

    @property
    def length_name(self) -> str:
        return f"{self.name}.length"

    def element_name(self, index: int) -> str:
        return f"{self.name}[{index}]"

    @property
    def null_name(self) -> str:
        return f"{self.name}==null"


@dataclass(frozen=True)
class StringInput:
    name: str
    max_length: int
    nullable: bool = True

    @property
    def null_name(self) -> str:
        return f"{self.name}==null"


InputSpec = Union[PrimitiveInput, ArrayInput, StringInput]
InputValue = Union[bool, int, float, str]
Assignment = dict[str, InputValue]


def primitive_value(assignment: Assignment, name: str, desc: str) -> int | float:
    """What `assignment` gives the primitive input `name` of type `desc`: zero when it gives nothing."""
    value = assignment.get(name, 0.0 if desc in "FD" else 0)
    assert not isinstance(value, str), f"{value!r} for a {desc} input"
    return value


class VariableStore:
    """z3 variables by name with their Java types, shared by the programs of one constraint tree:
    a path condition may mention inputs of any program that passed the same prefix."""

    def __init__(self) -> None:
        self.vars: dict[str, z3.ExprRef] = {}
        self.descs: dict[str, str] = {}


class InputVariables:
    """The z3 variables of one program's inputs, created on first use and then shared."""

    def __init__(self, specs: dict[tuple[int, int], InputSpec], store: VariableStore | None = None) -> None:
        self.specs = specs
        store = store or VariableStore()
        self._vars = store.vars
        self.descs = store.descs  # variable name -> Java descriptor of its value

    def raw(self, name: str, desc: str) -> z3.ExprRef:
        """The variable itself (narrow for boolean/byte/char/short)."""
        existing = self._vars.get(name)
        if existing is not None:
            return existing
        if desc in NARROW:
            variable = z3.BitVec(name, NARROW[desc][0])
        elif desc in ("I", "J"):
            variable = z3.BitVec(name, 32 if desc == "I" else 64)
        elif desc == "F":
            variable = z3.FP(name, z3.Float32())
        elif desc == "D":
            variable = z3.FP(name, z3.Float64())
        elif desc == "Ljava/lang/String;":
            variable = z3.String(name)
        elif desc == "null":
            variable = z3.Bool(name)
        else:
            raise ValueError(f"no symbolic variable for type {desc}")
        self._vars[name] = variable
        self.descs[name] = desc
        return variable

    def primitive(self, name: str, desc: str) -> z3.ExprRef:
        """The JVM-width term of a primitive input: int-like types widened to 32 bits."""
        variable = self.raw(name, desc)
        if desc in NARROW:
            width, how = NARROW[desc]
            extend = z3.SignExt if how == "sign" else z3.ZeroExt
            return extend(32 - width, variable)
        return variable

    def null_flag(self, name: str) -> z3.BoolRef:
        return self.raw(name, "null")

    def array_length(self, spec: ArrayInput) -> z3.BitVecRef:
        return self.raw(spec.length_name, "I")

    def array_element(self, spec: ArrayInput, index: int) -> z3.ExprRef:
        return self.primitive(spec.element_name(index), element_type(spec.desc))

    def domain(self) -> list[z3.BoolRef]:
        """Constraints every input satisfies: array lengths within [0, max], String lengths ≤ max."""
        constraints: list[z3.BoolRef] = []
        for spec in self.specs.values():
            if isinstance(spec, ArrayInput):
                length = self.array_length(spec)
                constraints.append(z3.And(length >= 0, length <= spec.max_length))
            elif isinstance(spec, StringInput):
                constraints.append(z3.Length(self.raw(spec.name, "Ljava/lang/String;")) <= spec.max_length)
        return constraints

    def by_name(self) -> dict[str, z3.ExprRef]:
        return dict(self._vars)


def constant(variable: z3.ExprRef, desc: str, value: bool | int | float | str) -> z3.ExprRef:
    """The z3 constant for the value `value` of an input variable of Java type `desc`."""
    if desc == "null":
        return z3.BoolVal(bool(value))
    if desc == "Ljava/lang/String;":
        return terms.string(str(value))
    assert not isinstance(value, str), f"{value!r} for a {desc} input"
    if desc in ("F", "D"):
        return terms.const(desc, value)
    return z3.BitVecVal(int(value), variable.size())
