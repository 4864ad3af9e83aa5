"""Enum constants by name: `Priority.valueOf(String)` with a symbolic name is a choice among the
constants (or an exception), so the solver can ask for any constant by its name.

javac writes every enum's `valueOf(String)` as `Enum.valueOf(Priority.class, name)`; the model
applies to that call when it is made from the enum's own `valueOf`, whose class table lists the
constants (the static fields flagged ACC_ENUM, in declaration order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import z3

from jtc.model.classfile import ACC_ENUM
from jtc.svm import path
from jtc.svm.models.base import Model
from jtc.svm.models.strings import string_term, symbolic_string
from jtc.svm.values import Value, reference, string_shadow

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

NONE, NULL = "no-such-constant", "null-name"


def constant_names(vm: Machine, frame: Frame) -> list[str] | None:
    """The constants of the enum whose synthetic valueOf(String) `frame` runs, else None."""
    method = frame.method
    info = vm.repository.get(method.owner)
    if info is None or not info.access & ACC_ENUM or method.name != "valueOf" or \
            method.desc != f"(Ljava/lang/String;)L{method.owner};":
        return None
    return [f.name for f in info.fields if f.access & ACC_ENUM and f.is_static]


class EnumValueOf(Model):
    def applies(self, call: PendingCall) -> bool:
        return symbolic_string(call.args[1])

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        names = constant_names(vm, frame)
        if not names:
            return True
        name = reference(call.args[1])
        text = string_term(name)
        present = z3.Not(name.null) if name.null is not None else z3.BoolVal(True)
        outcomes = {n: z3.And(present, text == z3.StringVal(n)) for n in names}
        outcomes[NONE] = z3.And(present, *(z3.Not(cond) for cond in outcomes.values()))
        if name.null is not None:
            outcomes[NULL] = name.null
        given = string_shadow(name).value
        taken = NULL if name.id == 0 else given if given in names else NONE
        vm.decide_many(frame, path.DecisionKind.MODEL, taken, outcomes[taken],
                       tuple((label, cond) for label, cond in outcomes.items() if label != taken))
        # When no constant has the name, Enum.valueOf throws, but only after the JDK asked the enum
        # for its values() (instrumented code, a nested frame): the exception arrives as the call's
        # outcome like any other, so the call goes ahead either way.
        return True

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        return reported


MODELS = {("java/lang/Enum", "valueOf", "(Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/Enum;"): EnumValueOf()}
