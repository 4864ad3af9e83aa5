"""Hidden ways in: the constructors, factories and constants a test may call from the class's package
that the public API does not offer, for a type it does (tests/fixtures/published)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.model.classindex import ClassIndex
from jtc.model.program import Construct, FieldLoad, Invoke, Literal, VarRef
from jtc.model.public_api import PublicApi

CURRENCY, AMOUNT, PRICES, TILL = "cash/Currency", "cash/Amount", "cash/Prices", "cash/Till"
NEW_CURRENCY = Construct(CURRENCY, "(Ljava/lang/String;I)V", (Literal("Ljava/lang/String;", "hello"), Literal("I", 4)))
NEW_AMOUNT = Construct(AMOUNT, f"(L{CURRENCY};J)V", (VarRef(0, f"L{CURRENCY};"), Literal("J", 5)))
FORMAT = Invoke(PRICES, "format", f"(L{AMOUNT};)Ljava/lang/String;", None, (VarRef(1, f"L{AMOUNT};"),))


@pytest.fixture(scope="module")
def api(published_classes: Path) -> PublicApi:
    return PublicApi(ClassIndex([published_classes]))


def test_a_package_private_constructor_of_a_public_class_is_a_hidden_way_in(api: PublicApi) -> None:
    ways = api.hidden_ways_in((NEW_CURRENCY, NEW_AMOUNT, FORMAT))
    assert [(way.position, way.words) for way in ways] == [
        (0, "the package-private constructor Currency(String, int)"),
        (1, "the package-private constructor Amount(Currency, long)")]


def test_public_factories_constants_and_the_call_under_test_are_not(api: PublicApi) -> None:
    euro = FieldLoad(CURRENCY, "EUR", f"L{CURRENCY};")
    of = Invoke(AMOUNT, "of", f"(L{CURRENCY};J)L{AMOUNT};", None, (VarRef(0, f"L{CURRENCY};"), Literal("J", 5)))
    assert api.hidden_ways_in((euro, of, FORMAT)) == []
    assert api.hidden_ways_in((NEW_CURRENCY,)) == []  # a test of the constructor itself: it is what is tested
    jdk = Construct("java/lang/StringBuilder", "()V", ())
    assert api.hidden_ways_in((jdk, FORMAT)) == []


def test_a_class_the_package_keeps_to_itself_has_no_hidden_way_in(api: PublicApi) -> None:
    """Till is package-private: its constructor is the only way there is, and no user makes one."""
    till = Construct(TILL, f"(L{CURRENCY};)V", (VarRef(0, f"L{CURRENCY};"),))
    take = Invoke(TILL, "take", f"(J)L{AMOUNT};", VarRef(1, f"L{TILL};"), (Literal("J", 5),))
    assert api.hidden_ways_in((FieldLoad(CURRENCY, "EUR", f"L{CURRENCY};"), till, take)) == []
    assert api.hiding(TILL, "<init>", f"(L{CURRENCY};)V") is not None and not api.public_type(f"L{TILL};")


def test_the_public_ways_to_make_the_same_value(api: PublicApi) -> None:
    """The constants of a type in the order declared; a public factory that takes what a hidden
    constructor takes, with its arguments."""
    assert [constant.name for constant in api.constants(f"L{CURRENCY};")] == ["EUR", "USD", "JPY"]
    assert api.constants(f"L{AMOUNT};") == [] and api.constants(f"L{TILL};") == []
    assert api.twins(NEW_AMOUNT) == [Invoke(AMOUNT, "of", f"(L{CURRENCY};J)L{AMOUNT};", None, NEW_AMOUNT.args)]
    assert api.twins(NEW_CURRENCY) == []  # of(String) takes no digits
