"""Java's arithmetic on concrete Python values, bit-exact.

The symbolic VM propagates concrete values between the points where the JVM reports them, so
these functions must agree with the JVM to the last bit (overflow, truncating division, masked
shifts, float rounding, NaN, saturating conversions). The semantic tests compare them with a real
JVM; every recorded value the VM later receives is also checked against them.
"""

from __future__ import annotations

import math
import struct

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
LONG_MIN, LONG_MAX = -(2**63), 2**63 - 1
NAN = float("nan")
INF = float("inf")


def i32(x: int) -> int:
    return ((x + 0x80000000) & 0xFFFFFFFF) - 0x80000000


def i64(x: int) -> int:
    return ((x + 0x8000000000000000) & 0xFFFFFFFFFFFFFFFF) - 0x8000000000000000


def f32(x: float) -> float:
    """Round a double to the nearest float (ties to even), as a Python float."""
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:
        return math.copysign(INF, x)


def float_bits(x: float) -> int:
    return struct.unpack("<i", struct.pack("<f", x))[0]


def double_bits(x: float) -> int:
    return struct.unpack("<q", struct.pack("<d", x))[0]


def float_from_bits(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def double_from_bits(bits: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", bits & 0xFFFFFFFFFFFFFFFF))[0]


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def idiv(a: int, b: int) -> int:
    return i32(_trunc_div(a, b))


def irem(a: int, b: int) -> int:
    return i32(a - b * _trunc_div(a, b))


def ldiv(a: int, b: int) -> int:
    return i64(_trunc_div(a, b))


def lrem(a: int, b: int) -> int:
    return i64(a - b * _trunc_div(a, b))


def ishl(a: int, b: int) -> int:
    return i32(a << (b & 31))


def ishr(a: int, b: int) -> int:
    return a >> (b & 31)


def iushr(a: int, b: int) -> int:
    return i32((a & 0xFFFFFFFF) >> (b & 31))


def lshl(a: int, b: int) -> int:
    return i64(a << (b & 63))


def lshr(a: int, b: int) -> int:
    return a >> (b & 63)


def lushr(a: int, b: int) -> int:
    return i64((a & 0xFFFFFFFFFFFFFFFF) >> (b & 63))


def fdiv_double(a: float, b: float) -> float:
    """IEEE division on doubles (Python raises on x/0.0; Java does not)."""
    if b == 0.0:
        if math.isnan(a) or a == 0.0:
            return NAN
        return math.copysign(INF, a) * math.copysign(1.0, b)
    return a / b


def frem_double(a: float, b: float) -> float:
    """Java's % on floating point: the C fmod (truncating), with Java's special cases."""
    if math.isnan(a) or math.isnan(b) or math.isinf(a) or b == 0.0:
        return NAN
    if math.isinf(b):
        return a
    return math.fmod(a, b)


def int_to_float32(x: int) -> float:
    """Round an integer of any size to float with a single rounding (l2f, i2f)."""
    if abs(x) <= 2**53:
        return f32(float(x))
    sign = -1 if x < 0 else 1
    magnitude = abs(x)
    shift = magnitude.bit_length() - 24
    kept, rest = magnitude >> shift, magnitude & ((1 << shift) - 1)
    half = 1 << (shift - 1)
    if rest > half or (rest == half and kept & 1):
        kept += 1
    return f32(sign * float(kept << shift))


def float_to_int(x: float, lo: int, hi: int) -> int:
    """f2i/d2i/f2l/d2l: NaN is 0, out-of-range saturates, otherwise truncate toward zero."""
    if math.isnan(x):
        return 0
    if x >= hi:
        return hi
    if x <= lo:
        return lo
    return int(x)


def fcmp(a: float, b: float, nan_result: int) -> int:
    """fcmpl/dcmpl (nan_result -1) and fcmpg/dcmpg (nan_result 1)."""
    if math.isnan(a) or math.isnan(b):
        return nan_result
    return (a > b) - (a < b)


def lcmp(a: int, b: int) -> int:
    return (a > b) - (a < b)


def i2b(x: int) -> int:
    return ((x + 0x80) & 0xFF) - 0x80


def i2c(x: int) -> int:
    return x & 0xFFFF


def i2s(x: int) -> int:
    return ((x + 0x8000) & 0xFFFF) - 0x8000


def decode_value(desc: str, raw: int) -> int | float:
    """A trace payload entry as the Java value of type `desc` (references stay object ids)."""
    if desc == "F":
        return float_from_bits(raw)
    if desc == "D":
        return double_from_bits(raw)
    if desc == "Z":
        return raw & 1
    return raw


def same_value(a: int | float, b: int | float) -> bool:
    """Java value equality for cross-checks: NaN equals NaN, -0.0 differs from 0.0."""
    if isinstance(a, float) or isinstance(b, float):
        a_f, b_f = float(a), float(b)
        if math.isnan(a_f) or math.isnan(b_f):
            return math.isnan(a_f) and math.isnan(b_f)
        return a_f == b_f and math.copysign(1.0, a_f) == math.copysign(1.0, b_f)
    return a == b
