"""The answers file: read, added to without losing what it holds, and refused when malformed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jtc.asking.answers import Answer, Question, Verdict, load, save
from jtc.errors import UsageError

SHIPPING = Question("am.Pricing", "Pricing pricing = new Pricing();\npricing.shipping(100);", "returns 5")
DISCOUNT = Question("am.Pricing", "Pricing pricing = new Pricing();\npricing.discount(9);", "returns 0")


def test_saved_answers_are_read_back_and_replaced_in_place(tmp_path: Path):
    path = tmp_path / "deep" / "answers.json"
    assert load(path) == {}
    save(path, [(SHIPPING, Answer(None)), (DISCOUNT, Answer(Verdict.SKIP))])
    save(path, [(SHIPPING, Answer(Verdict.REJECT, "0"))])
    assert load(path) == {("am.Pricing", SHIPPING.calls): Answer(Verdict.REJECT, "0"),
                          ("am.Pricing", DISCOUNT.calls): Answer(Verdict.SKIP)}
    entries = json.loads(path.read_text())["answers"]
    assert [entry["calls"] for entry in entries] == [SHIPPING.calls, DISCOUNT.calls]
    assert entries[0] == {"class": "am.Pricing", "calls": SHIPPING.calls, "observed": "returns 5",
                          "answer": "reject", "expected": "0"}


@pytest.mark.parametrize("text,words", [
    ("not json", "cannot read the answers in"),
    ('{"answers": [{"class": "am.Pricing", "calls": "x", "answer": "maybe"}]}', "answer 'maybe' is none of"),
    ('{"answers": [{"class": "am.Pricing", "calls": "x", "answer": "reject"}]}', "a rejected outcome needs the expected"),
    ('{"answers": [{"calls": "x", "answer": "accept"}]}', "cannot read the answers in"),
])
def test_a_malformed_file_is_a_usage_error(tmp_path: Path, text: str, words: str):
    path = tmp_path / "answers.json"
    path.write_text(text)
    with pytest.raises(UsageError, match=words):
        load(path)
