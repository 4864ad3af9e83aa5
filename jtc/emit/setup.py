"""A set-up every test of a class repeats, written once in a `@BeforeEach` method.

Tests of a class's instance members mostly start alike: `TreeMap treeMap = new TreeMap();`. When
every test method of the class starts with the same declaration of a local (and there are at least
MINIMUM_TESTS of them), that declaration becomes a field assigned in a `@BeforeEach` method, and
each test starts with its next line. JUnit makes a test instance per test method and runs the
method before each one (each case of a parameterized test too), so every test still runs the very
statement it ran first, right before its own statements: the tests stay independent and do what
they did, and each is a line shorter. A declaration that reads a parameterized test's parameter
stays where it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

MINIMUM_TESTS = 3  # fewer tests are shorter as they are than with a field and a method beside them

_DECLARATION = re.compile(r"(?P<type>[A-Za-z_$][\w$.]*(?:<.*>)?(?:\[\])*) (?P<name>[A-Za-z_$][\w$]*) = (?P<value>.+);")
_PARAMETER = re.compile(r"([A-Za-z_$][\w$]*)\s*(?:,|$)")


@dataclass(frozen=True)
class SetUp:
    """The field a `@BeforeEach` method assigns, as its type, name and value."""

    type: str
    name: str
    value: str


def shared_set_up(bodies: Sequence[Sequence[str]], parameters: Sequence[str]) -> SetUp | None:
    """The declaration every test body (of the test methods' `bodies`, with their `parameters`
    lists) starts with, when there is one to move to a `@BeforeEach` method."""
    if len(bodies) < MINIMUM_TESTS or any(not body for body in bodies):
        return None
    first = bodies[0][0]
    match = _DECLARATION.fullmatch(first)
    if match is None or any(body[0] != first for body in bodies):
        return None
    for listed in parameters:
        if any(re.search(rf"\b{re.escape(name)}\b", match["value"]) for name in _PARAMETER.findall(listed)):
            return None
    return SetUp(match["type"], match["name"], match["value"])
