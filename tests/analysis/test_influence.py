"""Static influence facts on the container samples: class declarations, subtypes, nested classes,
and field/array effects followed through private helpers and overriding methods."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.analysis.influence import FieldRef, InfluenceAnalysis
from jtc.model.classfile import ClassFormatProblem, parse_class_file
from jtc.model.classindex import ClassIndex

PKG = "com/example/containers"


@pytest.fixture(scope="module")
def analysis(containers_engine, containers_classes: Path) -> InfluenceAnalysis:
    index = ClassIndex([containers_classes])

    def describe(name: str):
        containers_engine.load(name.replace("/", "."))
        return containers_engine.repository.get(name)

    return InfluenceAnalysis(containers_engine.repository, index, describe)


def test_class_files_name_super_class_and_interfaces(containers_classes: Path) -> None:
    declared = parse_class_file((containers_classes / PKG / "Circle.class").read_bytes())
    assert declared.name == f"{PKG}/Circle" and declared.super_name == f"{PKG}/Figure"
    assert declared.is_concrete
    with pytest.raises(ClassFormatProblem):
        parse_class_file(b"not a class file")


def test_subtypes_are_concrete_and_nested_classes_are_found(analysis: InfluenceAnalysis) -> None:
    assert analysis.subtypes(f"{PKG}/Figure") == (f"{PKG}/Circle", f"{PKG}/Square")
    assert analysis.subtypes(f"{PKG}/Circle") == (f"{PKG}/Circle",)
    assert analysis.index.nested(f"{PKG}/Outer") == (f"{PKG}/Outer$Counter", f"{PKG}/Outer$Range")


def test_effects_follow_calls_to_helpers(analysis: InfluenceAnalysis) -> None:
    monitor = f"{PKG}/TemperatureMonitor"
    warning = analysis.effects(monitor, "warning", "()Z")
    update = analysis.effects(monitor, "updateTemperature", "(D)V")
    assert FieldRef(monitor, "temperature", "D", False) in warning.uses  # through getTemperature()
    assert {f.name for f in update.defs} == {"temperature"} and {f.name for f in update.uses} == {"enabled"}
    assert update.influences(warning) and not warning.influences(update)


def test_virtual_calls_stand_for_every_implementation(analysis: InfluenceAnalysis) -> None:
    describe = analysis.effects(f"{PKG}/Shapes", "describe", f"(L{PKG}/Figure;)Ljava/lang/String;")
    assert {(f.owner, f.name) for f in describe.uses} >= {(f"{PKG}/Circle", "radius"), (f"{PKG}/Square", "side")}


def test_array_elements_and_recursion(analysis: InfluenceAnalysis) -> None:
    heap = f"{PKG}/HeapArray"
    insert = analysis.effects(heap, "insert", "(I)V")
    extract = analysis.effects(heap, "extractMax", "()I")
    assert "I" in insert.array_stores and "I" in extract.array_loads
    assert insert.influences(extract)
    remove = analysis.effects(f"{PKG}/BinSearchTree", "remove", "(I)Z")  # recursive private helper
    assert remove.complete and any(f.name == "left" for f in remove.defs)


MODERN = "com/example/modern"


@pytest.fixture(scope="module")
def modern(modern_engine, modern_classes: Path) -> InfluenceAnalysis:
    def describe(name: str):
        modern_engine.load(name.replace("/", "."))
        return modern_engine.repository.get(name)

    return InfluenceAnalysis(modern_engine.repository, ClassIndex([modern_classes]), describe)


def test_a_lambda_body_runs_where_its_stream_runs(modern: InfluenceAnalysis) -> None:
    count = modern.effects(f"{MODERN}/Basket", "countPricierThan", "(J)J")
    assert any(name.startswith("lambda$countPricierThan$") for _, name, _ in count.runs)
    assert FieldRef(f"{MODERN}/Basket$Line", "unitCents", "J", False) in count.uses
    total = modern.effects(f"{MODERN}/Basket", "total", "()J")  # Line::subtotal, a method reference
    assert (f"{MODERN}/Basket$Line", "subtotal", "()J") in total.runs


def test_adding_to_a_collection_field_defines_it(modern: InfluenceAnalysis) -> None:
    lines = FieldRef(f"{MODERN}/Basket", "lines", "Ljava/util/List;", False)
    add = modern.effects(f"{MODERN}/Basket", "add", "(Ljava/lang/String;IJ)V")
    size = modern.effects(f"{MODERN}/Basket", "size", "()I")
    assert lines in add.defs and lines not in size.defs
    assert add.influences(size) and not size.influences(add)


def test_a_records_equals_reads_its_components(modern: InfluenceAnalysis) -> None:
    equals = modern.effects(f"{MODERN}/Money", "equals", "(Ljava/lang/Object;)Z")
    assert {f.name for f in equals.uses} == {"cents", "currency"}
