"""The regex model against java.util.regex: a corpus of patterns (nested quantifiers, bounded
repetition, classes with intersections, Unicode categories, flags, anchors) and, for each, strings
made from the pattern, mutated, and random, answered by the real JVM (tests/fixtures/regexoracle).

For every pair the model's `sure` language never holds a string Java rejects and its `maybe`
language holds every string Java accepts (sure ⊆ Java ⊆ maybe), for matches(), lookingAt() and
find(); exact patterns have one language, equal to Java's; the Python form of the language that
decides membership of a run's string (regex_terms.accepts) is z3's. Group positions the model derives
(svm/models/regex_groups.py) are Java's. Patterns the model cannot state are counted, and are
exactly the non-regular ones.
"""

from __future__ import annotations

import random
import subprocess

import pytest
import z3

from jtc.svm.models.regex_groups import boundaries
from jtc.svm.models.regex_syntax import CASE_INSENSITIVE, COMMENTS, DOTALL, LITERAL, UNIX_LINES, NotRegular, \
    PatternError, parse
from jtc.svm.models.regex_terms import FIND, LOOKING_AT, MATCHES, accepts, language
from jtc.svm.models.regex_walk import examples
from tests.conftest import ROOT, compile_java

CORPUS: list[tuple[str, int]] = [
    (r"(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})", 0),
    (r"((25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(25[0-5]|2[0-4]\d|[01]?\d\d?)", 0),
    (r"(a+)+b", 0), (r"(a*)*", 0), (r"(a|ab)(c|bcd)(d*)", 0), (r"(?:x{2,3}){1,2}y?", 0),
    (r"[A-Za-z_][A-Za-z0-9_]{0,7}", 0), (r"\d{13,19}", 0), (r"^\s*[-+]?\d+(\.\d*)?\s*$", 0),
    (r"([A-Z]{2})-(\d{4})-([0-9A-F])", 0), (r"(\w+)@(\w+)\.com", 0), (r"[a-z&&[^aeiou]]+", 0),
    (r"[^\d\s]+", 0), (r"[\p{Lu}][\p{Ll}]*", 0), (r"\p{L}+\p{Nd}?", 0), (r"\P{Alpha}*", 0),
    (r"abc", CASE_INSENSITIVE), (r"[a-f]+x", CASE_INSENSITIVE), (r"(?i)k[^k]", 0), (r"a.c", 0), (r"a.c", DOTALL),
    (r"a.c", UNIX_LINES), (r"^ab|cd$", 0), (r"x$", 0), (r"x$", UNIX_LINES), (r"\Ax\z", 0), (r"x\Z", 0),
    (r"a b # comment\n c", COMMENTS), (r"a.b", LITERAL), (r"\Qa.b\E+", 0), (r"[\x41-\x43\u00e9\0101]+", 0),
    (r"\t\n\x{263A}\cA", 0), (r"(?<year>\d{4})-(?<month>\d\d)", 0), (r"(\S+)\s+(\S+)\s+(\d+)", 0),
    (r"[]a]", 0), (r"[a-]+", 0), (r"[-a]+", 0), (r"\h\v\H", 0), (r"\p{Punct}\p{XDigit}\p{Graph}", 0),
    (r"(a)\1", 0), (r"a(?=b)", 0), (r"a*+b", 0), (r"(?>a|ab)c", 0), (r"\bword\b", 0), (r"a{,3}", 0),
    (r"([bcdelfmpSs-])(((r|-)(w|-)([xsStTL-]))((r|-)(w|-)([xsStTL-]))((r|-)(w|-)([xsStTL-])))\+?\s*(\d+)\s+"
     r"(\S+)\s+", 0),
]
NON_REGULAR = {r"(a)\1", r"a(?=b)", r"a*+b", r"(?>a|ab)c", r"\bword\b"}
ALPHABET = "aAbBkK019 .-_@\t\n\r\u00e9\u212a\u0660\ud83d\ude00x#"


def _hex(text: str) -> str:
    return "".join(f"{ord(c):04x}" for c in text)


def _strings(pattern: str, flags: int, rng: random.Random) -> list[str]:
    made: list[str] = []
    try:
        made = [*examples(parse(pattern, flags), 12, seed=1), *examples(parse(pattern, flags), 12, seed=rng.randint(2, 999))]
    except (NotRegular, PatternError):
        pass
    mutated = []
    for text in made:
        position = rng.randint(0, len(text))
        mutated += [text[:position] + rng.choice(ALPHABET) + text[position:], text[:position] + text[position + 1:],
                    text + "\n", text + "\r\n"]
    randoms = ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 8))) for _ in range(16)]
    return made + mutated + randoms + ["", "x", "ab", "abc"]


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int, str], list[str]]:
    classes = compile_java(ROOT / "tests" / "fixtures" / "regexoracle", tmp_path_factory.mktemp("oracle"))
    rng = random.Random(7)
    cases = [(pattern, flags, text) for pattern, flags in CORPUS for text in _strings(pattern, flags, rng)]
    lines = "".join(f"{_hex(p)} {f} {_hex(t)}\n" for p, f, t in cases)
    run = subprocess.run(["java", "-cp", str(classes), "RegexOracle"], input=lines, capture_output=True, text=True,
                         check=True, encoding="utf-8")
    return {case: answer.split() for case, answer in zip(cases, run.stdout.splitlines())}


def _member(text: str, re: z3.ReRef) -> bool:
    """z3's answer: its rewriter's where it decides, else its solver's (large unions of ranges)."""
    simplified = z3.simplify(z3.InRe(z3.StringVal(text), re))
    if z3.is_true(simplified) or z3.is_false(simplified):
        return z3.is_true(simplified)
    solver = z3.Solver()
    solver.add(simplified)
    return solver.check() == z3.sat


def test_the_model_never_says_matches_where_java_says_no(answers):
    stated, not_regular, checked = set(), set(), 0
    for (pattern, flags, text), answer in answers.items():
        if answer == ["error"]:
            with pytest.raises((PatternError, NotRegular)):
                parse(pattern, flags)
            continue
        try:
            regex = parse(pattern, flags)
            languages = {mode: language(regex, mode) for mode in (MATCHES, LOOKING_AT, FIND)}
        except NotRegular:
            not_regular.add((pattern, flags))
            continue
        stated.add((pattern, flags))
        if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
            continue  # the models ask for strings without surrogates (regex_terms.NO_SURROGATE)
        for mode, java in zip((MATCHES, LOOKING_AT, FIND), answer[:3]):
            found = languages[mode]
            checked += 1
            assert accepts(regex, mode, text) == _member(text, found.sure), (pattern, flags, text, mode)
            if _member(text, found.sure):
                assert java == "1", (pattern, flags, text, mode, "sure says it matches")
            if java == "1":
                assert _member(text, found.maybe), (pattern, flags, text, mode, "maybe misses it")
            if found.exact:
                assert _member(text, found.sure) == (java == "1"), (pattern, flags, text, mode)
    assert {pattern for pattern, _ in not_regular} == NON_REGULAR
    assert len(stated) == len(CORPUS) - len(NON_REGULAR) - 1  # a{,3}: Java refuses it too
    assert checked > 3000


def test_strings_made_from_a_pattern_are_strings_java_matches(answers):
    made = 0
    for pattern, flags in CORPUS:
        try:
            texts = examples(parse(pattern, flags), 12, seed=1)
        except (NotRegular, PatternError):
            continue
        for text in texts:
            answer = answers.get((pattern, flags, text))
            if answer is not None:
                made += 1
                assert answer[0] == "1", (pattern, text)
    assert made > 100


def test_group_positions_the_model_derives_are_java_s(answers):
    derived = 0
    for (pattern, flags, text), answer in answers.items():
        if answer == ["error"] or answer[0] != "1" or any(0xD800 <= ord(c) <= 0xDFFF for c in text):
            continue
        try:
            regex = parse(pattern, flags)
        except NotRegular:
            continue
        spans = [tuple(map(int, pair.split(","))) for pair in answer[3:]]
        term = z3.StringVal(text)
        for group, positions in boundaries(regex, term).items():
            start, end = (z3.simplify(position) for position in positions)
            assert (start.as_long(), end.as_long()) == spans[group - 1], (pattern, text, group)
            derived += 1
    assert derived > 300
