"""Which calls read an object's state without changing it, and how a test states a returned object.

An observer is an accessible no-argument instance method, declared by the object's class or one of
the project classes it inherits from, that returns a value, declares no exceptions (the test method
would need a `throws` clause for it), and defines no field and stores into no array (the influence
analysis says so, through everything it calls). JDK methods are left out:
`hashCode` and `Object.toString` carry identity hashes; a `toString` the project declares is kept.

A *query* is the same with one argument of a primitive type or String (`get(key)`,
`containsKey(key)`, `contains(x)`); it may return an `Object` (a generic `V get(int)`), whose
answer the probe states by its runtime class. The test calls it with the values of that type it
already uses and with one it does not (`arguments`), so a map is asked for its keys and for a key
it lacks.

A returned object with no literal form can still be stated by a value read from it: a boxed
primitive by its primitive, an enum constant by its name, a collection or map of such values, or a
StringBuilder, by its `toString()`. `extractor` is the call that reads that value.

A class without getters shows its state in its fields: those a test of the class under test, in
its package, can read (public ones, and package-private or protected ones of a class in that package)
are observers too (`fields`), unless an observer method already reads them.
"""

from __future__ import annotations

import itertools
import math
import struct
from typing import Callable, Iterator

from jtc.analysis.influence import Effects
from jtc.model.classindex import ClassIndex
from jtc.model.classfile import ACC_ENUM, FieldDecl
from jtc.model.program import ArrayLiteral, Invoke, Literal, Program, VarRef
from jtc.model.types import (
    BOXES, CONTAINER_CLASSES, Descriptor, InternalName, OBJECT_DESC, PRIMITIVE_NAMES, STRING_DESC, element_type,
    internal_name, is_array, is_class_type, is_primitive, object_desc, package_of, parse_method_descriptor)

# The values of a query's parameter type that a test already uses, at most this many, are asked about.
MAX_QUERY_VALUES = 4

# Box class -> (unboxing method, its descriptor): `intValue ()I` for Integer.
UNBOXING = {box: (f"{PRIMITIVE_NAMES[letter]}Value", f"(){letter}") for letter, box in BOXES.items()}
# Builders of text: stated by their `toString()`, the text they hold.
TEXT_BUILDERS = frozenset({"java/lang/StringBuilder", "java/lang/StringBuffer"})
# No observer by these names: identity, reflection, copies, and views whose answers are objects.
_EXCLUDED = frozenset({"hashCode", "getClass", "clone", "iterator", "spliterator", "stream", "listIterator"})


def is_enum(index: ClassIndex, internal: InternalName) -> bool:
    info = index.lookup(internal)
    return info is not None and bool(info.access & ACC_ENUM) and info.super_name == "java/lang/Enum"


def enum_of(index: ClassIndex, internal: InternalName) -> InternalName | None:
    """The enum a runtime class is (or whose constant body it is), None for any other class."""
    if is_enum(index, internal):
        return internal
    info = index.lookup(internal)
    if info is not None and info.super_name and is_enum(index, info.super_name):
        return info.super_name
    return None


def is_container(index: ClassIndex, internal: InternalName) -> bool:
    return any(index.is_subtype(internal, kind) is True for kind in CONTAINER_CLASSES)


def extractor(index: ClassIndex, internal: InternalName, receiver: int) -> Invoke | None:
    """The call that reads the stateable value of an object of class `internal`, if it has one."""
    held = VarRef(receiver, object_desc(internal))
    if internal in UNBOXING:
        name, desc = UNBOXING[internal]
        return Invoke(internal, name, desc, held, ())
    if enum_of(index, internal) is not None:
        return Invoke(InternalName("java/lang/Enum"), "name", f"(){STRING_DESC}", held, ())
    if internal in TEXT_BUILDERS or is_container(index, internal):
        return Invoke(InternalName("java/lang/Object"), "toString", f"(){STRING_DESC}", held, ())
    return None


def size_reader(index: ClassIndex, internal: InternalName, receiver: int) -> Invoke | None:
    """The call that reads a collection's size, beside its text: `[]` is the text of an empty list
    and of a list of one empty String alike."""
    collection = InternalName("java/util/Collection")
    if index.is_subtype(internal, collection) is not True:
        return None
    return Invoke(collection, "size", "()I", VarRef(receiver, object_desc(internal)), ())


def _stateable(index: ClassIndex, returns: Descriptor) -> bool:
    """Whether a declared return type is one whose values a test can state."""
    if is_array(returns):
        element = element_type(returns)
        return not is_array(element) and (is_primitive(element) or element == STRING_DESC)
    if is_primitive(returns) or returns == STRING_DESC:
        return True
    if not is_class_type(returns):
        return False
    internal = internal_name(returns)
    return internal in UNBOXING or internal in TEXT_BUILDERS or is_enum(index, internal) or (
        internal.startswith("java/util/") and is_container(index, internal))


def _reads_only(effects: Callable[[str, str, str], Effects], owner: InternalName, name: str, desc: str) -> bool:
    effect = effects(owner, name, desc)
    return effect.complete and not effect.defs and not effect.array_stores


def _side_effect_free(index: ClassIndex, effects: Callable[[str, str, str], Effects], declared: InternalName,
                      wanted: Callable[[str], bool]) -> tuple[tuple[InternalName, str, str], ...]:
    """(owner, name, desc) of the accessible instance methods of `declared` and its project
    superclasses whose descriptor is `wanted` and that change nothing, most derived first."""
    found: dict[tuple[str, str], InternalName] = {}
    for owner, info in index.supertypes(declared):
        if info is None or owner.startswith(("java/", "javax/")):
            continue
        for method in sorted(info.methods, key=lambda m: (m.name, m.desc)):
            if (method.name, method.desc) in found or method.desc.endswith("V") or not wanted(method.desc):
                continue
            if method.name.startswith("<") or method.name in _EXCLUDED or not method.is_public \
                    or method.is_static or method.is_synthetic or method.is_abstract or method.exceptions:
                continue
            if _reads_only(effects, owner, method.name, method.desc):
                found[(method.name, method.desc)] = owner
    return tuple((owner, name, desc) for (name, desc), owner in found.items())


def observers(index: ClassIndex, effects: Callable[[str, str, str], Effects],
              declared: InternalName) -> tuple[tuple[InternalName, str, str], ...]:
    """(owner, name, desc) of the observers a test can call on a local declared as `declared`
    (internal name), most derived declaration first, in name order within a class."""
    return _side_effect_free(index, effects, declared,
                             lambda desc: desc.startswith("()") and _stateable(index, parse_method_descriptor(desc)[1]))


def _readable(field: FieldDecl, owner: InternalName, tested: InternalName) -> bool:
    """Whether a test of `tested`, in its package, may read the instance field `field` of `owner`."""
    if field.is_static or field.is_synthetic or field.is_private:
        return False
    return field.is_public or package_of(owner) == package_of(tested)


def fields(index: ClassIndex, effects: Callable[[str, str, str], Effects], declared: InternalName,
           tested: InternalName) -> tuple[tuple[InternalName, str, str], ...]:
    """(owner, name, field desc) of the instance fields of `declared` and its project superclasses
    that a test of the class `tested` (in its package) can read and state, most derived first, in
    declaration order within a class, without those an observer method reads: `getCount()` says
    what `count` says. A `toString()` is no such method: its text is for people, the fields are the
    state."""
    covered = {(ref.name, ref.desc) for owner, name, desc in observers(index, effects, declared)
               if name != "toString" for ref in effects(owner, name, desc).uses if not ref.is_static}
    found: list[tuple[InternalName, str, Descriptor]] = []
    hidden: set[str] = set()  # a field hides its superclasses' namesakes, readable or not
    owner: InternalName | None = declared
    while owner is not None and not owner.startswith(("java/", "javax/")):
        info = index.lookup(owner)
        if info is None:
            break
        for field in info.fields:
            if field.name not in hidden and _readable(field, owner, tested) and _stateable(index, field.desc) \
                    and (field.name, field.desc) not in covered:
                found.append((owner, field.name, field.desc))
        hidden.update(field.name for field in info.fields)
        owner = info.super_name
    return tuple(found)


def _query_parameter(desc: str) -> Descriptor | None:
    """The one parameter of a query's descriptor, when it is a primitive or a String."""
    parameters = parse_method_descriptor(desc)[0]
    return parameters[0] if len(parameters) == 1 and (is_primitive(parameters[0]) or parameters[0] == STRING_DESC) \
        else None


def queries(index: ClassIndex, effects: Callable[[str, str, str], Effects],
            declared: InternalName) -> tuple[tuple[InternalName, str, str], ...]:
    """(owner, name, desc) of the one-argument queries of a local declared as `declared`: a
    primitive or String parameter, a stateable answer or an `Object` one (stated by its runtime class)."""
    def wanted(desc: str) -> bool:
        returns = parse_method_descriptor(desc)[1]
        return _query_parameter(desc) is not None and (returns == OBJECT_DESC or _stateable(index, returns))
    return _side_effect_free(index, effects, declared, wanted)


def _passed(program: Program, parameter: Descriptor) -> Iterator[Literal]:
    """The literals of type `parameter` the statements of `program` pass, as arguments or as
    elements of an array argument (the words of a command line), in order."""
    for statement in program:
        for value in getattr(statement, "args", ()):
            if isinstance(value, Literal) and value.desc == parameter:
                yield value
            elif isinstance(value, ArrayLiteral) and value.desc == "[" + parameter:
                yield from (Literal(parameter, element) for element in value.elements if element is not None)


def arguments(program: Program, parameter: Descriptor, limit: int = MAX_QUERY_VALUES) -> tuple[Literal, ...]:
    """The values a test asks a query about: the literals of type `parameter` its statements pass
    (the keys it put, the words of an array it passed), at most `limit` of them, the first ones
    first, then one it does not use."""
    used = list(dict.fromkeys(_passed(program, parameter)))
    return (*used[:limit], *_absent(parameter, {value.value for value in used}))


def _above(value: float, single: bool) -> float | None:
    """A number greater than `value` (one more where that is exact), a float32 one for `single`
    (Literal floats hold values exact in their type); None past the largest finite one."""
    if not math.isfinite(value):
        return None
    candidate = value + 1.0 if value + 1.0 > value else math.nextafter(value, math.inf)
    if not single:
        return candidate if math.isfinite(candidate) else None
    try:
        rounded = struct.unpack(">f", struct.pack(">f", candidate))[0]
    except OverflowError:
        return None
    if rounded <= value:  # rounded back down: the next float32 up
        bits = struct.unpack(">i", struct.pack(">f", rounded))[0]
        rounded = struct.unpack(">f", struct.pack(">i", bits + 1 if rounded >= 0 else bits - 1))[0]
    return rounded if math.isfinite(rounded) else None


def _absent(parameter: Descriptor, used: set) -> tuple[Literal, ...]:
    """One value of type `parameter` the test does not use: past the largest number, a new String."""
    if parameter == STRING_DESC:
        texts = itertools.chain(("", "absent"), (f"absent{n}" for n in itertools.count(2)))
        return (Literal(STRING_DESC, next(text for text in texts if text not in used)),)
    if parameter == "Z":
        missing = [flag for flag in (False, True) if flag not in used]
        return (Literal(Descriptor("Z"), missing[0]),) if missing else ()
    if parameter in "FD":
        above = _above(max((float(v) for v in used), default=-1.0), parameter == "F")
        return (Literal(parameter, above),) if above is not None else ()
    numbers = [int(v) for v in used]
    candidate = max(numbers) + 1 if numbers else 0
    limit = {"B": 127, "S": 32767, "C": 65535}.get(parameter, 2 ** 31 - 1 if parameter == "I" else 2 ** 63 - 1)
    return (Literal(parameter, candidate),) if candidate <= limit else ()
