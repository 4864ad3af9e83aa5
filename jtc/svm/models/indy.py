"""invokedynamic call sites whose result the VM can describe, by bootstrap method.

`StringConcatFactory.makeConcatWithConstants` (javac's `a + b` since Java 9): the recipe, a static
bootstrap argument, says which parts are constants and which are the call's arguments; the result is
z3's concatenation of the parts, so a String built from an input stays symbolic. A part the VM can
write itself is a String it knows (an input, a constant, a result of this model) or null, or a
primitive other than float and double (their decimal forms are Java's own); with any other part
(an object's toString, a float) the result is taken as reported, as every other indy result is.

`LambdaMetafactory` (lambdas and method references): the lambda object is built by the JDK; the VM
remembers what it captured and which method it runs (`Lambda`), see `Machine.lambdas` and
`restore_captured`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable

import z3

from jtc.model.types import Descriptor, is_reference, is_wide, parse_method_descriptor
from jtc.svm.concrete import same_value
from jtc.svm.values import CondSym, Ref, StringShadow, Sym, Value, concrete, primitive

if TYPE_CHECKING:
    from jtc.model.classtable import MethodInfo
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine


# A model of a bootstrap method: the call site's result from the call, the bootstrap's static
# arguments and the JVM's result, or None when the VM cannot describe it (the result stays the JVM's).
IndyModel = Callable[["Machine", "Frame", "PendingCall", list, Value], "Value | None"]

STRING_CONCAT = ("java/lang/invoke/StringConcatFactory", "makeConcatWithConstants")
ARGUMENT, CONSTANT = "\u0001", "\u0002"
# Longest decimal form of each primitive kind (Integer.MIN_VALUE, Long.MIN_VALUE, "false").
_MAX_LENGTH = {"I": 11, "S": 6, "B": 4, "J": 20, "C": 1, "Z": 5}

Part = tuple[z3.SeqRef, str, int]  # term, concrete text, longest possible length


def _decimal(term: z3.BitVecRef) -> z3.SeqRef:
    """Java's decimal form of a signed bit-vector (Integer.toString, Long.toString)."""
    number = z3.BV2Int(term, is_signed=True)
    return z3.If(number >= 0, z3.IntToStr(number), z3.Concat(z3.StringVal("-"), z3.IntToStr(-number)))


def _primitive(desc: str, value: Value) -> Part | None:
    if desc not in _MAX_LENGTH:
        return None  # float, double: Java's shortest-repr digits are not z3's
    value = primitive(value)
    plain = concrete(value)
    if desc == "Z":
        text = "true" if plain else "false"
    elif desc == "C":
        text = chr(int(plain))
    else:
        text = str(plain)
    if not isinstance(value, Sym):
        return z3.StringVal(text), text, len(text)
    if desc == "Z":
        cond = value.cond if isinstance(value, CondSym) else value.t != 0
        return z3.If(cond, z3.StringVal("true"), z3.StringVal("false")), text, 5
    if desc == "C":
        return z3.StrFromCode(z3.BV2Int(z3.Extract(15, 0, value.t))), text, 1
    return _decimal(value.t), text, _MAX_LENGTH[desc]


def _part(desc: Descriptor, value: Value) -> Part | None:
    if not is_reference(desc):
        return _primitive(desc, value)
    if not isinstance(value, Ref):
        return None
    null = z3.StringVal("null")
    if value.id == 0 and value.null is None:
        return null, "null", 4
    if desc != "Ljava/lang/String;" or value.string is None:
        return None  # an object's toString, or a String whose text only the JVM knows
    shadow = value.string
    if value.null is None:
        return shadow.term, shadow.value, shadow.max_length
    text = "null" if value.id == 0 else shadow.value  # a nullable input: "null" when it is null
    return z3.If(value.null, null, shadow.term), text, max(4, shadow.max_length)


def _constant(argument: list) -> Part | None:
    kind, value = argument[0], argument[1]
    if kind == "S":
        return z3.StringVal(value), value, len(value)
    if kind == "I":
        return z3.StringVal(str(value)), str(value), len(str(value))
    return None


def concat(vm: Machine, frame: Frame, call: PendingCall, bootstrap_args: list, reported: Value) -> Value | None:
    """The symbolic result of a string concatenation, or None when the VM cannot write it."""
    if not bootstrap_args or bootstrap_args[0][0] != "S" or not isinstance(reported, Ref):
        return None
    params = parse_method_descriptor(call.desc)[0]
    arguments = iter(zip(params, call.args))
    constants = iter(bootstrap_args[1:])
    parts: list[Part] = []
    literal = ""
    for unit in bootstrap_args[0][1]:
        if unit not in (ARGUMENT, CONSTANT):
            literal += unit
            continue
        if literal:
            parts.append((z3.StringVal(literal), literal, len(literal)))
            literal = ""
        part = _part(*next(arguments)) if unit == ARGUMENT else _constant(next(constants))
        if part is None:
            return None
        parts.append(part)
    if literal:
        parts.append((z3.StringVal(literal), literal, len(literal)))
    if all(z3.is_string_value(term) for term, _, _ in parts):
        return None  # nothing symbolic: the reported result is exact as it is
    term = z3.Concat(*(t for t, _, _ in parts)) if len(parts) > 1 else parts[0][0]
    text = "".join(t for _, t, _ in parts)
    if reported.string is not None and reported.string.value != text:
        return None  # the JVM handed back an object the VM knows otherwise: keep what it knows
    reported.string = StringShadow(term, text, sum(m for _, _, m in parts))
    return reported


# Method handle kinds of a lambda's body or a method reference the VM can follow (JVMS 4.4.8).
H_INVOKEVIRTUAL, H_INVOKESTATIC, H_INVOKESPECIAL, H_INVOKEINTERFACE = 5, 6, 7, 9


@dataclass(frozen=True)
class Lambda:
    """What a lambda object made by LambdaMetafactory runs: `impl` (owner, name, descriptor) with
    the `captured` values first (the receiver first when `impl` is an instance method), then the
    arguments of the interface method `sam` (its erased descriptor)."""

    impl: tuple[str, str, str]
    instance: bool
    captured: tuple[Value, ...]
    sam: str


def lambda_object(vm: Machine, frame: Frame, call: PendingCall, bootstrap_args: list,
                  reported: Value) -> Value | None:
    """LambdaMetafactory: the lambda object is the JVM's, but the VM remembers what it captured, so
    that the body sees the captured values with their terms when it runs (`restore_captured`)."""
    if not isinstance(reported, Ref) or len(bootstrap_args) < 3 or bootstrap_args[1][0] != "H" or bootstrap_args[0][0] != "M" or reported.id == 0:
        return None
    _, tag, owner, name, desc = bootstrap_args[1]
    if tag not in (H_INVOKEVIRTUAL, H_INVOKESTATIC, H_INVOKESPECIAL, H_INVOKEINTERFACE):
        return None  # a constructor reference: the VM does not follow it
    assert reported.id is not None
    vm.lambdas[reported.id] = Lambda((owner, name, desc), tag != H_INVOKESTATIC, tuple(call.args),
                                     bootstrap_args[0][1])
    return reported


def restore_captured(lambdas: Iterable[Lambda], method: MethodInfo, local_values: list[Value]) -> None:
    """A lambda body called from library code (a stream's filter) gets its captured values as
    recorded, i.e. concrete; when every one of the execution's `lambdas` that runs `method` and
    captured those values agrees on their terms, the body gets the terms back."""
    key = (method.owner, method.name, method.desc)
    slots = [0] if not method.is_static else []
    position = len(slots)
    for desc in method.params:
        slots.append(position)
        position += 2 if is_wide(desc) else 1
    chosen: tuple[Value, ...] | None = None
    for found in lambdas:
        captured = found.captured
        if found.impl != key or len(captured) > len(slots) or not all(
                same_value(concrete(primitive(v)), concrete(primitive(local_values[slot])))
                for v, slot in zip(captured, slots)
                if not isinstance(v, Ref)):
            continue
        if chosen is not None and any(a is not b for a, b in zip(chosen, captured) if isinstance(a, Sym)):
            return  # two lambda objects could be running it, with different terms: stay concrete
        chosen = captured
    for value, slot in zip(chosen or (), slots):
        if isinstance(value, Sym):
            local_values[slot] = value


# (bootstrap owner, bootstrap name) -> model.
MODELS: dict[tuple[str, str], IndyModel] = {
    STRING_CONCAT: concat,
    ("java/lang/invoke/LambdaMetafactory", "metafactory"): lambda_object,
    ("java/lang/invoke/LambdaMetafactory", "altMetafactory"): lambda_object,
}
