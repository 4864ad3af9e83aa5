"""Which array types the pool builds with array constructors."""

from __future__ import annotations

from jtc.search.pool import object_arrays


def test_arrays_of_objects_get_constructors_down_every_dimension() -> None:
    consumed = ["[[Lt/Cell;", "I", "Lt/Board;", "[[I", "[Ljava/lang/Object;", "[[Lt/Cell;"]
    assert object_arrays(consumed) == ["[Ljava/lang/Object;", "[Lt/Cell;", "[[I", "[[Lt/Cell;"]


def test_arrays_an_input_can_stand_for_need_no_constructor() -> None:
    assert object_arrays(["[I", "[Z", "Ljava/lang/String;"]) == []
