"""Branch conditions read back as relations of inputs, for test names."""

from __future__ import annotations

import z3

from jtc.minimise.conditions import input_condition
from jtc.model.testcases import InputCondition, Relation

DAY = z3.BitVec("s0.Weekday.name(I)Ljava/lang/String;.day", 32)
AMOUNT = z3.BitVec("s1.Account.withdraw(J)V.amount", 64)
BALANCE = z3.BitVec("s0.new Account(J)V.balance", 64)
KEY = z3.Bool("s1.TreeMap.remove(Ljava/lang/Object;)Ljava/lang/Object;.key==null")
FLAG = z3.BitVec("s0.Codes.of(B)I.code", 8)
ARG = z3.BitVec("s0.Calc.half(I)I.arg0", 32)


def test_comparisons_with_constants_and_other_inputs() -> None:
    assert input_condition(DAY > 7) == InputCondition("day", Relation.GREATER, 7)
    assert input_condition(z3.Not(DAY >= 1)) == InputCondition("day", Relation.LESS, 1)
    assert input_condition(z3.BitVecVal(0, 32) == DAY) == InputCondition("day", Relation.EQUAL, 0)
    assert input_condition(AMOUNT > BALANCE) == InputCondition("amount", Relation.GREATER, "balance")
    assert input_condition(z3.SignExt(24, FLAG) < -3) == InputCondition("code", Relation.LESS, -3)


def test_null_checks_and_conditions_without_words() -> None:
    assert input_condition(KEY) == InputCondition("key", Relation.NULL)
    assert input_condition(z3.Not(KEY)) == InputCondition("key", Relation.NOT_NULL)
    assert input_condition(ARG > 2) is None  # no parameter name in the class file
    assert input_condition(DAY + 1 > 7) is None  # arithmetic reads as no condition on an input


NAME = z3.String("s0.Strings.greet(Ljava/lang/String;)Ljava/lang/String;.name")


def test_a_strings_length() -> None:
    assert input_condition(z3.Not(z3.Not(z3.Length(NAME) == 0))) == InputCondition("name.length", Relation.EQUAL, 0)
    assert input_condition(z3.Not(10 >= z3.Int2BV(z3.Length(NAME), 32))) == InputCondition(
        "name.length", Relation.GREATER, 10)
    assert input_condition(NAME == z3.StringVal("admin")) is None  # a String's content


def test_a_switch_default_by_the_side_of_its_cases_the_input_lies_on() -> None:
    default = z3.And(*(DAY != day for day in range(1, 8)))
    variable = DAY.decl().name()
    assert input_condition(default, {variable: 9}) == InputCondition("day", Relation.GREATER, 7)
    assert input_condition(default, {variable: 0}) == InputCondition("day", Relation.LESS, 1)
    assert input_condition(default) is None  # the value unknown
    assert input_condition(z3.And(DAY != 1, DAY != 4), {variable: 9}) is None  # no run of cases
