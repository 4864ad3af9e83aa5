"""The first item of each key, in order: the one shape of "skip what an earlier item already gave"
that the suite's minimisation (a program once), the tests beside the chosen ones (a test program
once) and the recipes (a type made once) share."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

T = TypeVar("T")


def first_of_each(items: Iterable[T], key: Callable[[T], Hashable], seen: Iterable[Hashable] = ()) -> list[T]:
    """The items of `items` whose key neither an earlier item nor `seen` has, in their order."""
    keys = set(seen)
    found = []
    for item in items:
        if key(item) not in keys:
            keys.add(key(item))
            found.append(item)
    return found
