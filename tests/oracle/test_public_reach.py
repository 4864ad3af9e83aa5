"""What a test that makes a value a hidden way shows beyond the runs made the public way, and the
comment above it that says so (tests/fixtures/published: a currency with a package-private
constructor beside its constants)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from jtc.emit.hidden import hidden_ways_comment
from jtc.model.classindex import ClassIndex
from jtc.model.program import Construct, FieldLoad, Invoke, Literal, VarRef
from jtc.model.public_api import PublicApi
from jtc.model.testcases import TestCase
from jtc.oracle.outcomes import Kind, Outcome
from jtc.oracle.public_reach import beyond_public
from jtc.oracle.selection import Candidate

CURRENCY, AMOUNT, PRICES = "cash/Currency", "cash/Amount", "cash/Prices"
CUR, AMT = f"L{CURRENCY};", f"L{AMOUNT};"


@dataclass(frozen=True)
class _Method:
    """A method of the class under test as an item of coverage names it (its bytecode offsets' lines)."""

    owner: str
    name: str

    def line_of(self, offset: int) -> int:
        return {7: 24, 9: 25}.get(offset, 20)


FORMAT = _Method(PRICES, "format")
OF = Invoke(AMOUNT, "of", f"({CUR}J){AMT}", None, (VarRef(0, CUR), Literal("J", 5)))
CALL = Invoke(PRICES, "format", f"({AMT})Ljava/lang/String;", None, (VarRef(1, AMT),))
HIDDEN = (Construct(CURRENCY, "(Ljava/lang/String;I)V", (Literal("Ljava/lang/String;", "hello"), Literal("I", 4))),
          OF, CALL)
PUBLIC = (FieldLoad(CURRENCY, "EUR", CUR), OF, CALL)


@pytest.fixture(scope="module")
def index(published_classes: Path):
    with ClassIndex([published_classes]) as opened:
        yield opened


def _candidate(program: tuple, covers: set, outcome: str | None = None) -> Candidate:
    execution = SimpleNamespace(index=0, program=program)
    kind = Kind.THREW if outcome else Kind.RETURNED
    return Candidate(execution, Outcome(kind, len(program) - 1), frozenset(covers),  # type: ignore[arg-type]
                     ((PRICES, "format"), kind, outcome))


def test_a_hidden_test_is_noted_with_the_lines_only_it_reaches_else_the_outcome_only_it_shows(index) -> None:
    public = _candidate(PUBLIC, {(FORMAT, 1, True), (FORMAT, -1, 20)})
    beyond = _candidate(HIDDEN, {(FORMAT, 7, True), (FORMAT, 9, False), (FORMAT, -1, 20)})
    throws = _candidate(HIDDEN, {(FORMAT, -1, 20)}, "java.lang.IllegalStateException")
    nothing_new = _candidate(HIDDEN, {(FORMAT, -1, 20)})
    chosen = [public, beyond, throws, nothing_new]
    assert beyond_public(chosen, chosen, PublicApi(index)) == [
        "", "reached lines 24 and 25 of Prices.format", "showed Prices.format throwing IllegalStateException", ""]


def test_the_comment_names_the_hidden_way_and_what_no_public_run_reached(index) -> None:
    hidden = TestCase(HIDDEN, None, beyond_public="reached lines 24 and 25 of Prices.format")  # type: ignore[arg-type]
    assert hidden_ways_comment([hidden], index) == [
        "// Made with the package-private constructor Currency(String, int): no run made the public way reached",
        "// lines 24 and 25 of Prices.format."]
    assert hidden_ways_comment([TestCase(HIDDEN, None)], index) == [  # type: ignore[arg-type]
        "// Made with the package-private constructor Currency(String, int)."]
    assert hidden_ways_comment([TestCase(PUBLIC, None)], index) == []  # type: ignore[arg-type]
