"""What the symbolic VM keeps in its shadow stacks, locals and heap.

A concrete primitive is a plain Python int or float (the common case, kept cheap). A primitive
that depends on inputs is a `Sym`: its concrete value plus a z3 term. References are `Ref` objects,
one per JVM object (the heap map is keyed by them); a Ref may carry symbolic facts: nullness for a
nullable input, a symbolic length and elements for an input array, a string term for an input String.
"""

from __future__ import annotations

from typing import Union

import z3

from jtc.svm import terms


class Top:
    """The second slot of a long or double, in locals and on the operand stack (as in the JVM)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "TOP"


TOP = Top()


class Sym:
    """A primitive with a symbolic term; `c` is its value in the current execution."""

    __slots__ = ("c", "t")

    def __init__(self, c: int | float, t: z3.ExprRef) -> None:
        self.c = c
        self.t = t

    def __repr__(self) -> str:
        return f"Sym({self.c!r}, {self.t})"


class CondSym(Sym):
    """A 0/1 int that stands for a condition (boolean results of models, instanceof on a nullable
    input); `ifeq`/`ifne` on it branch on the condition directly."""

    __slots__ = ("cond",)

    def __init__(self, c: int, cond: z3.BoolRef) -> None:
        super().__init__(c, terms.bool_to_int(cond))
        self.cond = cond


class CmpSym(Sym):
    """The -1/0/1 result of lcmp/fcmpX/dcmpX, remembering its operands so that the following `ifXX`
    becomes one comparison instead of a nest of if-then-else terms."""

    __slots__ = ("kind", "a", "b", "nan_result")

    def __init__(self, c: int, t: z3.ExprRef, kind: str, a: z3.ExprRef, b: z3.ExprRef, nan_result: int) -> None:
        super().__init__(c, t)
        self.kind, self.a, self.b, self.nan_result = kind, a, b, nan_result


class ArrayShadow:
    """Symbolic facts about an array: its length (int or Sym) and, for input arrays, element Syms;
    for an array of Strings made from a symbolic one (split), the terms of its elements, which their
    objects get when they are loaded (their ids are not known before)."""

    __slots__ = ("length", "elem", "inputs", "strings")

    def __init__(self, length: int | Sym, elem: str, inputs: dict[int, Sym] | None = None,
                 strings: dict[int, StringShadow] | None = None) -> None:
        self.length = length
        self.elem = elem
        self.inputs = inputs
        self.strings = strings


class StringShadow:
    """A String whose contents are symbolic (an input) or known (a constant); `max_length` bounds its
    length in every execution (the input's limit, or a constant's own length)."""

    __slots__ = ("term", "value", "max_length")

    def __init__(self, term: z3.SeqRef, value: str, max_length: int) -> None:
        self.term = term
        self.value = value
        self.max_length = max_length


class Ref:
    """One JVM object as the VM sees it. `id` is the trace's object id (0 = null), None until a
    record tells it (a fresh `new` before its constructor ran). `boxed` is the primitive inside a
    wrapper object (Integer, Double, ...) when it is symbolic, and `wrapper` that object's class (its
    internal name: a pattern switch tells an Integer from a Short). `stub` maps the answered methods of a
    stub (by name and descriptor) to the values they return."""

    __slots__ = ("id", "null", "array", "string", "boxed", "wrapper", "stub")

    def __init__(self, id: int | None, null: z3.BoolRef | None = None,
                 array: ArrayShadow | None = None, string: StringShadow | None = None) -> None:
        self.id = id
        self.null = null
        self.array = array
        self.string = string
        self.boxed: Sym | None = None
        self.wrapper: str | None = None
        self.stub: dict[tuple[str, str], Value] | None = None

    def copy(self) -> Ref:
        """Another view of the same object (the same id), whose shadows can be set apart."""
        other = Ref(self.id, self.null, self.array, self.string)
        other.boxed, other.wrapper, other.stub = self.boxed, self.wrapper, self.stub
        return other

    @property
    def is_null(self) -> bool:
        return self.id == 0

    def __repr__(self) -> str:
        extra = "".join(f" {k}" for k in ("null", "array", "string", "boxed", "stub") if getattr(self, k) is not None)
        return f"Ref({self.id}{extra})"


Value = Union[int, float, Sym, Ref, Top]
Primitive = Union[int, float, Sym]


def concrete(value: Primitive) -> int | float:
    return value.c if isinstance(value, Sym) else value


def term_of(value: Primitive, kind: str) -> z3.ExprRef:
    """The z3 term of a primitive of JVM kind 'I', 'J', 'F' or 'D' (constants are lifted)."""
    return value.t if isinstance(value, Sym) else terms.const(kind, value)


# The JVM's verifier guarantees which kind of value an instruction or a call finds where (a reference
# for a receiver, an int for an int parameter); these say so to the type checker where a Value is
# read, and a VM that broke that guarantee fails here (the replay reports it as an internal fault).

def number(value: Value | None) -> int | float:
    """A primitive as the JVM reported it (a decoded record, a model's `reported` result)."""
    assert isinstance(value, (int, float)), f"{value!r} is not a reported primitive"
    return value


def primitive(value: Value | None) -> Primitive:
    """A primitive the VM holds: plain or symbolic."""
    assert isinstance(value, (int, float, Sym)), f"{value!r} is not a primitive"
    return value


def reference(value: Value | None) -> Ref:
    assert isinstance(value, Ref), f"{value!r} is not a reference"
    return value


def string_shadow(value: Value | None) -> StringShadow:
    """The contents of a String the VM follows (models check that there are some before they apply)."""
    shadow = reference(value).string
    assert shadow is not None, f"{value!r} has no string shadow"
    return shadow


def is_symbolic(value: Value) -> bool:
    return isinstance(value, Sym)
