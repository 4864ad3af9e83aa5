"""The checks of `java.util.Objects` that code calls before it goes on: `requireNonNull` and
`checkIndex`.

They throw where the argument fails them, so each is a decision like the JVM's own implicit checks:
a null argument (javac's check before a `switch` without `case null`, a constructor's guard), an
index outside `[0, length)`. The JDK's `checkIndex` returns the index it checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import z3

from jtc.svm.models.base import Model
from jtc.svm.models.strings import bounds_check
from jtc.svm.values import Ref, Sym, Value, concrete, primitive, reference, term_of

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

OBJECTS = "java/util/Objects"


class RequireNonNull(Model):
    """`Objects.requireNonNull(x[, message])` returns `x`, or throws NullPointerException. (Not the
    variant with a message Supplier: a lambda of the caller's may run before it throws.)"""

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.args[0], Ref) and call.args[0].null is not None

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        return vm.null_check(frame, reference(call.args[0]))

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        return vm.heap.bind(reference(call.args[0]), reference(reported).id or 0)


class CheckIndex(Model):
    """`Objects.checkIndex(index, length)` returns `index`, or throws IndexOutOfBoundsException."""

    def applies(self, call: PendingCall) -> bool:
        return any(isinstance(a, Sym) for a in call.args)

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        index, length = term_of(primitive(call.args[0]), "I"), term_of(primitive(call.args[1]), "I")
        out = z3.Or(index < 0, index >= length)  # a length may be negative here: then every index is out
        return bounds_check(vm, frame, out, not 0 <= concrete(primitive(call.args[0])) < concrete(primitive(call.args[1])))

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        return call.args[0]


MODELS: dict[tuple[str, str, str], Model] = {
    (OBJECTS, "requireNonNull", "(Ljava/lang/Object;)Ljava/lang/Object;"): RequireNonNull(),
    (OBJECTS, "requireNonNull", "(Ljava/lang/Object;Ljava/lang/String;)Ljava/lang/Object;"): RequireNonNull(),
    (OBJECTS, "checkIndex", "(II)I"): CheckIndex(),
}
