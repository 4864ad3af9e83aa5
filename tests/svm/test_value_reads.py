"""The typed reads of VM values: what the JVM's verifier guarantees, checked where a Value is read."""

from __future__ import annotations

import pytest
import z3

from jtc.svm.inputs import primitive_value
from jtc.svm.values import TOP, Ref, StringShadow, Sym, number, primitive, reference, string_shadow


def test_each_read_passes_the_kind_it_names() -> None:
    symbolic = Sym(3, z3.BitVec("x", 32))
    text = StringShadow(z3.String("s"), "ab", 4)
    assert number(7) == 7 and number(2.5) == 2.5
    assert primitive(symbolic) is symbolic and primitive(4) == 4
    ref = Ref(5, string=text)
    assert reference(ref) is ref
    assert string_shadow(ref) is text


@pytest.mark.parametrize("read, value", [
    (number, Sym(3, z3.BitVec("y", 32))), (number, Ref(1)), (primitive, Ref(1)), (primitive, TOP),
    (reference, 0), (reference, None), (string_shadow, Ref(2)),
])
def test_a_value_of_another_kind_is_a_fault_of_the_vm(read, value) -> None:
    """The replay reports an AssertionError as an internal fault at the instruction (Machine.run)."""
    with pytest.raises(AssertionError):
        read(value)


def test_a_primitive_input_without_a_value_is_zero_of_its_type() -> None:
    assert primitive_value({"n": 4}, "n", "I") == 4
    assert primitive_value({}, "n", "I") == 0 and isinstance(primitive_value({}, "d", "D"), float)
    with pytest.raises(AssertionError):
        primitive_value({"n": "text"}, "n", "I")
