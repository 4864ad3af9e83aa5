"""Java's arithmetic as z3 terms: the symbolic twin of jtc.svm.concrete.

int-like values are 32-bit bit-vectors, long 64-bit, float and double IEEE floating point; every
function here mirrors one in `concrete` and the semantic tests hold the two to the JVM's results.
"""

from __future__ import annotations

import functools

import z3

from jtc.svm.concrete import double_bits, float_bits

INT = z3.BitVecSort(32)
LONG = z3.BitVecSort(64)
FLOAT = z3.Float32()
DOUBLE = z3.Float64()
RNE = z3.RNE()
RTZ = z3.RTZ()

SORTS = {"I": INT, "J": LONG, "F": FLOAT, "D": DOUBLE}


def const(kind: str, value: int | float) -> z3.ExprRef:
    """A z3 constant of JVM kind 'I', 'J', 'F' or 'D' (floats by their bits, so NaN and -0.0 are exact)."""
    if kind == "I":
        return int_const(value, 32)
    if kind == "J":
        return int_const(value, 64)
    if kind == "F":
        return z3.fpBVToFP(z3.BitVecVal(float_bits(value) & 0xFFFFFFFF, 32), FLOAT)
    if kind == "D":
        return z3.fpBVToFP(z3.BitVecVal(double_bits(value) & 0xFFFFFFFFFFFFFFFF, 64), DOUBLE)
    raise ValueError(kind)


@functools.lru_cache(maxsize=4096)
def int_const(value: int, width: int) -> z3.BitVecRef:
    """A bit-vector constant, made once: z3's Python API takes about 0.1 ms to make one, and a
    replay compares symbolic values with the same few constants (0, 1, lengths, loop bounds) over
    and over. (Floats are not cached: -0.0 == 0.0 as a key.)"""
    return z3.BitVecVal(value, width)


def string(text: str) -> z3.SeqRef:
    """A z3 String constant with exactly these UTF-16 units: z3.StringVal reads escapes, so a Java
    string holding the six characters \\u{41} would otherwise become "A"."""
    return z3.StringVal("".join(c if " " <= c <= "~" and c != "\\" else f"\\u{{{ord(c):x}}}" for c in text))


def var(kind: str, name: str) -> z3.ExprRef:
    return z3.Const(name, SORTS[kind])


def bool_to_int(cond: z3.BoolRef) -> z3.BitVecRef:
    return z3.If(cond, z3.BitVecVal(1, 32), z3.BitVecVal(0, 32))


# --- integer arithmetic ---------------------------------------------------------------------

def shift_amount(amount: z3.BitVecRef, width: int) -> z3.BitVecRef:
    """Java masks shift distances to 5 (int) or 6 (long) bits; the distance itself is always an int."""
    masked = amount & (width - 1)
    return masked if width == 32 else z3.ZeroExt(32, masked)


def shl(a: z3.BitVecRef, b: z3.BitVecRef, width: int) -> z3.BitVecRef:
    return a << shift_amount(b, width)


def shr(a: z3.BitVecRef, b: z3.BitVecRef, width: int) -> z3.BitVecRef:
    return a >> shift_amount(b, width)


def ushr(a: z3.BitVecRef, b: z3.BitVecRef, width: int) -> z3.BitVecRef:
    return z3.LShR(a, shift_amount(b, width))


def div(a: z3.BitVecRef, b: z3.BitVecRef) -> z3.BitVecRef:
    """Truncating division; MIN / -1 wraps to MIN in both Java and SMT-LIB."""
    return a / b


def rem(a: z3.BitVecRef, b: z3.BitVecRef) -> z3.BitVecRef:
    return z3.SRem(a, b)


def i2l(a: z3.BitVecRef) -> z3.BitVecRef:
    return z3.SignExt(32, a)


def l2i(a: z3.BitVecRef) -> z3.BitVecRef:
    return z3.Extract(31, 0, a)


def i2b(a: z3.BitVecRef) -> z3.BitVecRef:
    return z3.SignExt(24, z3.Extract(7, 0, a))


def i2c(a: z3.BitVecRef) -> z3.BitVecRef:
    return z3.ZeroExt(16, z3.Extract(15, 0, a))


def i2s(a: z3.BitVecRef) -> z3.BitVecRef:
    return z3.SignExt(16, z3.Extract(15, 0, a))


def cmp3(gt: z3.BoolRef, lt: z3.BoolRef) -> z3.BitVecRef:
    """The -1/0/1 int that lcmp and the float compares push, from 'greater' and 'less' conditions."""
    return z3.If(gt, z3.BitVecVal(1, 32), z3.If(lt, z3.BitVecVal(-1, 32), z3.BitVecVal(0, 32)))


# --- floating point -------------------------------------------------------------------------

def fadd(a: z3.FPRef, b: z3.FPRef) -> z3.FPRef:
    return z3.fpAdd(RNE, a, b)


def fsub(a: z3.FPRef, b: z3.FPRef) -> z3.FPRef:
    return z3.fpSub(RNE, a, b)


def fmul(a: z3.FPRef, b: z3.FPRef) -> z3.FPRef:
    return z3.fpMul(RNE, a, b)


def fdiv(a: z3.FPRef, b: z3.FPRef) -> z3.FPRef:
    return z3.fpDiv(RNE, a, b)


def frem(a: z3.FPRef, b: z3.FPRef) -> z3.FPRef:
    """Java's truncating remainder from IEEE's round-to-nearest one.

    fpRem(a, b) = a - b*n with n rounded to nearest; Java wants n truncated. The two differ exactly
    when the IEEE result has the opposite sign of `a`; then adding |b| toward `a`'s sign gives Java's
    value, and that addition is exact because the result is representable.
    """
    r = z3.fpRem(a, b)
    toward_a = z3.If(z3.fpIsNegative(a), z3.fpNeg(z3.fpAbs(b)), z3.fpAbs(b))
    wrong_sign = z3.And(z3.Not(z3.fpIsZero(r)), z3.Not(z3.fpIsNaN(r)), z3.fpIsNegative(r) != z3.fpIsNegative(a))
    return z3.If(wrong_sign, z3.fpAdd(RNE, r, toward_a), r)


def fneg(a: z3.FPRef) -> z3.FPRef:
    return z3.fpNeg(a)


def fp_compare(a: z3.FPRef, b: z3.FPRef, nan_result: int) -> z3.BitVecRef:
    """fcmpl/dcmpl (nan_result -1) and fcmpg/dcmpg (nan_result 1) as an int term."""
    unordered = z3.Or(z3.fpIsNaN(a), z3.fpIsNaN(b))
    if nan_result > 0:
        return cmp3(z3.Or(unordered, z3.fpGT(a, b)), z3.fpLT(a, b))
    return cmp3(z3.fpGT(a, b), z3.Or(unordered, z3.fpLT(a, b)))


def int_to_fp(a: z3.BitVecRef, sort: z3.FPSortRef) -> z3.FPRef:
    return z3.fpSignedToFP(RNE, a, sort)


def fp_to_fp(a: z3.FPRef, sort: z3.FPSortRef) -> z3.FPRef:
    return z3.fpFPToFP(RNE, a, sort)


def fp_to_int(a: z3.FPRef, sort: z3.FPSortRef, width: int) -> z3.BitVecRef:
    """f2i/d2i/f2l/d2l: NaN -> 0, saturate outside the range, else round toward zero."""
    lo, hi = -(2 ** (width - 1)), 2 ** (width - 1) - 1
    lo_fp = z3.fpSignedToFP(RNE, z3.BitVecVal(lo, width), sort)  # -2^(w-1) is exact in any FP sort
    too_big = z3.fpGEQ(a, z3.fpNeg(lo_fp))
    too_small = z3.fpLEQ(a, lo_fp)
    return z3.If(z3.fpIsNaN(a), z3.BitVecVal(0, width),
                 z3.If(too_big, z3.BitVecVal(hi, width),
                       z3.If(too_small, z3.BitVecVal(lo, width), z3.fpToSBV(RTZ, a, z3.BitVecSort(width)))))
