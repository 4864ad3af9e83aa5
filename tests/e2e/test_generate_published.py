"""Values as the API makes them (issue 34): a shop's prices (tests/fixtures/published) take amounts
of a currency, and both classes have package-private constructors beside public factories and
constants. The search may make a currency `new Currency("hello", 4)`; the written tests make it
`Currency.EUR` or `Currency.of("EUR")`, and an amount `Amount.of(…)`, wherever that reaches the
same branches. The one branch no currency a user can have reaches (more than three digits) is
reached the package's way, with a comment that says so."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jtc.pipeline.report import ClassReport

from bench.hidden_uses import hidden_uses
from junit_run import assert_written_tests_pass, generate_unfolded

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def report(published_classes: Path, tmp_path_factory: pytest.TempPathFactory) -> ClassReport:
    return generate_unfolded(published_classes, tmp_path_factory.mktemp("generated"), "cash.Prices", 80)


def test_the_branches_are_reached_with_amounts_and_currencies_made_the_public_way(report: ClassReport) -> None:
    """11 of the 12 branches at this budget, as before (the twelfth: two amounts of one currency
    added, which the search reaches later); the tests written before made 9 of their 11 currencies
    and amounts with the package-private constructors."""
    assert report.branch[0] >= 11 and report.branch[1] == 12
    source = Path(report.test_file).read_text()  # type: ignore[arg-type]
    assert "new Amount(" not in source and "Amount.of(" in source
    assert re.search(r"Currency\.(EUR|USD|JPY)\b|Currency\.of\(\"(EUR|USD|JPY)\"\)", source)
    tests = [part.strip() for part in source.split("\n\n")]
    hidden = [test for test in tests if "new Currency(" in test]
    assert 1 <= len(hidden) < len(tests) // 2
    for test in hidden:  # each for the branch only such a currency reaches: more than three digits
        assert test.startswith("// Made with the package-private constructor Currency(String, int): no run made "
                               "the public way reached")
        digits = re.search(r"new Currency\(\"\w*\", (\d+)\)", test)
        assert digits is not None and int(digits.group(1)) > 3


def test_the_listing_finds_no_hidden_way_in_without_its_reason(report: ClassReport, published_classes: Path) -> None:
    found = hidden_uses(Path(report.test_file).parent.parent, [published_classes], ["cash/Prices"])  # type: ignore[arg-type]
    assert {use for uses in found.others.values() for use in uses} == {
        "the package-private constructor Currency(String, int)"}
    assert found.said.keys() == found.others.keys() and not found.own


def test_the_generated_tests_compile_and_pass(report: ClassReport, published_classes: Path, tmp_path: Path) -> None:
    assert_written_tests_pass([report], published_classes, tmp_path)
