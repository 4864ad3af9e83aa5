"""The name of one test method: its member and what happened (emit/method_names.py)."""

from __future__ import annotations

import pytest

from jtc.emit import method_names
from jtc.model.program import ArrayLiteral, Construct, Invoke, Literal, Null, VarRef
from jtc.model.testcases import Completes, Expectation, Returns, ReturnsObject, Throws
from jtc.model.testcases import TestCase as Case
from jtc.model.types import STRING_DESC

CALC = "com/example/Calc"
STACK = "com/example/IntStack"
STACK_REF = VarRef(0, f"L{STACK};")


def static_call(name: str, desc: str) -> tuple:
    return (Invoke(CALC, name, desc, None, ()),)


def on_stack(name: str, desc: str) -> tuple:
    return (Construct(STACK, "()V", ()), Invoke(STACK, name, desc, STACK_REF, ()))


@pytest.mark.parametrize("program, expectation, expected", [
    (static_call("gcd", "(II)I"), Returns(Literal("I", 6)), "gcdReturns6"),
    (static_call("gcd", "(II)I"), Returns(Literal("I", -1)), "gcdReturnsMinus1"),
    (static_call("gcd", "(II)I"), Returns(Literal("I", -(2**31))), "gcdReturnsMinValue"),
    (static_call("divide", "(II)I"), Throws("java.lang.ArithmeticException"), "divideThrowsArithmeticException"),
    (on_stack("isEmpty", "()Z"), Returns(Literal("Z", True)), "isEmptyReturnsTrue"),
    (on_stack("clear", "()V"), Completes(), "clearCompletes"),
    (on_stack("top", "()Ljava/lang/Object;"), Returns(Null(STRING_DESC)), "topReturnsNull"),
    (on_stack("iterator", "()Ljava/util/Iterator;"), ReturnsObject("com.example.IntStack$Itr"), "iteratorReturnsItr"),
    (on_stack("anon", "()Ljava/lang/Runnable;"), ReturnsObject("com.example.IntStack$1"), "anonReturnsObject"),
    (static_call("name", "()Ljava/lang/String;"), Returns(Literal(STRING_DESC, "hello world")), "nameReturnsHelloWorld"),
    (static_call("name", "()Ljava/lang/String;"), Returns(Literal(STRING_DESC, "")), "nameReturnsEmptyString"),
    (static_call("name", "()Ljava/lang/String;"), Returns(Literal(STRING_DESC, "a+b")), "nameReturnsString"),
    (static_call("half", "(D)D"), Returns(Literal("D", 2.5)), "halfReturns2Point5"),
    (static_call("half", "(D)D"), Returns(Literal("D", -0.0)), "halfReturnsMinusZero"),
    (static_call("half", "(D)D"), Returns(Literal("D", float("nan"))), "halfReturnsNaN"),
    (static_call("half", "(F)F"), Returns(Literal("F", float("-inf"))), "halfReturnsNegativeInfinity"),
    (static_call("half", "(D)D"), Returns(Literal("D", 1e300)), "halfReturnsDouble"),
    (static_call("first", "()C"), Returns(Literal("C", ord("q"))), "firstReturnsQ"),
    (static_call("range", "()[I"), Returns(ArrayLiteral("[I", ())), "rangeReturnsEmptyArray"),
    ((Construct(STACK, "(I)V", (Literal("I", -1),)),), Throws("java.lang.IllegalArgumentException"),
     "constructorThrowsIllegalArgumentException"),
    ((Construct("com/example/Other", "()V", ()),), ReturnsObject("com.example.Other"), "newOtherCompletes"),
])
def test_test_method_names(program: tuple, expectation: Expectation, expected: str) -> None:
    assert method_names.test_method_name(Case(program, expectation), STACK) == expected


def test_an_object_of_a_jdk_class_is_named_by_the_declared_type() -> None:
    case = Case(on_stack("items", "()Ljava/util/List;"), ReturnsObject("java.util.Collections$UnmodifiableRandomAccessList"))
    assert method_names.test_method_name(case, STACK) == "itemsReturnsList"
