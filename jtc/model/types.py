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

PRIMITIVE_NAMES = {
    "Z": "boolean", "B": "byte", "C": "char", "S": "short",
    "I": "int", "J": "long", "F": "float", "D": "double", "V": "void",
}
BOXES = {
    "Z": "java/lang/Boolean", "B": "java/lang/Byte", "C": "java/lang/Character",
    "S": "java/lang/Short", "I": "java/lang/Integer", "J": "java/lang/Long",
    "F": "java/lang/Float", "D": "java/lang/Double",
}
STRING = "Ljava/lang/String;"
OBJECT = "Ljava/lang/Object;"
CHAR_SEQUENCE = "Ljava/lang/CharSequence;"
# The descriptor of each box and the primitive it holds.
UNBOXED = {f"L{box};": primitive for primitive, box in BOXES.items()}
# Reference types a primitive literal can be passed for (boxing conversion), and which primitive.
BOXABLE = UNBOXED | {
    OBJECT: "I", "Ljava/lang/Comparable;": "I", "Ljava/lang/Number;": "I", "Ljava/io/Serializable;": "I",
}
# Types a String literal can be passed for.
STRING_LIKE = frozenset({STRING, CHAR_SEQUENCE})
# The other types a boxed number stands for that a String is too: code that takes an Object tells
# text from numbers (`value instanceof CharSequence`), so each gets both kinds of literal.
TEXT_TOO = frozenset({OBJECT, "Ljava/lang/Comparable;", "Ljava/io/Serializable;"})
# The JVM computes with these four stack kinds; boolean, byte, char and short are ints there.
INT_LIKE = frozenset("ZBCSI")


def is_primitive(desc: str) -> bool:
    return len(desc) == 1 and desc in PRIMITIVE_NAMES and desc != "V"


def is_reference(desc: str) -> bool:
    return desc[0] in "L["


def is_array(desc: str) -> bool:
    return desc[0] == "["


def is_wide(desc: str) -> bool:
    """long and double take two local-variable slots."""
    return desc in ("J", "D")


def element_type(array_desc: str) -> str:
    if not is_array(array_desc):
        raise ValueError(f"not an array type: {array_desc}")
    return array_desc[1:]


def object_desc(internal_name: str) -> Descriptor:
    """'java/lang/String' -> 'Ljava/lang/String;'; array names are already descriptors."""
    return Descriptor(internal_name if internal_name.startswith("[") else f"L{internal_name};")


def internal_name(desc: str) -> InternalName:
    """'Ljava/lang/String;' -> 'java/lang/String'; array descriptors stay as they are."""
    return InternalName(desc[1:-1] if desc.startswith("L") else desc)


@functools.lru_cache(maxsize=4096)
def parse_method_descriptor(desc: str) -> tuple[tuple[str, ...], str]:
    """'(I[JLjava/lang/String;)V' -> (('I', '[J', 'Ljava/lang/String;'), 'V')."""
    if not desc.startswith("("):
        raise ValueError(f"bad method descriptor: {desc}")
    params: list[str] = []
    i = 1
    while desc[i] != ")":
        start = i
        while desc[i] == "[":
            i += 1
        if desc[i] == "L":
            i = desc.index(";", i)
        i += 1
        params.append(desc[start:i])
    return tuple(params), desc[i + 1:]


def binary_name(internal: str) -> BinaryName:
    """'com/example/Outer$Inner' -> 'com.example.Outer$Inner' (what Class.forName takes); a package's
    internal form 'com/example' becomes its name 'com.example' the same way."""
    return BinaryName(internal.replace("/", "."))


def internal_from_binary(binary: str) -> InternalName:
    """'com.example.Outer$Inner' -> 'com/example/Outer$Inner'; 'com.example' -> 'com/example'."""
    return InternalName(binary.replace(".", "/"))


def package_of(internal: str) -> str:
    """'com/example/Outer$Inner' -> 'com.example', the package's name as source code writes it."""
    return binary_name(internal.rpartition("/")[0])


def simple_source_name(internal: str) -> str:
    """'com/example/Outer$Inner' -> 'Outer.Inner', as source code names a nested class."""
    return internal.rpartition("/")[2].replace("$", ".")


def source_type(desc: str, qualify: bool = False) -> str:
    """Java source spelling of a descriptor: 'I' -> 'int', '[[Ljava/lang/String;' -> 'String[][]'."""
    dims = len(desc) - len(desc.lstrip("["))
    base = desc[dims:]
    if base in PRIMITIVE_NAMES:
        name = PRIMITIVE_NAMES[base]
    else:
        internal = internal_name(base)
        if qualify:
            name = binary_name(internal).replace("$", ".")
        elif internal.startswith("java/lang/") and internal.count("/") == 2:
            name = internal.rpartition("/")[2].replace("$", ".")
        else:
            name = simple_source_name(internal)
    return name + "[]" * dims


def slot_count(params: tuple[str, ...]) -> int:
    return sum(2 if is_wide(p) else 1 for p in params)
