"""Values, inputs and conditions said in the words of a test's name: 6 -> '6', -1 -> 'Minus1', null
-> 'Null', `Direction.NORTH` -> 'North', `day > 7` -> 'DayAbove7'; '' where a value has no short form."""

from __future__ import annotations

import math
import re

from jtc.emit.literals import double_literal, float_literal
from jtc.emit.naming import simple_class_name, upper_first
from jtc.model.program import (ArrayLiteral, Construct, FieldLoad, Invoke, Literal, NewArray, NewCollection, Null,
                               Program, Value, VarRef)
from jtc.model.testcases import InputCondition, Relation, ReturnsConstant, Stated
from jtc.model.types import Descriptor, PRIMITIVE_NAMES, STRING_DESC, class_of, innermost_element, internal_name

_MAX_WORDS = 4
_RANGE_NAMES = {
    "I": {-(2**31): "MinValue", 2**31 - 1: "MaxValue"},
    "J": {-(2**63): "MinValue", 2**63 - 1: "MaxValue"},
    "S": {-32768: "MinValue", 32767: "MaxValue"},
    "B": {-128: "MinValue", 127: "MaxValue"},
}


def _number_words(text: str) -> str:
    """'-2.5' -> 'Minus2Point5', '3.0' -> '3'."""
    text = text.removesuffix(".0")
    return text.replace("-", "Minus").replace(".", "Point")


def _float_words(desc: str, value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "PositiveInfinity" if value > 0 else "NegativeInfinity"
    if value == 0.0:
        return "MinusZero" if math.copysign(1.0, value) < 0 else "Zero"
    text = float_literal(value).removesuffix("f") if desc == "F" else double_literal(value)
    if "VALUE" in text:
        return ("Minus" if text.startswith("-") else "") + ("MaxValue" if "MAX" in text else "MinValue")
    if "E" in text or len(text) > 10:
        return PRIMITIVE_NAMES[desc].capitalize()
    return _number_words(text)


def text_words(text: str) -> str:
    """'Hello, stranger' -> 'HelloStranger': the words of a short text, '' when it has none to say
    (punctuation only, too many words, a long token)."""
    words = re.findall(r"[A-Za-z0-9]+", text)
    if not words or len(words) > _MAX_WORDS or any(len(word) > 16 for word in words):
        return ""
    if re.sub(r"[A-Za-z0-9]+|[\s,.;:!?'_-]+", "", text):  # other symbols would be lost
        return ""
    joined = "".join(upper_first(word) for word in words)
    return joined if len(joined) <= 30 else ""


def _string_words(text: str) -> str:
    if not text:
        return "EmptyString"
    return text_words(text) or "String"


def value_words(value: Literal | Null | ArrayLiteral) -> str:
    """How a test name says a returned value: 6 -> '6', -1 -> 'Minus1', true -> 'True'."""
    if isinstance(value, Null):
        return "Null"
    if isinstance(value, ArrayLiteral):
        return "Array" if value.elements else "EmptyArray"
    desc, raw = value.desc, value.value
    if desc == "Z":
        return "True" if raw else "False"
    if desc == STRING_DESC:
        return _string_words(str(raw))
    if desc in ("F", "D"):
        return _float_words(desc, float(raw))
    if desc == "C":
        char = chr(raw) if isinstance(raw, int) else str(raw)
        return upper_first(char) if char.isascii() and char.isalnum() else "Char"
    number = int(raw)
    return _RANGE_NAMES.get(desc, {}).get(number) or _number_words(str(number))


def argument_words(value: Value, program: Program) -> str:
    """How a test name says an input: null -> 'Null', "" -> 'Empty', 0 -> 'Zero', 9 -> '9',
    Direction.NORTH -> 'North', new Gold(7) -> 'Gold7', new Object[] {"key", 9} -> 'KeyAnd9', an object
    a call made, `format.withDelimiter(';')` -> 'WithDelimiterSemicolon' (not a getter's, whose name
    says where it came from, not what it is); '' when it has no short form."""
    if isinstance(value, Null):
        return "Null"
    if isinstance(value, ArrayLiteral):
        return f"{len(value.elements)}Elements" if value.elements else "EmptyArray"
    if isinstance(value, VarRef):
        made = program[value.index]
        if isinstance(made, FieldLoad):
            return "".join(word.capitalize() for word in made.name.split("_") if word) if made.name.isupper() \
                else upper_first(made.name)
        if isinstance(made, NewCollection) and not made.args:
            return "Empty" + (simple_class_name(internal_name(made.desc)) or "Collection")
        if isinstance(made, NewArray):  # new Object[] {"key"} -> 'Key'; 'EmptyArray'
            said_elements = [argument_words(element, program) for element in made.args]
            return "And".join(said_elements) if made.args and all(said_elements) and len(made.args) <= 2 \
                else "" if made.args else "EmptyArray"
        if isinstance(made, Construct) and len(made.args) == 1 and not isinstance(made.args[0], VarRef):
            said, simple = argument_words(made.args[0], program), simple_class_name(made.owner)
            return simple + said if said and simple else ""  # new Gold(7) -> 'Gold7'
        if isinstance(made, Invoke) and made.receiver is not None and not made.name.startswith(("get", "is")):
            given = [argument_words(arg, program) for arg in made.args if not isinstance(arg, VarRef)]
            return upper_first(made.name) + "".join(given) if len(given) <= 1 and all(given) else ""  # format.withHeader()
        return ""
    if value.desc == STRING_DESC:
        return text_words(str(value.value)) if value.value else "Empty"
    if value.desc in ("Z", "C", "F", "D"):
        return value_words(value)
    number = int(value.value)
    if number == 0:
        return "Zero"
    return value_words(value) if abs(number) < 100_000 or number in _RANGE_NAMES.get(value.desc, {}) else ""


_RELATION_WORDS = {Relation.LESS: "Below", Relation.AT_MOST: "AtMost", Relation.GREATER: "Above",
                   Relation.AT_LEAST: "AtLeast", Relation.EQUAL: "Equal", Relation.NOT_EQUAL: "Not"}


def condition_words(condition: InputCondition) -> str:
    """`day > 7` -> 'DayAbove7', `amount > balance` -> 'AmountAboveBalance', `key == null` ->
    'NullKey', `values.length < 2` -> 'ValuesLengthBelow2', `name.length == 0` -> 'EmptyName'; ''
    when it has no short form, and for an input equal to a constant, which its value says as well
    (`isWeekendOf6`)."""
    subject = "".join(upper_first(part) for part in condition.subject.split("."))
    emptiness = _emptiness(condition)
    if emptiness is not None:
        return ("Empty" if emptiness else "NonEmpty") + subject.removesuffix("Length")
    if condition.relation == Relation.EQUAL and not isinstance(condition.other, str):
        return ""
    if condition.relation == Relation.NULL:
        return "Null" + subject
    if condition.relation == Relation.NOT_NULL:
        return "NonNull" + subject
    other = condition.other
    if isinstance(other, str):
        said = "".join(upper_first(part) for part in other.split("."))
    elif isinstance(other, int) and not isinstance(other, bool) and abs(other) < 100_000:
        said = "Zero" if other == 0 else _number_words(str(other))
    elif isinstance(other, float) and math.isfinite(other) and abs(other) < 100_000:
        said = _float_words("D", other)
    else:
        return ""
    return subject + _RELATION_WORDS[condition.relation] + said


# A length's relation to a constant that says it is empty (True) or not (False).
_EMPTINESS: dict[tuple[Relation, object], bool] = {(Relation.EQUAL, 0): True, (Relation.AT_MOST, 0): True, (Relation.LESS, 1): True,
              (Relation.NOT_EQUAL, 0): False, (Relation.GREATER, 0): False, (Relation.AT_LEAST, 1): False}


def _emptiness(condition: InputCondition) -> bool | None:
    """Whether a condition on a length says its input is empty (True) or not (False); None when it
    is no such condition."""
    if not condition.subject.endswith(".length") or isinstance(condition.other, (str, bool)):
        return None
    return _EMPTINESS.get((condition.relation, condition.other))


def stated_words(value: Stated) -> str:
    """An enum constant an observer answered, in the words of a name (`EOF` -> 'Eof'); '' for
    other values, which read as the object's own (`ReturnsTrueToken`)."""
    if isinstance(value, ReturnsConstant):
        return "".join(word.capitalize() for word in value.constant.split("_") if word)
    return ""


_SYMBOLS = {'"': "Quote", "'": "Apostrophe", ",": "Comma", ";": "Semicolon", "\n": "Newline", "\r": "Return",
            " ": "Space", "\t": "Tab", "#": "Hash", "\\": "Backslash", "|": "Bar", "=": "Equals"}


def first_symbol(value: Value) -> str:
    """A text without words, by its first character where that has a name."""
    text = value.value if isinstance(value, Literal) and value.desc == STRING_DESC else None
    return _SYMBOLS.get(text[0], "") if isinstance(text, str) and text else ""


def type_words(desc: Descriptor) -> str:
    """'[Ljava/lang/String;' -> 'StringArray', 'I' -> 'Int'."""
    element = innermost_element(desc)
    named = class_of(element)
    simple = simple_class_name(named) if named is not None else PRIMITIVE_NAMES[element].capitalize()
    return (simple or "Object") + "Array" * (len(desc) - len(element))
