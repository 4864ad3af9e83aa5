"""Boxing and unboxing: a wrapper object carries the symbolic primitive it was made from.

`Integer.valueOf(x)` returns an object the VM cannot look into; the model remembers `x` on it, and
`intValue()` (also what auto-unboxing compiles to) gives `x` back, so values keep their terms
through collections, generics and varargs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jtc.svm.concrete import same_value
from jtc.svm.models.base import Model
from jtc.svm.values import Ref, Sym, Value, number, reference

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

# Wrapper class -> (primitive descriptor, name of its unboxing method).
WRAPPERS = {
    "java/lang/Integer": ("I", "intValue"), "java/lang/Long": ("J", "longValue"),
    "java/lang/Short": ("S", "shortValue"), "java/lang/Byte": ("B", "byteValue"),
    "java/lang/Character": ("C", "charValue"), "java/lang/Boolean": ("Z", "booleanValue"),
    "java/lang/Float": ("F", "floatValue"), "java/lang/Double": ("D", "doubleValue"),
}


class Box(Model):
    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.args[0], Sym)

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        argument = call.args[0]
        assert isinstance(argument, Sym)  # as `applies` found it
        if isinstance(reported, Ref) and reported.id:
            return vm.heap.boxed(reported.id, argument, call.owner)
        return reported


class Unbox(Model):
    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.receiver, Ref) and call.receiver.boxed is not None

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        boxed = reference(call.receiver).boxed
        assert boxed is not None
        return boxed if same_value(boxed.c, number(reported)) else reported


WRAPPER_OF = {primitive: wrapper for wrapper, (primitive, _) in WRAPPERS.items()}

MODELS: dict[tuple[str, str, str], Model] = {}
for wrapper, (primitive, unbox_name) in WRAPPERS.items():
    MODELS[(wrapper, "valueOf", f"({primitive})L{wrapper};")] = Box()
    MODELS[(wrapper, unbox_name, f"(){primitive}")] = Unbox()
