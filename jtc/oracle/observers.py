"""Which calls read an object's state without changing it, and how a test states a returned object.

An observer is an accessible no-argument instance method, declared by the object's class or one of
the project classes it inherits from, that returns a value, declares no exceptions (the test method
would need a `throws` clause for it), and defines no field and stores into no array (the influence
analysis says so, through everything it calls). JDK methods are left out:
`hashCode` and `Object.toString` carry identity hashes; a `toString` the project declares is kept.

A returned object with no literal form can still be stated by a value read from it: a boxed
primitive by its primitive, an enum constant by its name, a collection or map of such values by its
`toString()`. `extractor` is the call that reads that value.
"""

from __future__ import annotations

from typing import Callable

from jtc.analysis.influence import Effects
from jtc.model.classindex import ClassIndex
from jtc.model.classfile import ACC_ENUM
from jtc.model.program import Invoke, VarRef
from jtc.model.types import BOXES, PRIMITIVE_NAMES, STRING, is_primitive

# Box class -> (unboxing method, its descriptor): `intValue ()I` for Integer.
UNBOXING = {box: (f"{PRIMITIVE_NAMES[letter]}Value", f"(){letter}") for letter, box in BOXES.items()}
# No observer by these names: identity, reflection, copies, and views whose answers are objects.
_EXCLUDED = frozenset({"hashCode", "getClass", "clone", "iterator", "spliterator", "stream", "listIterator"})


def is_enum(index: ClassIndex, internal: str) -> bool:
    info = index.lookup(internal)
    return info is not None and bool(info.access & ACC_ENUM) and info.super_name == "java/lang/Enum"


def enum_of(index: ClassIndex, internal: str) -> str | None:
    """The enum a runtime class is (or whose constant body it is), None for any other class."""
    if is_enum(index, internal):
        return internal
    info = index.lookup(internal)
    if info is not None and info.super_name and is_enum(index, info.super_name):
        return info.super_name
    return None


def is_container(index: ClassIndex, internal: str) -> bool:
    return any(index.is_subtype(internal, kind) is True for kind in ("java/util/Collection", "java/util/Map"))


def extractor(index: ClassIndex, internal: str, receiver: int) -> Invoke | None:
    """The call that reads the stateable value of an object of class `internal`, if it has one."""
    held = VarRef(receiver, f"L{internal};")
    if internal in UNBOXING:
        name, desc = UNBOXING[internal]
        return Invoke(internal, name, desc, held, ())
    if enum_of(index, internal) is not None:
        return Invoke("java/lang/Enum", "name", f"(){STRING}", held, ())
    if is_container(index, internal):
        return Invoke("java/lang/Object", "toString", f"(){STRING}", held, ())
    return None


def _stateable(index: ClassIndex, returns: str) -> bool:
    """Whether a declared return type is one whose values a test can state."""
    element = returns.lstrip("[")
    if returns.startswith("["):
        return returns.count("[") == 1 and (is_primitive(element) or element == STRING)
    if is_primitive(returns) or returns == STRING:
        return True
    if not returns.startswith("L"):
        return False
    internal = returns[1:-1]
    return internal in UNBOXING or is_enum(index, internal) or (
        internal.startswith("java/util/") and is_container(index, internal))


def observers(index: ClassIndex, effects: Callable[[str, str, str], Effects],
              declared: str) -> tuple[tuple[str, str, str], ...]:
    """(owner, name, desc) of the observers a test can call on a local declared as `declared`
    (internal name), most derived declaration first, in name order within a class."""
    found: dict[tuple[str, str], str] = {}
    for owner, info in index.supertypes(declared):
        if info is None or owner.startswith(("java/", "javax/")):
            continue
        for method in sorted(info.methods, key=lambda m: (m.name, m.desc)):
            if (method.name, method.desc) in found or not method.desc.startswith("()") or method.desc.endswith("V"):
                continue
            if method.name.startswith("<") or method.name in _EXCLUDED or not method.is_public \
                    or method.is_static or method.is_synthetic or method.is_abstract or method.exceptions:
                continue
            if not _stateable(index, method.desc[2:]):
                continue
            effect = effects(owner, method.name, method.desc)
            if effect.complete and not effect.defs and not effect.array_stores:
                found[(method.name, method.desc)] = owner
    return tuple((owner, name, desc) for (name, desc), owner in found.items())
