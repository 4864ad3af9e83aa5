"""B8's listing of hidden ways in (bench/hidden_uses.py), read from a suite's bytecode: by test, the
constructors, factories and constants the public API does not offer that it uses, another class's
apart from the class under test's own, with jtc's comment why where it wrote one."""

from __future__ import annotations

from pathlib import Path

from bench.hidden_uses import hidden_uses

PRICES_TEST = """package cash;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class PricesTest {

    @Test
    void formatOfAConstant() {
        assertEquals("0.5 EUR", Prices.format(Amount.of(Currency.EUR, 5L)));
    }

    // Made with the package-private constructor Currency(String, int): no run made the public way
    // reached line 24 of Prices.format.
    @Test
    void formatOfFourDigits() {
        Currency currency = new Currency("hello", 4);
        assertEquals("5e-4 hello", Prices.format(Amount.of(currency, 5L)));
    }

    @Test
    void addInALambda() {
        assertThrows(IllegalArgumentException.class,
                () -> Prices.add(new Amount(Currency.EUR, 1L), new Amount(Currency.USD, 1L)));
    }
}
"""

CURRENCY_TEST = """package cash;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class CurrencyTest {

    @Test
    void constructed() {
        assertEquals("abc", new Currency("abc", 1).code());
    }
}
"""


def test_uses_by_test_own_apart_and_the_comment_beside(published_classes: Path, tmp_path: Path) -> None:
    suite = tmp_path / "suite" / "cash"
    suite.mkdir(parents=True)
    (suite / "PricesTest.java").write_text(PRICES_TEST)
    (suite / "CurrencyTest.java").write_text(CURRENCY_TEST)
    found = hidden_uses(tmp_path / "suite", [published_classes], ["cash/Prices", "cash/Currency"])
    amount = "the package-private constructor Amount(Currency, long)"
    assert found.others == {"cash.PricesTest#formatOfFourDigits": ["the package-private constructor Currency(String, int)"],
                            "cash.PricesTest#addInALambda": [amount, amount]}
    assert found.own == {"cash.CurrencyTest#constructed": ["the package-private constructor Currency(String, int)"]}
    assert found.said == {"cash.PricesTest#formatOfFourDigits": "Made with the package-private constructor "
                          "Currency(String, int): no run made the public way reached line 24 of Prices.format."}
    summary = found.summary()
    assert (summary["tests_using_others"], summary["uses_of_others"], summary["tests_using_others_unsaid"],
            summary["tests_using_own"], summary["tests_using_own_said"]) == (2, 3, 1, 1, 0)
