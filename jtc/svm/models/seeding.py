"""Values the code compares its inputs against, kept as candidate inputs of later runs (dynamic
seeding, as EvoSuite does): `"true".equalsIgnoreCase(flag)`, `name.startsWith(prefix)`, the keys of a
map a lookup searched, the Strings a collection was made of (`Map.of("verbose", 2)`). Where no model gives the solver the condition (equalsIgnoreCase, matches, a
key put there by library code), trying the value the code compared with is the next best thing.
Only Strings the code itself made (constants, and what it built of them) count: an input's own value
is no news. Nor does a comparison a model of the String method decides (`token.startsWith("--")`,
`name.equals("all")`): the solver joins the input to the constant there, and a run of every new
skeleton on each such constant cost commons-cli's `DefaultParser` 386 of 600 executions for 5
branches (the search does each run again with its Strings set to the words seen)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

import z3

from jtc.svm.models import comparisons, strings, substrings
from jtc.svm.models.lookups import COLLECTIONS, MAPS
from jtc.svm.values import Ref

if TYPE_CHECKING:
    from jtc.svm.frames import PendingCall

_STRING_COMPARISONS = frozenset({"equals", "equalsIgnoreCase", "startsWith", "endsWith", "contains", "compareTo",
                                 "compareToIgnoreCase", "indexOf", "lastIndexOf", "matches", "contentEquals",
                                 "regionMatches"})
_KEYED = frozenset({"put", "putIfAbsent", "get", "getOrDefault", "containsKey", "remove", "add", "contains"})
_HOLDERS = frozenset(MAPS) | frozenset(COLLECTIONS)
_FACTORIES = frozenset({("java/util/Map", "of"), ("java/util/Map", "entry"), ("java/util/Set", "of"),
                        ("java/util/List", "of"), ("java/util/Arrays", "asList")})


_DECIDED = frozenset(key for models in (strings.MODELS, substrings.MODELS, comparisons.MODELS) for key in models)


def compared_strings(call: PendingCall) -> Iterator[str]:
    """The Strings of known, input-free contents that the call compares or looks up, where no model
    of the comparison makes it a decision of the path."""
    if not (call.owner == "java/lang/String" and call.name in _STRING_COMPARISONS
            and (call.owner, call.name, call.desc) not in _DECIDED
            or call.owner in _HOLDERS and call.name in _KEYED or (call.owner, call.name) in _FACTORIES):
        return
    for value in (call.receiver, *call.args):
        if isinstance(value, Ref) and value.string is not None and z3.is_string_value(value.string.term):
            yield value.string.value
