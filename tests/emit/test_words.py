"""Values and conditions said in the words of a test's name (emit/words.py)."""

from __future__ import annotations

import pytest

from jtc.emit.words import argument_words, condition_words, value_words
from jtc.model.program import ArrayLiteral, Literal, Null
from jtc.model.testcases import InputCondition, Relation
from jtc.model.types import STRING_DESC


def test_value_words_for_ranges() -> None:
    assert value_words(Literal("J", 2**63 - 1)) == "MaxValue"
    assert value_words(Literal("B", -3)) == "Minus3"
    assert value_words(Literal("F", 3.0)) == "3"


@pytest.mark.parametrize("value, words", [
    (Null(STRING_DESC), "Null"), (Literal(STRING_DESC, ""), "Empty"), (Literal(STRING_DESC, "no such day"), "NoSuchDay"),
    (Literal(STRING_DESC, "a+b"), ""), (Literal("I", 0), "Zero"), (Literal("I", -3), "Minus3"),
    (Literal("I", 1_600_744_464), ""), (Literal("I", 2**31 - 1), "MaxValue"), (Literal("Z", False), "False"),
    (ArrayLiteral("[I", ()), "EmptyArray"), (ArrayLiteral("[I", (1, 2)), "2Elements"),
])
def test_inputs_in_words(value: Literal | Null | ArrayLiteral, words: str) -> None:
    assert argument_words(value, ()) == words


def test_a_string_result_is_named_by_its_words() -> None:
    assert value_words(Literal(STRING_DESC, "Hello, stranger")) == "HelloStranger"
    assert value_words(Literal(STRING_DESC, "Welcome back, administrator")) == "WelcomeBackAdministrator"
    assert value_words(Literal(STRING_DESC, "x = 1")) == "String"


@pytest.mark.parametrize("condition, expected", [
    (InputCondition("day", Relation.GREATER, 7), "DayAbove7"),
    (InputCondition("day", Relation.LESS, 1), "DayBelow1"),
    (InputCondition("amount", Relation.GREATER, "balance"), "AmountAboveBalance"),
    (InputCondition("key", Relation.NULL), "NullKey"),
    (InputCondition("values.length", Relation.AT_LEAST, 0), "ValuesLengthAtLeastZero"),
    (InputCondition("day", Relation.EQUAL, 6), ""),  # `isWeekendOf6` says it as well
    (InputCondition("name.length", Relation.EQUAL, 0), "EmptyName"),
    (InputCondition("name.length", Relation.GREATER, 0), "NonEmptyName"),
    (InputCondition("name.length", Relation.GREATER, 10), "NameLengthAbove10"),
    (InputCondition("rate", Relation.LESS, 1e300), ""),
])
def test_condition_words(condition: InputCondition, expected: str) -> None:
    assert condition_words(condition) == expected
