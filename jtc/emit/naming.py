"""Names a person would give to what a test declares: locals named after their type or the call that
made them (`intStack`, `root`), numbered apart within a test and never a Java keyword, and the test
class after the class under test. Test methods are named in method_names.py and distinct_names.py,
from values said in words (words.py).

Every function here is pure and deterministic, so identical suites get identical names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from jtc.model.program import Construct, FieldLoad, NewArray, NewCollection, Statement, Stub
from jtc.model.types import PRIMITIVE_NAMES, class_of, innermost_element, internal_name, is_class_type

JAVA_KEYWORDS = frozenset("""
    abstract assert boolean break byte case catch char class const continue default do double else enum
    extends final finally float for goto if implements import instanceof int interface long native new
    package private protected public return short static strictfp super switch synchronized this throw
    throws transient try void volatile while true false null var yield record
""".split())


_GETTER_PREFIX = re.compile(r"^(get|is|has|to|as|create|new)(?=[A-Z])")


def simple_class_name(internal: str) -> str:
    """'com/x/Outer$Inner' -> 'Inner'; anonymous and hidden classes have no usable simple name."""
    last = re.split(r"[/$.]", internal)[-1]
    return last if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", last) else ""


def test_class_name(class_under_test: str) -> str:
    """'com/x/Stack' -> 'StackTest'; a nested class keeps its outer names: 'OuterInnerTest'."""
    return class_under_test.rpartition("/")[2].replace("$", "") + "Test"


def lower_camel(name: str) -> str:
    """'IntStack' -> 'intStack', 'URLParser' -> 'urlParser', 'URL' -> 'url'."""
    match = re.match(r"^[A-Z]+", name)
    if not match:
        return name
    run = match.group(0)
    if len(run) == 1 or len(run) == len(name):
        return run.lower() + name[len(run):]
    return run[:-1].lower() + name[len(run) - 1:]


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _numbered(base: str, number: int) -> str:
    """'x' -> 'x2'; a name that already ends in a digit gets '_2' so the numbers stay apart."""
    return f"{base}_{number}" if base[-1:].isdigit() else f"{base}{number}"


def deduplicate(names: Iterable[str]) -> list[str]:
    """Second and later uses of a name get a number: gcdReturns6, gcdReturns6_2, …"""
    taken: set[str] = set()
    counts: dict[str, int] = {}
    result = []
    for name in names:
        candidate = name
        while candidate in taken:
            counts[name] = counts.get(name, 1) + 1
            candidate = _numbered(name, counts[name])
        taken.add(candidate)
        result.append(candidate)
    return result


class LocalNames:
    """Local variable names within one test method: unique, never a keyword or a reserved name."""

    def __init__(self, reserved: Iterable[str] = ()) -> None:
        self._taken = set(reserved)

    def allocate(self, base: str) -> str:
        if base in JAVA_KEYWORDS:
            base += "Value"
        name, number = base, 1
        while name in self._taken:
            number += 1
            name = _numbered(base, number)
        self._taken.add(name)
        return name


def variable_base(statement: Statement) -> str:
    """The name a person gives the result of `statement` before numbering: `intStack` for
    `new IntStack()`, `root` for `tree.getRoot()`, `size` for `list.size()`."""
    if isinstance(statement, Construct):
        return lower_camel(simple_class_name(statement.owner) or "object")
    if isinstance(statement, NewArray):
        element = innermost_element(statement.desc)
        named = class_of(element)
        simple = simple_class_name(named) if named is not None else PRIMITIVE_NAMES[element]
        return lower_camel(simple or "element") + "Array"
    if isinstance(statement, Stub):
        return lower_camel(simple_class_name(statement.owner) or "stub")
    if isinstance(statement, NewCollection):
        element = statement.element_descs[-1]
        if is_class_type(element) and not element.startswith("Ljava/") and not statement.is_map:
            return lower_camel(simple_class_name(internal_name(element)) or "element") + "s"
        return lower_camel(simple_class_name(internal_name(statement.desc)) or "collection")
    if isinstance(statement, FieldLoad):
        words = [w for w in statement.name.split("_") if w]
        if statement.name.isupper() and words:
            return words[0].lower() + "".join(w.capitalize() for w in words[1:])
        return lower_camel(statement.name)
    name = re.sub(r"[^A-Za-z0-9_]", "", statement.name) or "value"
    noun = _GETTER_PREFIX.sub("", name)
    result = statement.result_desc
    if noun == name and is_class_type(result) and not result.startswith("Ljava/"):
        return lower_camel(simple_class_name(internal_name(result)) or noun)  # Depot depot = Depots.open(9)
    return lower_camel(noun)
