"""What a library model is: a description of how a library method's result depends on its inputs.

The JVM still computes every concrete result; a model only supplies the symbolic term of that
result (and the decisions the method makes on its arguments, such as bounds checks), so that
branches on it can be explored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

import z3

from jtc.svm import path
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


def compared(vm: Machine, frame: Frame, labels: tuple[Hashable, Hashable], cond: z3.BoolRef, holds: bool) -> None:
    """A comparison the method makes on its arguments and hides in its result, as a decision of the
    path at the call: labels[0] where `cond` holds, else labels[1]; `holds` says which was taken."""
    vm.choose(frame, path.DecisionKind.COMPARISON, labels, cond, holds)


def ranked(vm: Machine, frame: Frame, outcomes: tuple[tuple[Hashable, z3.BoolRef], ...], taken: Hashable) -> None:
    """A comparison with more than two outcomes (less, equal, greater), as a decision of the path at
    the call; one the path already made the same way (a sort comparing the same two keys again)
    decides nothing."""
    conditions = dict(outcomes)
    key = conditions[taken].get_id()
    if vm.decided.get(key) is True:
        return
    vm.decided[key] = True
    vm.decide_many(frame, path.DecisionKind.COMPARISON, taken, conditions[taken],
                   tuple(outcome for outcome in outcomes if outcome[0] != taken))
