"""The conversions between the three spellings of a JVM type name."""

from __future__ import annotations

from jtc.model.types import binary_name, internal_from_binary, internal_name, object_desc, package_of, source_type


def test_internal_and_binary_names_convert_both_ways() -> None:
    assert binary_name("com/example/Outer$Inner") == "com.example.Outer$Inner"
    assert internal_from_binary("com.example.Outer$Inner") == "com/example/Outer$Inner"
    assert binary_name("com/example") == "com.example"  # a package
    assert internal_from_binary("Top") == binary_name("Top") == "Top"  # the default package


def test_array_classes_keep_their_descriptor_with_the_separators_changed() -> None:
    """Class.getName() of an array is its descriptor in binary form."""
    assert internal_from_binary("[Ljava.lang.String;") == "[Ljava/lang/String;"
    assert binary_name("[[I") == "[[I"


def test_descriptors_of_classes_and_arrays() -> None:
    assert object_desc("java/lang/String") == "Ljava/lang/String;"
    assert object_desc("[I") == "[I"
    assert internal_name("Ljava/lang/String;") == "java/lang/String"
    assert internal_name("[Ljava/lang/String;") == "[Ljava/lang/String;"


def test_packages_and_source_spellings() -> None:
    assert package_of("com/example/Outer$Inner") == "com.example"
    assert package_of("Top") == ""
    assert source_type("[Lcom/example/Outer$Inner;", qualify=True) == "com.example.Outer.Inner[]"
    assert source_type("Lcom/example/Outer$Inner;") == "Outer.Inner"
    assert source_type("Ljava/lang/String;") == "String"
