"""Strings made from a pattern: the first is the shortest the pattern allows, in printable chars,
so that a long listing pattern still yields one the search can try (its String inputs hold at most
32 chars); whether Java matches them is checked by test_regex_semantics.py."""

from __future__ import annotations

from jtc.svm.models.regex_syntax import parse
from jtc.svm.models.regex_walk import examples, shortest_length

UNIX_LISTING = (r"([bcdelfmpSs-])(((r|-)(w|-)([xsStTL-]))((r|-)(w|-)([xsStTL-]))((r|-)(w|-)([xsStTL-])))\+?\s*"
                r"(\d+)\s+(?:(\S+(?:\s\S+)*?)\s+)?(?:(\S+(?:\s\S+)*)\s+)?(\d+(?:,\s*\d+)?)\s+"
                r"((?:\d+[-/]\d+[-/]\d+)|(?:\S{3}\s+\d{1,2})|(?:\d{1,2}\s+\S{3}))\s+(\d+(?::\d+)?)\s(.*)")


def test_the_shortest_walk_comes_first_in_printable_chars() -> None:
    regex = parse(r"(\d+)\s+(?:abc|d)x*(?:yz)?", 0)
    assert shortest_length(regex.node) == 3
    first = examples(regex, 3)[0]
    assert len(first) == 3 and first[1] == " " and first[2] == "d" and first[0].isdigit()


def test_a_listing_pattern_yields_a_string_the_search_can_try() -> None:
    regex = parse(UNIX_LISTING, 0)
    made = examples(regex, 3)
    assert len(made[0]) == shortest_length(regex.node) <= 32
    assert all(" " <= char <= "~" for char in made[0])
