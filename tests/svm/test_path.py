"""Two-way decisions keep one condition; the negation is built for whichever outcome needs it."""

from __future__ import annotations

import z3

from jtc.svm import path


def _site() -> path.Site:
    return (None, 3)  # type: ignore[return-value]


def test_a_choice_that_holds_selects_the_first_label_by_its_condition() -> None:
    x = z3.Int("x")
    decision = path.choice(_site(), path.DecisionKind.BRANCH, (True, False), x > 0, holds=True)
    assert decision.label is True and decision.cond.eq(x > 0)
    assert [(label, cond.sexpr()) for label, cond in decision.others()] == [(False, z3.Not(x > 0).sexpr())]


def test_a_choice_that_fails_selects_the_second_label_by_the_negation() -> None:
    x = z3.Int("x")
    decision = path.choice(_site(), path.DecisionKind.BRANCH, (True, False), x > 0, holds=False)
    assert decision.label is False and decision.cond.eq(z3.Not(x > 0))
    [(label, cond)] = decision.others()
    assert label is True and cond.eq(x > 0)  # the condition itself, no double negation
