"""What a person says a call should do, read as an expectation of the call's type; the words a
question shows for what it did."""

from __future__ import annotations

import pytest

from jtc.asking.answers import Answer, Verdict
from jtc.asking.dialog import ask
from jtc.asking.answers import Question
from jtc.asking.expected import expected
from jtc.emit.behaviour import outcome_in_words
from jtc.errors import UsageError
from jtc.model.program import Literal, Null
from jtc.model.testcases import Returns, ReturnsBoxed, Throws


@pytest.mark.parametrize("text,desc,found", [
    ("0", "I", Returns(Literal("I", 0))),
    ("-7L", "J", Returns(Literal("J", -7))),
    ("true", "Z", Returns(Literal("Z", True))),
    ("2.5", "D", Returns(Literal("D", 2.5))),
    ("'x'", "C", Returns(Literal("C", "x"))),
    ('"free\\n"', "Ljava/lang/String;", Returns(Literal("Ljava/lang/String;", "free\n"))),
    ("null", "Ljava/lang/String;", Returns(Null("Ljava/lang/String;"))),
    ("5", "Ljava/lang/Integer;", ReturnsBoxed(Literal("I", 5))),
    ("throws IllegalStateException", "I", Throws("java.lang.IllegalStateException")),
    ("throws java.io.IOException", "V", Throws("java.io.IOException")),
])
def test_an_expected_value_is_a_java_literal_of_the_calls_type(text: str, desc: str, found: object):
    assert expected(text, desc) == found


@pytest.mark.parametrize("text,desc", [("zero", "I"), ("128", "B"), ("free", "Ljava/lang/String;"), ("null", "I"),
                                       ("1", "V")])
def test_what_is_no_literal_of_the_type_is_refused(text: str, desc: str):
    with pytest.raises(UsageError, match="cannot read"):
        expected(text, desc)


def test_observed_outcomes_in_words():
    assert outcome_in_words(Returns(Literal("I", 5))) == "returns 5"
    assert outcome_in_words(Throws("java.lang.IllegalStateException", "empty")) == \
        "throws java.lang.IllegalStateException: empty"


def test_the_dialog_asks_again_until_the_value_can_be_read():
    replies, shown = iter(["x", "r zero", "r 0"]), []
    answer = ask(Question("am.Pricing", "Pricing pricing = new Pricing();\npricing.shipping(100);", "returns 5"),
                 "2 of 7", "I", lambda: next(replies), shown.append)
    assert answer == Answer(Verdict.REJECT, "0")
    assert shown[:3] == ["am.Pricing: test 2 of 7", "    Pricing pricing = new Pricing();\n    pricing.shipping(100);",
                         "  observed: returns 5"]
    assert "  please answer a, r VALUE or s" in shown
    assert any(line.startswith("  cannot read 'zero' as a int") for line in shown)


def test_the_end_of_the_input_leaves_the_question_unanswered():
    def closed() -> str:
        raise EOFError

    assert ask(Question("am.Pricing", "pricing.discount(9);", "returns 0"), "1 of 1", "I", closed,
               lambda line: None) == Answer(None)
