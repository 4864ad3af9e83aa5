"""Array copies done by the JDK: `Arrays.copyOf` and `System.arraycopy`.

The JVM copies the elements out of the VM's sight, so without a model every symbolic element of a
growing array (an ArrayList's or a heap's backing array) would turn concrete at the first resize,
and the path condition would no longer say what the branches on those elements depended on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jtc.svm.models.base import Model
from jtc.svm.values import Ref, Value, concrete, primitive, reference

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine


def _element(vm: Machine, array: Ref, index: int) -> Value | None:
    """The simulated element at `index`: a stored cell or an input element; None if only the JVM knows."""
    stored = vm.heap.cells.get((array, index))
    if stored is None and array.array is not None and array.array.inputs is not None:
        stored = array.array.inputs.get(index)
    return stored


def _copy(vm: Machine, source: Ref, start: int, target: Ref, at: int, count: int) -> None:
    """Copy `count` simulated elements; target cells the source does not simulate are forgotten."""
    elements = [_element(vm, source, start + i) for i in range(count)]
    heap = vm.heap
    for i, element in enumerate(elements):
        location = (target, at + i)
        heap.used((source, start + i))
        if element is None:
            heap.cells.pop(location, None)
        else:
            heap.cells[location] = element
        heap.defined(location)


class CopyOf(Model):
    """`Arrays.copyOf(original, newLength)`: the first min(length, newLength) elements carry over."""

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.args[0], Ref) and call.args[0].id != 0

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        original = reference(call.args[0])
        if isinstance(reported, Ref) and reported.id:
            length = max((index for (ref, index) in vm.heap.cells if ref is original and isinstance(index, int)),
                         default=-1) + 1
            if original.array is not None and original.array.inputs:
                length = max(length, max(original.array.inputs) + 1)
            _copy(vm, original, 0, reported, 0, min(length, int(concrete(primitive(call.args[1])))))
        return reported


class ArrayCopy(Model):
    """`System.arraycopy(src, srcPos, dest, destPos, length)`, applied before the call returns."""

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.args[0], Ref) and isinstance(call.args[2], Ref) and bool(call.args[0].id) \
            and bool(call.args[2].id)

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        source, target = reference(call.args[0]), reference(call.args[2])
        start, at, count = (int(concrete(primitive(call.args[i]))) for i in (1, 3, 4))
        _copy(vm, source, start, target, at, count)
        return True

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        return reported


MODELS: dict[tuple[str, str, str], Model] = {
    ("java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V"): ArrayCopy(),
}
for _element_desc in ("I", "J", "S", "B", "C", "Z", "F", "D", "Ljava/lang/Object;"):
    MODELS[("java/util/Arrays", "copyOf", f"([{_element_desc}I)[{_element_desc}")] = CopyOf()
