"""What a library model is: a description of how a library method's result depends on its inputs.

The JVM still computes every concrete result; a model only supplies the symbolic term of that
result (and the decisions the method makes on its arguments, such as bounds checks), so that
branches on it can be explored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jtc.svm.values import Ref, Sym, Value

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine


class Model:
    def applies(self, call: PendingCall) -> bool:
        """True when the call involves something symbolic this model can describe."""
        raise NotImplementedError

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        """Record the decisions the method makes before it returns; False if it throws (after vm.throw)."""
        return True

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        """The result: the JVM's value `reported` with the model's term."""
        raise NotImplementedError


def symbolic_arguments(call: PendingCall) -> bool:
    """Some argument of the call carries a term (a symbolic primitive, String, array or nullness):
    library code that computes its result from it without a model makes the result an approximation."""
    return any(isinstance(a, Sym) or (isinstance(a, Ref) and (a.string or a.array or a.null is not None))
               for a in call.args)
