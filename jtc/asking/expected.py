"""What a call did, in the words a question shows (`returns 5`, `throws java.lang.IllegalStateException`),
and what a person says it should do, read as the test's expectation: a Java literal of the call's
type (`0`, `"free"`, `'x'`, `null`, `2.5`) or `throws` and an exception class."""

from __future__ import annotations

import ast

from jtc.errors import UsageError
from jtc.model.program import Literal, Null
from jtc.model.testcases import Expectation, Returns, ReturnsBoxed, Throws
from jtc.model.types import BinaryName, Descriptor, STRING_DESC, UNBOXED, is_reference, source_type

_LIMITS = {"B": 8, "S": 16, "I": 32, "J": 64}


def expected(text: str, desc: Descriptor) -> Expectation:
    """The expectation a person gave for a call returning `desc`; a usage error when it is not one."""
    text = text.strip()
    if text.startswith("throws "):
        exception = text.removeprefix("throws ").strip()
        return Throws(BinaryName(exception if "." in exception else f"java.lang.{exception}"))
    if text == "null" and is_reference(desc):
        return Returns(Null(desc))
    boxed = UNBOXED.get(desc)
    value = _value(text, boxed or desc)
    if value is None:
        raise UsageError(f"cannot read {text!r} as a {source_type(desc)} (a Java literal, or throws and a class)")
    return ReturnsBoxed(Literal(boxed, value)) if boxed else Returns(Literal(desc, value))


def _value(text: str, desc: str) -> bool | int | float | str | None:
    try:
        if desc == "Z" and text in ("true", "false"):
            return text == "true"
        if desc in _LIMITS:
            number = int(text.removesuffix("L").removesuffix("l").replace("_", ""), 0)
            bits = _LIMITS[desc]
            return number if -(1 << (bits - 1)) <= number < (1 << (bits - 1)) else None
        if desc in ("F", "D"):
            return float(text.rstrip("fFdD"))
        if desc == "C" and len(text) >= 3 and text[0] == text[-1] == "'":
            character = ast.literal_eval(text)
            return character if len(character) == 1 else None
        if desc == STRING_DESC and len(text) >= 2 and text[0] == text[-1] == '"':
            return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return None
    return None
