"""Names of locals and test classes (emit/naming.py); how types are spelled and imported (emit/imports.py)."""

from __future__ import annotations

import pytest

from jtc.emit.imports import TypeNames
from jtc.emit import naming
from jtc.emit.naming import LocalNames, deduplicate, lower_camel, variable_base
from jtc.model.program import Construct, Invoke, VarRef

STACK = "com/example/IntStack"
STACK_REF = VarRef(0, f"L{STACK};")


def test_duplicate_names_are_numbered_in_order() -> None:
    names = ["gcdReturns6", "isEmptyReturnsTrue", "gcdReturns6", "isEmptyReturnsTrue", "gcdReturns6"]
    assert deduplicate(names) == ["gcdReturns6", "isEmptyReturnsTrue", "gcdReturns6_2", "isEmptyReturnsTrue2",
                                  "gcdReturns6_3"]


def test_deduplication_never_reuses_an_existing_name() -> None:
    assert deduplicate(["sizeReturns1", "sizeReturns12", "sizeReturns1"]) == \
        ["sizeReturns1", "sizeReturns12", "sizeReturns1_2"]


@pytest.mark.parametrize("name, expected", [
    ("IntStack", "intStack"), ("URLParser", "urlParser"), ("URL", "url"), ("X", "x"), ("already", "already"),
])
def test_lower_camel(name: str, expected: str) -> None:
    assert lower_camel(name) == expected


def test_local_names_come_from_types_and_calls() -> None:
    locals_ = LocalNames(["result"])
    assert locals_.allocate(variable_base(Construct(STACK, "()V", ()))) == "intStack"
    assert locals_.allocate(variable_base(Construct(STACK, "()V", ()))) == "intStack2"
    assert locals_.allocate(variable_base(Invoke(STACK, "getRoot", "()Lx/Node;", STACK_REF, ()))) == "root"
    assert locals_.allocate(variable_base(Invoke(STACK, "size", "()I", STACK_REF, ()))) == "size"
    assert locals_.allocate(variable_base(Invoke(STACK, "toArray", "()[I", STACK_REF, ()))) == "array"
    assert locals_.allocate(variable_base(Construct("com/x/Outer$Default", "()V", ()))) == "defaultValue"
    assert locals_.allocate("result") == "result2"


def test_test_class_names() -> None:
    assert naming.test_class_name("com/example/IntStack") == "IntStackTest"
    assert naming.test_class_name("com/example/Outer$Inner") == "OuterInnerTest"
    assert naming.test_class_name("Toplevel") == "ToplevelTest"


def test_type_names_import_what_is_unique_and_qualify_clashes() -> None:
    names = TypeNames("com.example", "IntStackTest", [
        "com/example/IntStack", "com/example/IntStack$Node", "java/util/List", "java/util/Map$Entry",
        "com/other/Node", "com/third/Node", "java/lang/String", "com/other/String", "com/other/IntStack",
        "org/junit/jupiter/api/Test",
    ])
    assert names.imports == ["java.util.List", "java.util.Map", "org.junit.jupiter.api.Test"]
    assert names.spell("Lcom/example/IntStack;") == "IntStack"
    assert names.spell("[Lcom/example/IntStack$Node;") == "IntStack.Node[]"
    assert names.spell("Ljava/util/Map$Entry;") == "Map.Entry"
    assert names.spell("Lcom/other/Node;") == "com.other.Node"
    assert names.spell("Lcom/other/String;") == "com.other.String"
    assert names.spell("Lcom/other/IntStack;") == "com.other.IntStack"
    assert names.spell("Ljava/lang/String;") == "String"
    assert names.spell("[[J") == "long[][]"


def test_a_same_package_class_shadows_java_lang() -> None:
    names = TypeNames("com.example", "FooTest", ["com/example/Object", "java/lang/Object"])
    assert names.spell("Lcom/example/Object;") == "Object"
    assert names.spell("Ljava/lang/Object;") == "java.lang.Object"
