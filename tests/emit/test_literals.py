"""Java literals: exact spellings, and a javac round trip that proves every value and type survives."""

from __future__ import annotations

import random
import struct
import subprocess
from pathlib import Path

import pytest

from jtc.java.javac import compile_sources
from jtc.emit.literals import (
    array_hash,
    array_literal,
    char_literal,
    double_literal,
    float_literal,
    is_large,
    java_literal,
    scalar_literal,
    string_hash,
    string_literal,
)
from jtc.model.program import ArrayLiteral, Null
from jtc.model.types import STRING_DESC
from jtc.java.toolchain import toolchain


def f32(bits: int) -> float:
    return struct.unpack(">f", bits.to_bytes(4, "big"))[0]


def f64(bits: int) -> float:
    return struct.unpack(">d", bits.to_bytes(8, "big"))[0]


NAN, INF = float("nan"), float("inf")


@pytest.mark.parametrize("value, expected", [
    (0.1, "0.1"), (100.0, "100.0"), (1e16, "1.0E16"), (1e-4, "1.0E-4"), (0.001, "0.001"),
    (-0.0, "-0.0"), (0.0, "0.0"), (NAN, "Double.NaN"), (INF, "Double.POSITIVE_INFINITY"),
    (-INF, "Double.NEGATIVE_INFINITY"), (5e-324, "Double.MIN_VALUE"),
    (-1.7976931348623157e308, "-Double.MAX_VALUE"),
    (-1.5e-7, "-1.5E-7"), (-2.5, "-2.5"), (1234567.0, "1234567.0"), (12345678.0, "1.2345678E7"),
    (2.2250738585072014e-308, "2.2250738585072014E-308"),
])
def test_double_spelling(value: float, expected: str) -> None:
    assert double_literal(value) == expected


@pytest.mark.parametrize("bits, expected", [
    (0x3DCCCCCD, "0.1f"), (0x3F800000, "1.0f"), (0x80000000, "-0.0f"), (0x7FC00000, "Float.NaN"),
    (0x7F800000, "Float.POSITIVE_INFINITY"), (0xFF800000, "Float.NEGATIVE_INFINITY"),
    (0x00000001, "Float.MIN_VALUE"), (0x7F7FFFFF, "Float.MAX_VALUE"), (0x00800000, "1.1754944E-38f"),
    (0x4B800000, "1.6777216E7f"), (0x501502F9, "1.0E10f"), (0x3EAAAAAB, "0.33333334f"), (0xC0200000, "-2.5f"),
])
def test_float_spelling_is_shortest(bits: int, expected: str) -> None:
    assert float_literal(f32(bits)) == expected


def test_float_literal_refuses_values_a_float_cannot_hold() -> None:
    with pytest.raises(ValueError):
        float_literal(0.1)


@pytest.mark.parametrize("desc, value, argument, initializer", [
    ("I", 6, "6", "6"), ("I", -1, "-1", "-1"), ("I", -(2**31), "Integer.MIN_VALUE", "Integer.MIN_VALUE"),
    ("I", 2**31 - 1, "Integer.MAX_VALUE", "Integer.MAX_VALUE"), ("J", 7, "7L", "7L"),
    ("J", -(2**63), "Long.MIN_VALUE", "Long.MIN_VALUE"), ("B", -5, "(byte) -5", "-5"), ("S", 300, "(short) 300", "300"),
    ("B", -128, "Byte.MIN_VALUE", "Byte.MIN_VALUE"), ("S", 32767, "Short.MAX_VALUE", "Short.MAX_VALUE"),
    ("Z", True, "true", "true"), ("Z", False, "false", "false"),
])
def test_integral_and_boolean_spelling(desc: str, value: object, argument: str, initializer: str) -> None:
    assert scalar_literal(desc, value) == argument
    assert scalar_literal(desc, value, in_initializer=True) == initializer


@pytest.mark.parametrize("value, expected", [
    (ord("a"), "'a'"), (ord("\n"), "'\\n'"), (ord("'"), "'\\''"), (ord("\\"), "'\\\\'"), (0, "'\\u0000'"),
    (ord('"'), "'\"'"), (0xD800, "'\\ud800'"), (0xE9, "'\\u00e9'"), (0x7F, "'\\u007f'"), ("x", "'x'"),
])
def test_char_spelling(value: int | str, expected: str) -> None:
    assert char_literal(value) == expected


def test_string_spelling_escapes_everything_outside_printable_ascii() -> None:
    assert string_literal('say "hi"\\\n') == '"say \\"hi\\"\\\\\\n"'
    assert string_literal("it's") == '"it\'s"'
    assert string_literal("\ud800|\U0001F600|é") == '"\\ud800|\\ud83d\\ude00|\\u00e9"'
    assert string_literal("\\u0041") == '"\\\\u0041"'


def test_null_and_arrays() -> None:
    assert java_literal(Null(STRING_DESC)) == "null"
    assert array_literal(ArrayLiteral("[I", (1, 2))) == "new int[] {1, 2}"
    assert array_literal(ArrayLiteral("[B", (-1, 2))) == "new byte[] {-1, 2}"
    assert array_literal(ArrayLiteral("[Ljava/lang/String;", ("a", None))) == 'new String[] {"a", null}'
    assert array_literal(ArrayLiteral("[D", ())) == "new double[0]"


@pytest.mark.parametrize("desc, value", [("I", 2**31), ("B", 128), ("C", -1), ("I", True), ("C", "ab")])
def test_out_of_range_values_are_refused(desc: str, value: object) -> None:
    with pytest.raises((ValueError, TypeError)):
        scalar_literal(desc, value)


# --- round trip through javac ------------------------------------------------------------------

def _edge_cases() -> list[tuple[str, object]]:
    rng = random.Random(20240611)
    floats = [NAN, INF, -INF, -0.0, 0.0, f32(1), f32(0x7F7FFFFF), f32(0x00800000), f32(0x007FFFFF), f32(0x80000001),
              f32(0x3DCCCCCD), f32(0x3EAAAAAB), f32(0x4B800000), f32(0x4B800001), f32(0x501502F9), f32(0x7F000000)]
    floats += [f32(rng.getrandbits(32) & 0x807FFFFF) for _ in range(40)]  # subnormals
    floats += [f32(b) for b in (rng.getrandbits(32) for _ in range(300)) if (b >> 23) & 0xFF != 0xFF]
    doubles = [NAN, INF, -INF, -0.0, 0.0, 5e-324, 1.5e-323, 1.7976931348623157e308, 2.2250738585072014e-308,
               2.225073858507201e-308, 0.1, 1e23, 9007199254740993.0, -1e-300]
    doubles += [f64(rng.getrandbits(64) & 0x800FFFFFFFFFFFFF) for _ in range(40)]
    doubles += [f64(b) for b in (rng.getrandbits(64) for _ in range(300)) if (b >> 52) & 0x7FF != 0x7FF]
    cases: list[tuple[str, object]] = [("F", v) for v in floats]
    cases += [("D", v) for v in doubles]
    cases += [("I", v) for v in (0, -1, 6, -(2**31), 2**31 - 1)]
    cases += [("J", v) for v in (0, -1, 2**40, -(2**63), 2**63 - 1)]
    cases += [("B", v) for v in (0, 5, -5, -128, 127)] + [("S", v) for v in (0, -7, 300, -32768, 32767)]
    cases += [("Z", True), ("Z", False)]
    cases += [("C", v) for v in (0, 8, 9, 10, 12, 13, 0x27, 0x22, 0x5C, 0x41, 0x7F, 0xE9, 0x2028, 0xD800, 0xDFFF,
                                 0xFFFF)]
    cases += [(STRING_DESC, v) for v in ("", 'a"b', "it's", "back\\slash", "\\u0041", "line\nbreak\r\t\b\f", "\u0000",
                                     "\ud800", "x\udfffy", "\U0001F600", "é\u2028", "\x7f\x1b")]
    return cases


def _expected_line(desc: str, value: object) -> str:
    """What the Java probe prints for a value: its type and exact bits."""
    if desc == "F":
        return f"F{struct.unpack('>I', struct.pack('>f', value))[0]:x}" if value == value else "F7fc00000"
    if desc == "D":
        return f"D{struct.unpack('>Q', struct.pack('>d', value))[0]:x}" if value == value else "D7ff8000000000000"
    if desc == "Z":
        return f"Z{'true' if value else 'false'}"
    if desc == "C":
        return f"C{value:x}"
    if desc == STRING_DESC:
        data = str(value).encode("utf-16-be", "surrogatepass")
        return "T" + ",".join(f"{int.from_bytes(data[i:i + 2], 'big'):x}" for i in range(0, len(data), 2))
    return f"{desc}{value}"


PROBE = """
public class Probe {
    static String t(boolean x) { return "Z" + x; }
    static String t(byte x) { return "B" + x; }
    static String t(short x) { return "S" + x; }
    static String t(char x) { return "C" + Integer.toHexString(x); }
    static String t(int x) { return "I" + x; }
    static String t(long x) { return "J" + x; }
    static String t(float x) { return "F" + Integer.toHexString(Float.floatToRawIntBits(x)); }
    static String t(double x) { return "D" + Long.toHexString(Double.doubleToRawLongBits(x)); }
    static String t(String x) {
        StringBuilder out = new StringBuilder("T");
        for (int i = 0; i < x.length(); i++) {
            out.append(i == 0 ? "" : ",").append(Integer.toHexString(x.charAt(i)));
        }
        return out.toString();
    }

    public static void main(String[] args) {
%s
        byte[] bytes = %s;
        String[] strings = %s;
        System.out.println(java.util.Arrays.toString(bytes));
        for (String s : strings) {
            System.out.println(s == null ? "null" : t(s));
        }
    }
}
"""


def test_every_edge_value_survives_javac(tmp_path: Path) -> None:
    """Each literal goes through overload resolution (proving its static type) and prints its bits."""
    cases = _edge_cases()
    calls = "\n".join(f"        System.out.println(t({scalar_literal(desc, value)}));" for desc, value in cases)
    bytes_literal = array_literal(ArrayLiteral("[B", (-128, -1, 0, 127)))
    strings_literal = array_literal(ArrayLiteral("[Ljava/lang/String;", ("a\n", None, "\ud800")))
    source = tmp_path / "Probe.java"
    source.write_text(PROBE % (calls, bytes_literal, strings_literal), encoding="ascii")
    assert compile_sources([source], [], tmp_path / "classes") == []
    completed = subprocess.run([str(toolchain().java), "-cp", str(tmp_path / "classes"), "Probe"],
                               capture_output=True, text=True, check=True)
    printed = completed.stdout.splitlines()
    assert printed[:len(cases)] == [_expected_line(desc, value) for desc, value in cases]
    assert printed[len(cases):] == ["[-128, -1, 0, 127]", "T61,a", "null", "Td800"]


def test_hash_codes_of_large_values_are_javas() -> None:
    """Arrays.hashCode and String.hashCode as a JVM printed them (a large result is stated by them)."""
    assert array_hash(ArrayLiteral("[C", (ord("a"), 0, 0xFFFF))) == 188543
    assert array_hash(ArrayLiteral("[J", (-1, 1 << 40, -(2**63)))) == -2147445921
    assert array_hash(ArrayLiteral("[D", (-0.0, 1.5, float("nan")))) == -1090489249
    assert array_hash(ArrayLiteral("[F", (-0.0, 1.5, float("nan")))) == -1207929761
    assert array_hash(ArrayLiteral("[Z", (True, False))) == 40359
    assert array_hash(ArrayLiteral("[B", (-1, 127))) == 1057
    assert array_hash(ArrayLiteral("[Ljava/lang/String;", ("ab", None, "\u00e9x"))) == 3021039
    assert string_hash("hello world \u00e9") == 1854031501
    assert is_large(ArrayLiteral("[C", (0,) * 65)) and not is_large(ArrayLiteral("[C", (0,) * 64))
