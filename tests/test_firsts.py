"""The first item of each key (jtc/firsts.py)."""

from jtc.firsts import first_of_each


def test_keeps_the_first_of_each_key_in_order() -> None:
    assert first_of_each(["ab", "b", "ac", "c", "bd"], lambda word: word[0]) == ["ab", "b", "c"]


def test_skips_keys_already_seen() -> None:
    assert first_of_each([1, 2, 3, 4], lambda n: n % 3, seen={1}) == [2, 3]
    assert first_of_each([], len) == []
