"""The fallback search (solver/fallback.py) on the parts of a formatted text: a part grows in place."""

from __future__ import annotations

import random

import z3

from jtc.solver import fallback
from jtc.svm.models import strings  # noqa: F401  (sets z3's string encoding to the BMP)

TEXT = z3.String("text")
DIGITS = z3.Loop(z3.Range("0", "9"), 1, 3)
DOTTED = z3.Concat(DIGITS, z3.Re("."), DIGITS, z3.Re("."), DIGITS)


def _middle() -> z3.ArithRef:
    first_dot = z3.IndexOf(TEXT, z3.StringVal("."), 0)
    second_dot = z3.IndexOf(TEXT, z3.StringVal("."), first_dot + 1)
    return z3.StrToInt(z3.SubString(TEXT, first_dot + 1, second_dot - first_dot - 1))


def test_a_middle_part_of_a_format_grows_until_it_passes_its_bound():
    """`6.6.6` to a text whose middle part is above 255 and which still matches: only a character
    doubled where it stands reaches it (one added at the end grows the last part)."""
    constraints = [z3.InRe(TEXT, DOTTED), _middle() > 255]
    found = fallback.search(constraints, {"text": TEXT}, {"text": "Ljava/lang/String;"}, ["text"], {"text": "6.6.6"},
                            random.Random(0))
    assert found is not None
    first, middle, last = str(found["text"]).split(".")
    assert 255 < int(middle) <= 999 and first.isdigit() and last.isdigit() and len(first) <= 3 and len(last) <= 3


def test_length_moves_double_or_leave_out_each_character_and_stop_growing_at_the_limit():
    assert fallback._length_moves("ab") == ["aab", "abb", "b", "a"]
    assert fallback._length_moves("") == ["a"]
    assert all(len(text) < fallback.MAX_TEXT for text in fallback._length_moves("x" * fallback.MAX_TEXT))
    assert set(fallback._length_moves("x" * fallback.MAX_TEXT)) == {"x" * (fallback.MAX_TEXT - 1)}  # no `a` in its stead
