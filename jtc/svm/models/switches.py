"""Pattern `switch` (Java 21): the bootstraps `SwitchBootstraps.typeSwitch` and `enumSwitch`.

javac compiles `switch (o) { case Integer i when i > 10 -> …; case "x" -> …; default -> … }` into
an `invokedynamic` that takes the selector and a restart index and returns the index of the first
case label, from the restart index on, that the selector matches: -1 for null, the number of labels
when none matches; a `tableswitch` on that index follows, and a guard that fails jumps back with the
next index as the restart. The labels are the bootstrap's static arguments: classes (a type
pattern, a record pattern's type, `int.class` for a record component of primitive type from Java 23
on), Integer constants (also a Character's, by its char value), String constants and, in typeSwitch,
enum constants as `EnumDesc` (an `enumSwitch` names its enum's constants by String); the agent
writes the two dynamic constants as what they stand for (docs/trace-format.md).

The JDK computes the index; the model makes the decision among the indexes the selector can get
where it carries a term: a nullable input (-1 when it is null) and a String or a box whose value is
symbolic (which constant it equals, in the order of the labels). Types stay as the run made them,
as for `instanceof`: which class an object has is the search's choice of object, not a condition,
so a class label is settled by the selector's class, which the VM knows for Strings and boxes (the
final classes of java.lang below) and for nothing else. The indexes a selector of another class
would get are no outcomes of the decision (had they been, the switch's other cases would be proved
unreachable, which they are not). Of any other selector only the nullness is symbolic, a two-way
decision at the call (the other type cases come from other objects). The `tableswitch` that follows
switches on the concrete index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import z3

from jtc.model.types import Descriptor, STRING_CLASS, internal_name, is_primitive, parse_method_descriptor
from jtc.svm import path
from jtc.svm.models.boxes import WRAPPER_OF
from jtc.svm.values import Ref, Sym, Value, concrete, number, primitive, string_shadow

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

TYPE_SWITCH = ("java/lang/runtime/SwitchBootstraps", "typeSwitch")
ENUM_SWITCH = ("java/lang/runtime/SwitchBootstraps", "enumSwitch")

_CONSTANT_DESCRIBED = ("java/lang/constant/Constable", "java/lang/constant/ConstantDesc")
_COMMON = ("java/lang/Object", "java/io/Serializable", "java/lang/Comparable", "java/lang/constant/Constable")
# The supertypes of the classes whose values the VM follows (String, the boxes): final classes of
# java.lang, whose declarations the JLS fixes; a primitive selector (javac's for a record component
# of primitive type, from Java 23 on) matches its own type and its box's.
_BOXES = {
    **{box: frozenset((box, *_COMMON, "java/lang/Number", *_CONSTANT_DESCRIBED))
       for box in ("java/lang/Integer", "java/lang/Long", "java/lang/Float", "java/lang/Double")},
    **{box: frozenset((box, *_COMMON, "java/lang/Number")) for box in ("java/lang/Short", "java/lang/Byte")},
    **{box: frozenset((box, *_COMMON)) for box in ("java/lang/Character", "java/lang/Boolean")},
}
SUPERTYPES: dict[str, frozenset[str]] = {
    STRING_CLASS: frozenset((STRING_CLASS, *_COMMON, *_CONSTANT_DESCRIBED, "java/lang/CharSequence")),
    **_BOXES,
    **{desc: frozenset((desc, *_BOXES[box])) for desc, box in WRAPPER_OF.items()},
}
# Selectors an Integer label compares with: by their int value (a Character by its char value).
_INT_LABELLED = frozenset(("java/lang/Integer", "java/lang/Short", "java/lang/Byte", "java/lang/Character",
                           "I", "S", "B", "C"))

# (whether the label matches in this run, the condition under which it matches)
Match = tuple[bool, z3.BoolRef]


def _selector_class(target: Value, desc: str) -> str | None:
    """The class of a selector whose value the VM follows (a String, a box, a primitive: its
    descriptor), else None."""
    if not isinstance(target, Ref):
        return desc
    if target.string is not None:
        return STRING_CLASS
    if target.boxed is not None:
        return target.wrapper
    return None


def _number(target: Value) -> Sym | int | float:
    """The value of a primitive selector or in a box."""
    if isinstance(target, Ref):
        assert target.boxed is not None  # a box the VM follows
        return target.boxed
    return primitive(target)


def _matches(target: Value, owner: str, label: list) -> Match | None:
    """Whether the selector (of class `owner`, whose value the VM follows) matches one label, and
    when; None for a label the model does not know."""
    kind, value = label[0], label[1]
    if kind == "C":  # a class: a type pattern, whose outcome the selector's class settles
        name = internal_name(value)
        if name in SUPERTYPES[owner]:
            return True, z3.BoolVal(True)
        if is_primitive(Descriptor(owner)) and is_primitive(Descriptor(name)):  # a primitive is keyed by its descriptor
            return None  # a primitive pattern that converts (a preview of Java 23 to 25): by value
        return False, z3.BoolVal(False)
    if kind == "S":  # a String constant
        if owner != STRING_CLASS:
            return False, z3.BoolVal(False)
        shadow = string_shadow(target)
        equal = shadow.value == value
        return equal, z3.BoolVal(equal) if z3.is_string_value(shadow.term) else shadow.term == z3.StringVal(value)
    if kind == "I":  # an int constant
        if owner not in _INT_LABELLED:
            return False, z3.BoolVal(False)
        number = _number(target)
        equal = concrete(number) == value
        if not isinstance(number, Sym):
            return equal, z3.BoolVal(equal)
        return equal, number.t == z3.BitVecVal(value, number.t.size())
    if kind == "E":  # an enum constant: never a String, a box or a primitive
        return False, z3.BoolVal(False)
    return None


def _outcomes(matches: list[Match], restart: int, count: int) -> tuple[int, list[tuple[int, z3.BoolRef]]]:
    """The first label from `restart` on that matches in this run (`count` if none), and every index
    the switch can return for a selector of this class, with its condition."""
    found, outcomes, before = count, [], z3.BoolVal(True)
    for offset, (matched, cond) in enumerate(matches):
        if matched and found == count:
            found = restart + offset
        if z3.is_false(cond):
            continue
        outcomes.append((restart + offset, before if z3.is_true(cond) else z3.And(before, cond)))
        if z3.is_true(cond):
            return found, outcomes  # a class label this selector always matches: no later label is tried
        before = z3.And(before, z3.Not(cond))
    outcomes.append((count, before))
    return found, outcomes


def switch_index(vm: Machine, frame: Frame, call: PendingCall, bootstrap_args: list, reported: Value) -> Value | None:
    """typeSwitch: the label index as the JDK reports it, after the decision among the indexes a
    selector of its class can get. The index of any other selector depends on its class only,
    nullness aside."""
    target, restart = call.args[0], int(concrete(primitive(call.args[1])))
    index = int(number(reported))
    if isinstance(target, Ref) and target.id == 0 and target.null is None:
        return index  # null in every run
    owner = _selector_class(target, parse_method_descriptor(call.desc)[0][0])
    matches = [_matches(target, owner, label) for label in bootstrap_args[restart:]] if owner in SUPERTYPES else []
    known = [m for m in matches if m is not None]
    if owner not in SUPERTYPES or len(known) < len(matches):
        if not isinstance(target, Ref):
            return None  # the index depends on a primitive's value in ways the model does not know
        _decide_nullness(vm, frame, target)
        return index
    found, outcomes = _outcomes(known, restart, len(bootstrap_args))
    if not (isinstance(target, Ref) and target.id == 0) and found != index:
        vm.approximate()  # the JDK matched otherwise than the model says: keep the JDK's index
        if isinstance(target, Ref):
            _decide_nullness(vm, frame, target)
        return index
    if isinstance(target, Ref) and target.null is not None:
        present = z3.Not(target.null)
        outcomes = [(-1, target.null)] + [(i, z3.And(present, cond)) for i, cond in outcomes]
        if target.id != 0:
            target.null = None  # the decision says it is not null
    if len(outcomes) > 1:
        taken = dict(outcomes)[index]
        vm.decide_many(frame, path.DecisionKind.MODEL, index, taken, tuple((i, c) for i, c in outcomes if i != index))
    return index


def enum_switch_index(vm: Machine, frame: Frame, call: PendingCall, bootstrap_args: list,
                      reported: Value) -> Value | None:
    """enumSwitch (javac's for a switch with patterns on an enum, from Java 23 on): its String labels
    name constants of the selector's enum, a constant the run chose; only its nullness is symbolic."""
    target = call.args[0]
    if isinstance(target, Ref):
        _decide_nullness(vm, frame, target)
    return number(reported)


def _decide_nullness(vm: Machine, frame: Frame, target: Ref) -> None:
    """A nullable selector of a class the model does not follow: null (index -1) or not is a two-way
    decision; which label a non-null one matches is the JDK's."""
    if target.null is not None:
        vm.choose(frame, path.DecisionKind.NULL_CHECK, ("null", "nonnull"), target.null, target.id == 0)
        if target.id != 0:
            target.null = None


MODELS = {TYPE_SWITCH: switch_index, ENUM_SWITCH: enum_switch_index}
