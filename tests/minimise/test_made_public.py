"""A test's values made the public way where the test still shows what it showed, on real runs of a
shop's prices (tests/fixtures/published): constants for a currency made by its package-private
constructor, the public factory that takes the same arguments for an amount."""

from __future__ import annotations

import pytest

from jtc.minimise.makers import PublicMakers
from jtc.minimise.statements import StatementMinimiser
from jtc.model.program import Construct, FieldLoad, Invoke, Literal, VarRef
from jtc.model.public_api import PublicApi
from jtc.oracle.selection import candidates

CURRENCY, AMOUNT, PRICES = "cash/Currency", "cash/Amount", "cash/Prices"
CUR, AMT = f"L{CURRENCY};", f"L{AMOUNT};"


def _currency(code: str, digits: int) -> Construct:
    return Construct(CURRENCY, "(Ljava/lang/String;I)V", (Literal("Ljava/lang/String;", code), Literal("I", digits)))


def _amount(currency: int, minor: int) -> Construct:
    return Construct(AMOUNT, f"({CUR}J)V", (VarRef(currency, CUR), Literal("J", minor)))


def _of(currency: int, minor: int) -> Invoke:
    return Invoke(AMOUNT, "of", f"({CUR}J){AMT}", None, (VarRef(currency, CUR), Literal("J", minor)))


def _prices(name: str, desc: str, *amounts: int) -> Invoke:
    return Invoke(PRICES, name, desc, None, tuple(VarRef(amount, AMT) for amount in amounts))


FORMAT = f"({AMT})Ljava/lang/String;"
ADD = f"({AMT}{AMT}){AMT}"


@pytest.fixture(scope="module")
def minimise(published_engine):
    published_engine.load("cash.Prices")
    run = lambda program: published_engine.executor.execute(program, None, {})  # noqa: E731
    api = PublicApi(published_engine.index)
    minimiser = StatementMinimiser(run, PRICES, frozenset(), api=api, public=PublicMakers([], api))

    def minimised(program: tuple) -> tuple:
        [candidate] = candidates([run(program)], PRICES)
        [reduced] = minimiser.minimise([candidate])
        return reduced.execution.program
    return minimised


def test_a_currency_is_a_constant_and_an_amount_the_public_factory(minimise) -> None:
    """The text changes ("0.05 EUR" for "0.05 hello"), what the test covers does not: the test
    asserts what the new run printed."""
    program = minimise((_currency("hello", 2), _amount(0, 5), _prices("format", FORMAT, 1)))
    assert program == (FieldLoad(CURRENCY, "EUR", CUR), _of(0, 5), _prices("format", FORMAT, 1))


def test_a_value_only_the_hidden_way_makes_stays(minimise) -> None:
    """No constant has four digits: `format` takes another branch with each of them."""
    program = (_currency("hello", 4), _of(0, 5), _prices("format", FORMAT, 1))
    assert minimise(program) == program


def test_two_amounts_of_one_currency_get_one_constant_two_of_two_currencies_two(minimise) -> None:
    shared = minimise((_currency("hello", 2), _amount(0, 5), _amount(0, 7), _prices("add", ADD, 1, 2)))
    euro = FieldLoad(CURRENCY, "EUR", CUR)
    assert shared == (euro, _of(0, 5), _of(0, 7), _prices("add", ADD, 1, 2))
    apart = minimise((_currency("a", 2), _of(0, 5), _currency("b", 2), _of(2, 7), _prices("add", ADD, 1, 3)))
    # The first alone made EUR keeps them apart; the second made EUR too would not (no throw): USD.
    # Each maker goes in front of the test, as the search's shortest makers do.
    assert apart == (FieldLoad(CURRENCY, "USD", CUR), euro, _of(1, 5), _of(0, 7), _prices("add", ADD, 2, 3))
