"""The compiled evaluator agrees with z3's own evaluation, value for value and in truth.

Random terms are built from the same functions the symbolic VM uses (jtc.svm.terms, the String and
Math models), so they mix overflow, masked shifts, truncating division by zero, narrow widenings,
float rounding of both widths, NaN and signed zeros, saturating conversions and String operations;
each is evaluated on random inputs (special values included) by the compiled function and by
`z3.simplify(z3.substitute(...))`, and the results must be identical.
"""

from __future__ import annotations

import math
import random
from typing import Callable

import pytest
import z3

from jtc.solver.evaluator import Unsupported, compile_distance, compile_values, fp_value, string_value
from jtc.solver.fallback import search
from jtc.svm import terms
from jtc.svm.concrete import f32
from jtc.svm.inputs import constant
from jtc.svm.models import strings  # noqa: F401  (sets z3's string encoding to the BMP)
from jtc.svm.models.comparisons import compare_term, total_order

I, J, B, C = z3.BitVec("i", 32), z3.BitVec("j", 64), z3.BitVec("b", 8), z3.BitVec("c", 16)
K = z3.BitVec("k", 32)
F, D = z3.FP("f", terms.FLOAT), z3.FP("d", terms.DOUBLE)
S, T = z3.String("s"), z3.String("t")
N = z3.Bool("n")
VARIABLES = {"i": (I, "I"), "k": (K, "I"), "j": (J, "J"), "b": (B, "B"), "c": (C, "C"), "f": (F, "F"),
             "d": (D, "D"), "s": (S, "Ljava/lang/String;"), "t": (T, "Ljava/lang/String;"), "n": (N, "null")}

INTS = (0, 1, -1, 2, 31, 32, 33, 63, 64, 100, -100, 2**31 - 1, -(2**31), 2**15, 65535)
LONGS = INTS + (2**63 - 1, -(2**63), 2**32, 2**53 + 1, -(2**53) - 1, 2**62 + 12345)
DOUBLES = (0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, -2.5, 1e300, -1e300, 5e-324, 1e-310, 3.4028235677973366e38,
           3.4e38 * 1.0000001, 2.0**31, 2.0**63, -(2.0**63), 1.401298464324817e-45, 0.1, 1 / 3,
           math.nan, math.inf, -math.inf, 7.0, -7.0, 123456789.123)
STRINGS = ("", "a", "ab", "abc", "hello", "Hé", "\u1234x", "\x00", "aaaa", "b", "ba", "\\u{41}")


def _value(desc: str, rng: random.Random) -> object:
    if desc == "null":
        return rng.random() < 0.5
    if desc == "Ljava/lang/String;":
        return rng.choice(STRINGS) if rng.random() < 0.7 else "".join(
            chr(rng.choice((97, 98, 0x41, 0xE9, 0x1234))) for _ in range(rng.randint(0, 5)))
    if desc in ("F", "D"):
        value = rng.choice(DOUBLES) if rng.random() < 0.6 else rng.uniform(-1e3, 1e3) * 10.0 ** rng.randint(-40, 40)
        return f32(value) if desc == "F" else value
    if desc == "B":
        return rng.randint(-128, 127)
    if desc == "C":
        return rng.randint(0, 0xFFFF)
    if desc == "J":
        return rng.choice(LONGS) if rng.random() < 0.5 else rng.randint(-(2**63), 2**63 - 1)
    return terms_int(rng.choice(INTS) if rng.random() < 0.5 else rng.randint(-(2**31), 2**31 - 1))


def terms_int(value: int) -> int:
    return ((value + 2**31) % 2**32) - 2**31


# ---- random terms ----------------------------------------------------------------------------

class Terms:
    """Random well-sorted terms of the VM's kinds: int (32), long (64), float, double, boolean, String."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def int(self, depth: int) -> z3.BitVecRef:
        r = self.rng
        if depth == 0 or r.random() < 0.2:
            return r.choice([I, K, z3.SignExt(24, B), z3.ZeroExt(16, C), z3.BitVecVal(r.choice(INTS), 32),
                             terms.l2i(J)])
        a, b = self.int(depth - 1), self.int(depth - 1)
        return r.choice([
            lambda: a + b, lambda: a - b, lambda: a * b, lambda: -a, lambda: terms.div(a, b), lambda: terms.rem(a, b),
            lambda: terms.shl(a, b, 32), lambda: terms.shr(a, b, 32), lambda: terms.ushr(a, b, 32),
            lambda: a & b, lambda: a | b, lambda: a ^ b, lambda: ~a, lambda: terms.i2b(a), lambda: terms.i2c(a),
            lambda: terms.i2s(a), lambda: terms.l2i(self.long(depth - 1)), lambda: z3.If(self.bool(depth - 1), a, b),
            lambda: terms.cmp3(self.bool(depth - 1), self.bool(depth - 1)),
            lambda: self.fp_to_int(depth - 1, r.random() < 0.5),
            lambda: terms.fp_compare(self.fp(depth - 1, True), self.fp(depth - 1, True), r.choice((-1, 1))),
            lambda: self.fp_compare(depth - 1),
            lambda: z3.Int2BV(z3.Length(self.string(depth - 1)), 32),
            lambda: z3.Int2BV(z3.StrToCode(z3.SubString(self.string(depth - 1), z3.BV2Int(a, is_signed=True), 1)), 32),
            lambda: z3.Int2BV(z3.IndexOf(self.string(depth - 1), self.string(depth - 1), z3.BV2Int(a, is_signed=True)), 32),
        ])()

    def fp_compare(self, depth: int) -> z3.BitVecRef:
        """Double.compare of two terms: -1, 0 or 1 in the total order."""
        a, b = self.fp(depth, False), self.fp(depth, False)
        return compare_term("D", a, b, total_order(a, b))

    def fp_to_int(self, depth: int, single: bool) -> z3.BitVecRef:
        return terms.fp_to_int(self.fp(depth, single), terms.FLOAT if single else terms.DOUBLE, 32)

    def long(self, depth: int) -> z3.BitVecRef:
        r = self.rng
        if depth == 0 or r.random() < 0.2:
            return r.choice([J, terms.i2l(I), z3.BitVecVal(r.choice(LONGS) % 2**64, 64)])
        a, b = self.long(depth - 1), self.long(depth - 1)
        return r.choice([
            lambda: a + b, lambda: a * b, lambda: a - b, lambda: terms.div(a, b), lambda: terms.rem(a, b),
            lambda: terms.shl(a, self.int(depth - 1), 64), lambda: terms.shr(a, self.int(depth - 1), 64),
            lambda: terms.ushr(a, self.int(depth - 1), 64), lambda: terms.i2l(self.int(depth - 1)),
            lambda: terms.fp_to_int(self.fp(depth - 1, False), terms.DOUBLE, 64),
        ])()

    def fp(self, depth: int, single: bool) -> z3.FPRef:
        r = self.rng
        sort = terms.FLOAT if single else terms.DOUBLE
        if depth == 0 or r.random() < 0.2:
            return r.choice([F if single else D, terms.const("F" if single else "D", f32(r.choice(DOUBLES))
                                                            if single else r.choice(DOUBLES))])
        a, b = self.fp(depth - 1, single), self.fp(depth - 1, single)
        return r.choice([
            lambda: terms.fadd(a, b), lambda: terms.fsub(a, b), lambda: terms.fmul(a, b), lambda: terms.fdiv(a, b),
            lambda: terms.frem(a, b), lambda: terms.fneg(a), lambda: z3.fpAbs(a), lambda: z3.fpSqrt(terms.RNE, a),
            lambda: terms.int_to_fp(self.int(depth - 1), sort), lambda: terms.int_to_fp(self.long(depth - 1), sort),
            lambda: terms.fp_to_fp(self.fp(depth - 1, not single), sort), lambda: z3.If(self.bool(depth - 1), a, b),
        ])()

    def string(self, depth: int) -> z3.SeqRef:
        r = self.rng
        if depth == 0 or r.random() < 0.5:
            return r.choice([S, T, z3.StringVal(r.choice(STRINGS))])
        if r.random() < 0.25:  # a char as a String (indexOf(char)'s needle), or "" outside the BMP
            return z3.StrFromCode(z3.BV2Int(self.int(depth - 1), is_signed=r.random() < 0.5))
        return z3.SubString(self.string(depth - 1), z3.BV2Int(self.int(depth - 1), is_signed=True),
                            z3.BV2Int(self.int(depth - 1), is_signed=True))

    def bool(self, depth: int) -> z3.BoolRef:
        r = self.rng
        if depth == 0:
            return r.choice([N, self.int(0) < self.int(0), z3.fpIsNaN(self.fp(0, False))])
        a, b = self.int(depth - 1), self.int(depth - 1)
        x, y = self.fp(depth - 1, r.random() < 0.5), None
        y = self.fp(depth - 1, x.sort() == terms.FLOAT)
        s, t = self.string(depth - 1), self.string(depth - 1)
        return r.choice([
            lambda: a < b, lambda: a <= b, lambda: a == b, lambda: a != b, lambda: z3.ULT(a, b), lambda: z3.UGE(a, b),
            lambda: self.long(depth - 1) > self.long(depth - 1), lambda: z3.fpLT(x, y), lambda: z3.fpLEQ(x, y),
            lambda: z3.fpEQ(x, y), lambda: x == y, lambda: z3.fpIsNaN(x), lambda: z3.fpIsInf(x),
            lambda: z3.fpIsZero(x), lambda: z3.fpIsNegative(x), lambda: z3.fpIsPositive(x),
            lambda: s == t, lambda: z3.PrefixOf(s, t), lambda: z3.SuffixOf(s, t), lambda: z3.Contains(s, t),
            lambda: z3.Length(s) <= z3.BV2Int(a, is_signed=True),
            lambda: z3.And(self.bool(depth - 1), self.bool(depth - 1)),
            lambda: z3.Or(self.bool(depth - 1), self.bool(depth - 1)), lambda: z3.Not(self.bool(depth - 1)),
            lambda: z3.Xor(self.bool(depth - 1), self.bool(depth - 1)),
            lambda: z3.Implies(self.bool(depth - 1), self.bool(depth - 1)),
            lambda: self.bool(depth - 1) == self.bool(depth - 1), lambda: z3.Distinct(a, b, self.int(depth - 1)),
        ])()


def _inputs(rng: random.Random) -> dict[str, object]:
    return {name: _value(desc, rng) for name, (_, desc) in VARIABLES.items()}


def _z3_value(expr: z3.ExprRef, inputs: dict[str, object]) -> z3.ExprRef:
    pairs = [(var, constant(var, desc, inputs[name])) for name, (var, desc) in VARIABLES.items()]
    return z3.simplify(z3.substitute(expr, *pairs))


def _python(value: z3.ExprRef) -> object:
    if z3.is_true(value) or z3.is_false(value):
        return z3.is_true(value)
    if z3.is_bv_value(value) or z3.is_int_value(value):
        return value.as_long()
    if z3.is_fp_value(value):
        number = fp_value(value)  # type: ignore[arg-type]
        return ("nan",) if math.isnan(number) else (number, math.copysign(1.0, number))
    if z3.is_string_value(value):
        return string_value(value)
    raise AssertionError(f"not a value: {value}")


def _same(compiled: object, expected: object) -> bool:
    if isinstance(expected, tuple):
        assert isinstance(compiled, float)
        return expected == (("nan",) if math.isnan(compiled) else (compiled, math.copysign(1.0, compiled)))
    return compiled == expected


@pytest.mark.parametrize("kind", ["int", "long", "float", "double", "string", "bool"])
def test_values_agree_with_z3(kind: str) -> None:
    rng = random.Random(f"values-{kind}")
    generator = Terms(rng)
    build: dict[str, Callable[[int], z3.ExprRef]] = {
        "int": generator.int, "long": generator.long, "float": lambda d: generator.fp(d, True),
        "double": lambda d: generator.fp(d, False), "string": generator.string, "bool": generator.bool,
    }
    checked = 0
    for _ in range(150):
        term = build[kind](rng.randint(1, 3))
        function = compile_values([term])
        for _ in range(6):
            inputs = _inputs(rng)
            expected = _python(_z3_value(term, inputs))
            (compiled,) = function(inputs)
            assert _same(compiled, expected), f"{term.sexpr()} on {inputs}: compiled {compiled!r}, z3 {expected!r}"
            checked += 1
    assert checked == 900


def test_distance_is_zero_exactly_when_z3_says_the_constraint_holds() -> None:
    rng = random.Random("distance")
    generator = Terms(rng)
    held = 0
    for _ in range(400):
        constraint = generator.bool(rng.randint(1, 3))
        evaluator = compile_distance([constraint])
        assert not evaluator.unsupported
        for _ in range(4):
            inputs = _inputs(rng)
            holds = z3.is_true(_z3_value(constraint, inputs))
            distance = evaluator(inputs)
            assert (distance == 0.0) == holds, f"{constraint.sexpr()} on {inputs}: distance {distance}"
            assert 0.0 <= distance
            held += holds
    assert 100 < held < 1500  # both outcomes were exercised


def test_distance_guides_towards_the_boundary() -> None:
    x = z3.BitVec("x", 32)
    evaluator = compile_distance([x * 3 > 3000])
    far, near, there = evaluator({"x": 0}), evaluator({"x": 900}), evaluator({"x": 1001})
    assert far > near > there == 0.0


def test_narrow_variables_take_java_values() -> None:
    (value,) = compile_values([z3.SignExt(24, B) + z3.ZeroExt(16, C)])({"b": -1, "c": 0xFFFF})
    assert value == 0xFFFE  # -1 + 65535
    (flag,) = compile_values([z3.Not(N)])({"n": True})
    assert flag is False


def test_unknown_operations_are_reported_not_guessed() -> None:
    x = z3.FP("x", terms.DOUBLE)
    with pytest.raises(Unsupported):
        compile_values([z3.fpMin(x, x)])
    evaluator = compile_distance([z3.fpGT(z3.fpMax(x, x), x), z3.fpGT(x, z3.FPVal(1.0, terms.DOUBLE))])
    assert len(evaluator.unsupported) == 1


def test_fallback_solves_a_nonlinear_float_query_and_z3_confirms_it() -> None:
    x = z3.FP("x", terms.DOUBLE)
    goal = z3.fpEQ(terms.fmul(x, x), z3.FPVal(2.25, terms.DOUBLE))
    found = search([goal], {"x": x}, {"x": "D"}, ["x"], {"x": 1.0}, random.Random(0), budget=2000)
    assert found is not None and found["x"] * found["x"] == 2.25
