"""JVM type descriptors and class names: parsing, slot sizes, conversions and Java source spellings.

Everything in jtc names types by their JVM descriptor ("I", "[J", "Ljava/lang/String;") and classes
by their internal name ("com/example/Outer$Inner"), as the class files and the agent do; binary
names ("com.example.Outer$Inner") are what the JVM's reflection, the harness's answers and JUnit
speak. The three spellings are distinct types, and this module is where one becomes another.
"""

from __future__ import annotations

import functools
from typing import NewType

InternalName = NewType("InternalName", str)  # 'com/example/Outer$Inner'; array classes by their descriptor
BinaryName = NewType("BinaryName", str)  # 'com.example.Outer$Inner', as Class.getName() spells it
Descriptor = NewType("Descriptor", str)  # 'I', '[J', 'Lcom/example/Foo;'

PRIMITIVE_NAMES: dict[str, str] = {
    "Z": "boolean", "B": "byte", "C": "char", "S": "short",
    "I": "int", "J": "long", "F": "float", "D": "double", "V": "void",
}
BOXES: dict[str, InternalName] = {
    primitive: InternalName(f"java/lang/{box}") for primitive, box in {
        "Z": "Boolean", "B": "Byte", "C": "Character", "S": "Short",
        "I": "Integer", "J": "Long", "F": "Float", "D": "Double",
    }.items()
}
STRING_CLASS = InternalName("java/lang/String")
CHAR_SEQUENCE_CLASS = InternalName("java/lang/CharSequence")
# The JDK's containers: a test states one by its contents.
CONTAINER_CLASSES = (InternalName("java/util/Collection"), InternalName("java/util/Map"))
STRING_DESC = Descriptor("Ljava/lang/String;")
OBJECT_DESC = Descriptor("Ljava/lang/Object;")
CHAR_SEQUENCE_DESC = Descriptor("Ljava/lang/CharSequence;")
COMPARABLE_DESC = Descriptor("Ljava/lang/Comparable;")
SERIALIZABLE_DESC = Descriptor("Ljava/io/Serializable;")
# The descriptor of each box and the primitive it holds.
UNBOXED: dict[Descriptor, Descriptor] = {
    Descriptor(f"L{box};"): Descriptor(primitive) for primitive, box in BOXES.items()
}
# Reference types a primitive literal can be passed for (boxing conversion), and which primitive.
BOXABLE: dict[Descriptor, Descriptor] = UNBOXED | {
    desc: Descriptor("I")
    for desc in (OBJECT_DESC, COMPARABLE_DESC, Descriptor("Ljava/lang/Number;"), SERIALIZABLE_DESC)
}
# Types a String literal can be passed for.
STRING_LIKE = frozenset({STRING_DESC, CHAR_SEQUENCE_DESC})
# The other types a boxed number stands for that a String is too: code that takes an Object tells
# text from numbers (`value instanceof CharSequence`), so each gets both kinds of literal.
TEXT_TOO = frozenset({OBJECT_DESC, COMPARABLE_DESC, SERIALIZABLE_DESC})
# The JVM computes with these four stack kinds; boolean, byte, char and short are ints there.
INT_LIKE = frozenset("ZBCSI")


def is_primitive(desc: Descriptor) -> bool:
    return len(desc) == 1 and desc in PRIMITIVE_NAMES and desc != "V"


def is_reference(desc: Descriptor) -> bool:
    return desc[0] in "L["


def is_array(desc: Descriptor) -> bool:
    return desc[0] == "["


def is_class_type(desc: Descriptor) -> bool:
    """A class or interface type: a reference that is no array."""
    return desc.startswith("L")


def innermost_element(desc: Descriptor) -> Descriptor:
    """'[[Lcom/x/Node;' -> 'Lcom/x/Node;': what an array of any depth holds; other types stay."""
    return Descriptor(desc.lstrip("["))


def class_of(desc: Descriptor) -> InternalName | None:
    """The class a type names, an array's by its innermost element ('[Lcom/x/Node;' -> 'com/x/Node');
    None for primitives and arrays of them."""
    element = innermost_element(desc)
    return internal_name(element) if is_class_type(element) else None


def is_wide(desc: Descriptor) -> bool:
    """long and double take two local-variable slots."""
    return desc in ("J", "D")


def element_type(array_desc: Descriptor) -> Descriptor:
    if not is_array(array_desc):
        raise ValueError(f"not an array type: {array_desc}")
    return Descriptor(array_desc[1:])


def array_desc(element: Descriptor) -> Descriptor:
    """'I' -> '[I': the type of an array of `element`."""
    return Descriptor("[" + element)


def object_desc(internal_name: InternalName) -> Descriptor:
    """'java/lang/String' -> 'Ljava/lang/String;'; array names are already descriptors."""
    return Descriptor(internal_name if internal_name.startswith("[") else f"L{internal_name};")


def internal_name(desc: Descriptor) -> InternalName:
    """'Ljava/lang/String;' -> 'java/lang/String'; array descriptors stay as they are."""
    return InternalName(desc[1:-1] if desc.startswith("L") else desc)


@functools.lru_cache(maxsize=4096)
def parse_method_descriptor(desc: str) -> tuple[tuple[Descriptor, ...], Descriptor]:
    """'(I[JLjava/lang/String;)V' -> (('I', '[J', 'Ljava/lang/String;'), 'V')."""
    if not desc.startswith("("):
        raise ValueError(f"bad method descriptor: {desc}")
    params: list[Descriptor] = []
    i = 1
    while desc[i] != ")":
        start = i
        while desc[i] == "[":
            i += 1
        if desc[i] == "L":
            i = desc.index(";", i)
        i += 1
        params.append(Descriptor(desc[start:i]))
    return tuple(params), Descriptor(desc[i + 1:])


def binary_name(internal: InternalName) -> BinaryName:
    """'com/example/Outer$Inner' -> 'com.example.Outer$Inner' (what Class.forName takes); a package's
    internal form 'com/example' becomes its name 'com.example' the same way."""
    return BinaryName(internal.replace("/", "."))


def internal_from_binary(binary: BinaryName) -> InternalName:
    """'com.example.Outer$Inner' -> 'com/example/Outer$Inner'; 'com.example' -> 'com/example'."""
    return InternalName(binary.replace(".", "/"))


def package_of(internal: InternalName) -> str:
    """'com/example/Outer$Inner' -> 'com.example', the package's name as source code writes it."""
    return binary_name(InternalName(internal.rpartition("/")[0]))


def simple_source_name(internal: InternalName) -> str:
    """'com/example/Outer$Inner' -> 'Outer.Inner', as source code names a nested class."""
    return internal.rpartition("/")[2].replace("$", ".")


def source_type(desc: Descriptor, qualify: bool = False) -> str:
    """Java source spelling of a descriptor: 'I' -> 'int', '[[Ljava/lang/String;' -> 'String[][]'."""
    dims = len(desc) - len(desc.lstrip("["))
    base = desc[dims:]
    if base in PRIMITIVE_NAMES:
        name = PRIMITIVE_NAMES[base]
    else:
        internal = internal_name(Descriptor(base))
        if qualify:
            name = binary_name(internal).replace("$", ".")
        elif internal.startswith("java/lang/") and internal.count("/") == 2:
            name = internal.rpartition("/")[2].replace("$", ".")
        else:
            name = simple_source_name(internal)
    return name + "[]" * dims


def slot_count(params: tuple[Descriptor, ...]) -> int:
    return sum(2 if is_wide(p) else 1 for p in params)
