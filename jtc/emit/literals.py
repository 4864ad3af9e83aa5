"""Java source literals for the constant values of a Program or an Expectation.

A generated test must pass on the value the JVM observed, bit for bit, so every literal here reads
back as exactly that value: floats and doubles in the shortest decimal that javac rounds to the same
bits, NaN and the infinities as named constants, chars and strings as ASCII with escapes (one UTF-16
unit per escape, so unpaired surrogates survive), byte and short with the cast a method argument
needs. The output is plain ASCII so the test compiles whatever the build's source encoding is.
"""

from __future__ import annotations

import math
import struct
from decimal import Decimal
from fractions import Fraction

from jtc.model.program import ArrayLiteral, Literal, Null
from jtc.model.types import Descriptor, STRING_DESC, element_type, is_array, source_type

# Short escapes that Java and readers know; everything else outside printable ASCII becomes \uXXXX.
# \n and \r must never be \u-escaped: javac translates \u000a into a line break before lexing.
_SHORT_ESCAPES = {0x08: "\\b", 0x09: "\\t", 0x0A: "\\n", 0x0C: "\\f", 0x0D: "\\r", 0x5C: "\\\\"}

_INT_CONSTANTS = {-(2**31): "Integer.MIN_VALUE", 2**31 - 1: "Integer.MAX_VALUE"}
_LONG_CONSTANTS = {-(2**63): "Long.MIN_VALUE", 2**63 - 1: "Long.MAX_VALUE"}
_BYTE_CONSTANTS = {-128: "Byte.MIN_VALUE", 127: "Byte.MAX_VALUE"}
_SHORT_CONSTANTS = {-32768: "Short.MIN_VALUE", 32767: "Short.MAX_VALUE"}
_RANGES = {"B": (-128, 127), "S": (-32768, 32767), "C": (0, 0xFFFF),
           "I": (-(2**31), 2**31 - 1), "J": (-(2**63), 2**63 - 1)}

_FLOAT_MAX = struct.unpack(">f", bytes.fromhex("7f7fffff"))[0]
_FLOAT_MIN = struct.unpack(">f", bytes.fromhex("00000001"))[0]
_DOUBLE_MAX = 1.7976931348623157e308
_DOUBLE_MIN = 5e-324


def java_literal(value: Literal | Null | ArrayLiteral, *, in_initializer: bool = False) -> str:
    """The Java expression for `value`.

    `in_initializer` is for array initializers and variable declarations, where an int constant
    narrows to byte or short by itself; as a method argument it needs the cast.
    """
    if isinstance(value, Null):
        return "null"
    if isinstance(value, ArrayLiteral):
        return array_literal(value)
    return scalar_literal(value.desc, value.value, in_initializer=in_initializer)


def scalar_literal(desc: Descriptor, value: object, *, in_initializer: bool = False) -> str:
    """One primitive or String value of type `desc` (None is null, for String elements)."""
    if value is None:
        if desc == STRING_DESC:
            return "null"
        raise ValueError(f"a {desc} cannot be null")
    if desc == "Z":
        return "true" if value else "false"
    if desc == STRING_DESC:
        if not isinstance(value, str):
            raise TypeError(f"String literal needs a str, not {value!r}")
        return string_literal(value)
    if desc == "C":
        return char_literal(value)  # type: ignore[arg-type]
    if desc == "F":
        return float_literal(float(value))  # type: ignore[arg-type]
    if desc == "D":
        return double_literal(float(value))  # type: ignore[arg-type]
    if len(desc) == 1 and desc in "BSIJ":
        return _integral_literal(desc, _checked_int(desc, value), in_initializer)
    raise ValueError(f"no literal form for type {desc}")


def _checked_int(desc: Descriptor, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{source_type(desc)} literal needs an int, not {value!r}")
    low, high = _RANGES[desc]
    if not low <= value <= high:
        raise ValueError(f"{value} is out of range for {source_type(desc)}")
    return value


def _integral_literal(desc: Descriptor, value: int, in_initializer: bool) -> str:
    if desc == "I":
        return _INT_CONSTANTS.get(value, str(value))
    if desc == "J":
        return _LONG_CONSTANTS.get(value, f"{value}L")
    named = (_BYTE_CONSTANTS if desc == "B" else _SHORT_CONSTANTS).get(value)
    if named:
        return named
    return str(value) if in_initializer else f"({source_type(desc)}) {value}"


def csv_value(value: Literal | Null | ArrayLiteral) -> str | None:
    """The value as a field of a JUnit `@CsvSource` row, which JUnit converts back to exactly this
    value for a parameter of its type; None when CSV cannot carry it (arrays, the named extremes of
    floats, texts with quotes or line breaks). Texts are quoted, so that spaces and commas stay;
    null is the empty unquoted field."""
    if isinstance(value, Null):
        return "" if value.desc == STRING_DESC else None
    if isinstance(value, ArrayLiteral):
        return None
    if value.desc in (STRING_DESC, "C"):
        text = value.value if isinstance(value.value, str) else chr(int(value.value))
        return None if any(c in text for c in "'\n\r") else f"'{text}'"
    if value.desc == "Z":
        return "true" if value.value else "false"
    if value.desc in ("F", "D"):
        number = float(value.value)
        if math.isnan(number) or math.isinf(number):
            return "NaN" if math.isnan(number) else ("Infinity" if number > 0 else "-Infinity")
        text = float_literal(number).removesuffix("f") if value.desc == "F" else double_literal(number)
        return None if "VALUE" in text else text
    return str(_checked_int(value.desc, value.value))


def array_literal(value: ArrayLiteral) -> str:
    """`new int[] {1, 2}`; `new int[0]` when empty. One dimension of primitives or Strings."""
    element = element_type(value.desc)
    if is_array(element) or not (len(element) == 1 or element == STRING_DESC):
        raise ValueError(f"no literal form for array type {value.desc}")
    type_name = source_type(element)
    if not value.elements:
        return f"new {type_name}[0]"
    items = ", ".join(scalar_literal(element, e, in_initializer=True) for e in value.elements)
    return f"new {type_name}[] {{{items}}}"


def _escape_unit(unit: int, quote: str) -> str:
    """One UTF-16 code unit inside a literal delimited by `quote`."""
    if unit in _SHORT_ESCAPES:
        return _SHORT_ESCAPES[unit]
    if chr(unit) == quote:
        return "\\" + quote
    if 0x20 <= unit < 0x7F:
        return chr(unit)
    return f"\\u{unit:04x}"


def _utf16_units(text: str) -> list[int]:
    data = text.encode("utf-16-be", "surrogatepass")
    return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2)]


def char_literal(value: int | str) -> str:
    """A char given as its code unit (how the JVM reports it) or as a one-unit str."""
    if isinstance(value, str):
        units = _utf16_units(value)
        if len(units) != 1:
            raise ValueError(f"a char is one UTF-16 unit, not {value!r}")
        value = units[0]
    return "'" + _escape_unit(_checked_int(Descriptor("C"), value), "'") + "'"


def string_literal(text: str) -> str:
    """A String literal; characters outside the BMP become their two surrogate escapes."""
    return '"' + "".join(_escape_unit(u, '"') for u in _utf16_units(text)) + '"'


def float_literal(value: float) -> str:
    """A float literal (`1.5f`) that javac rounds to exactly the float32 `value`."""
    if math.isnan(value):
        return "Float.NaN"
    if math.isinf(value):
        return "Float.POSITIVE_INFINITY" if value > 0 else "Float.NEGATIVE_INFINITY"
    if _to_float32(value) != value:
        raise ValueError(f"{value!r} is not a float32 value")
    magnitude = abs(value)
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if magnitude == _FLOAT_MAX:
        return f"{sign}Float.MAX_VALUE"
    if magnitude == _FLOAT_MIN:
        return f"{sign}Float.MIN_VALUE"
    if magnitude == 0.0:
        return f"{sign}0.0f"
    digits, exponent = _shortest_float32_digits(magnitude)
    return sign + _decimal_text(digits, exponent) + "f"


def double_literal(value: float) -> str:
    """A double literal (`0.1`) that javac rounds to exactly `value`."""
    if math.isnan(value):
        return "Double.NaN"
    if math.isinf(value):
        return "Double.POSITIVE_INFINITY" if value > 0 else "Double.NEGATIVE_INFINITY"
    magnitude = abs(value)
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if magnitude == _DOUBLE_MAX:
        return f"{sign}Double.MAX_VALUE"
    if magnitude == _DOUBLE_MIN:
        return f"{sign}Double.MIN_VALUE"
    if magnitude == 0.0:
        return f"{sign}0.0"
    # repr is the shortest string that round-trips, and Java parses decimals with the same rounding.
    exact = Decimal(repr(magnitude)).normalize()
    _, digit_tuple, exponent = exact.as_tuple()
    digits = "".join(map(str, digit_tuple))
    return sign + _decimal_text(digits, exponent + len(digits) - 1)  # type: ignore[operator]


def _decimal_text(digits: str, exponent: int) -> str:
    """digits 'd1d2…' × 10^exponent (d1 is the units digit) as Java's toString would lay it out:
    plain for 1e-3 <= x < 1e7, scientific ('1.0E-5') outside that range."""
    digits = digits.rstrip("0") or "0"
    if -3 <= exponent < 7:
        if exponent >= 0:
            whole = digits[:exponent + 1].ljust(exponent + 1, "0")
            fraction = digits[exponent + 1:] or "0"
        else:
            whole, fraction = "0", "0" * (-exponent - 1) + digits
        return f"{whole}.{fraction}"
    return f"{digits[0]}.{digits[1:] or '0'}E{exponent}"


def _to_float32(value: float) -> float:
    return struct.unpack(">f", struct.pack(">f", value))[0]


def _float32_from_bits(bits: int) -> float:
    return struct.unpack(">f", bits.to_bytes(4, "big"))[0]


def _rounds_to(candidate: Fraction, value: float) -> bool:
    """True when round-to-nearest-even of the exact decimal `candidate` to float32 is `value` (> 0).

    Checked on exact rationals, not by parsing to double first, which could round twice."""
    bits = struct.unpack(">I", struct.pack(">f", value))[0]
    exact = Fraction(value)
    below = Fraction(_float32_from_bits(bits - 1)) if bits > 1 else Fraction(0)
    if bits + 1 < 0x7F800000:
        above = Fraction(_float32_from_bits(bits + 1))
    else:  # the largest finite float: halfway to the next power of two rounds to infinity
        above = exact + (exact - below)
    low, high = (exact + below) / 2, (exact + above) / 2
    if bits % 2 == 0:  # ties go to the even mantissa
        return low <= candidate <= high
    return low < candidate < high


def _shortest_float32_digits(value: float) -> tuple[str, int]:
    """The fewest significant digits (and the units exponent) that still denote float32 `value`."""
    exact = Fraction(value)
    for precision in range(1, 10):
        mantissa, _, exp_text = f"{value:.{precision - 1}e}".partition("e")
        exponent = int(exp_text)
        nearest = int(mantissa.replace(".", ""))
        # The nearest decimal may fall outside the rounding interval while a neighbour is inside it
        # (intervals are lopsided at powers of two), so try the neighbours too, nearest first.
        candidates = sorted((nearest + step for step in (0, -1, 1) if nearest + step > 0),
                            key=lambda d: abs(Fraction(d) * Fraction(10) ** (exponent - precision + 1) - exact))
        for digits in candidates:
            scaled = Fraction(digits) * Fraction(10) ** (exponent - precision + 1)
            if _rounds_to(scaled, value):
                text = str(digits)
                return text, exponent + len(text) - precision
    raise AssertionError(f"no 9-digit decimal denotes {value!r}")  # 9 digits always suffice for float32


# Values larger than this are stated by their hash code, not written out: a test that spells out
# a result of half a million chars does not compile ("code too large") and nobody reads it.
LARGE_ELEMENTS = 64  # array elements (the longest array an input may be)
LARGE_TEXT = 1_000  # UTF-16 units of a String


def is_large(value: Literal | ArrayLiteral | Null) -> bool:
    if isinstance(value, ArrayLiteral):
        return len(value.elements) > LARGE_ELEMENTS
    return isinstance(value, Literal) and isinstance(value.value, str) and len(value.value) > LARGE_TEXT


def _int32(value: int) -> int:
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def string_hash(text: str) -> int:
    """Java's String.hashCode."""
    code = 0
    for unit in _utf16_units(text):
        code = (31 * code + unit) & 0xFFFFFFFF
    return _int32(code)


def _element_hash(desc: str, element: object) -> int:
    """The hashCode of an element as Arrays.hashCode of a primitive or String array takes it."""
    if desc == STRING_DESC:
        return 0 if element is None else string_hash(str(element))
    if desc == "Z":
        return 1231 if element else 1237
    if isinstance(element, float) or desc in "FD":
        number = float(element)  # type: ignore[arg-type]
        if desc == "F":
            return 0x7FC00000 if math.isnan(number) else struct.unpack(">i", struct.pack(">f", number))[0]
        bits = 0x7FF8000000000000 if math.isnan(number) else struct.unpack(">q", struct.pack(">d", number))[0]
        return _int32(bits ^ ((bits & 0xFFFFFFFFFFFFFFFF) >> 32))
    whole = ord(element) if isinstance(element, str) else int(element)  # type: ignore[call-overload]
    if desc == "J":
        return _int32(whole ^ ((whole & 0xFFFFFFFFFFFFFFFF) >> 32))
    return _int32(whole)


def array_hash(value: ArrayLiteral) -> int:
    """Java's Arrays.hashCode of a one-dimensional array of primitives or Strings."""
    element = value.desc[1:]
    code = 1
    for item in value.elements:
        code = (31 * code + _element_hash(element, item)) & 0xFFFFFFFF
    return _int32(code)
