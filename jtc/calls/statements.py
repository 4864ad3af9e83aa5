"""From invokables to program statements: the one place that knows both vocabularies."""

from __future__ import annotations

import dataclasses

from jtc.model.program import (Construct, FieldLoad, FieldStore, Invoke, NewArray, NewCollection, Statement, Stub,
                               Value, VarRef)
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.model.types import Descriptor, OBJECT_DESC, parse_method_descriptor
from jtc.calls.jdk import MAPS


def statement_for(invokable: Invokable, receiver: VarRef | None, args: tuple[Value, ...]) -> Statement:
    kind = invokable.kind
    if kind == InvokableKind.NEW:
        return Construct(invokable.owner, invokable.desc, args, invokable.reflective)
    if kind in (InvokableKind.CALL, InvokableKind.STATIC):
        declared = parse_method_descriptor(invokable.desc)[1]
        return Invoke(invokable.owner, invokable.name, invokable.desc, receiver, args, invokable.reflective,
                      invokable.returns if invokable.returns != declared else None)
    if kind in (InvokableKind.PUT, InvokableKind.PUT_STATIC):
        return FieldStore(invokable.owner, invokable.name, Descriptor(invokable.desc), receiver, args, invokable.reflective)
    if kind == InvokableKind.GET_STATIC:
        return FieldLoad(invokable.owner, invokable.name, Descriptor(invokable.desc))
    if kind == InvokableKind.ARRAY:
        return NewArray(Descriptor(invokable.desc), args)
    if kind == InvokableKind.COLLECTION:
        width = 2 if invokable.owner in MAPS else 1
        elements = tuple(t.desc for t in invokable.types[:width]) or (OBJECT_DESC,) * width
        return NewCollection(invokable.owner, Descriptor(invokable.desc), elements, args, invokable.result_type)
    if kind == InvokableKind.STUB:
        return Stub(invokable.owner, invokable.desc, invokable.answers, args)
    raise ValueError(f"unknown invokable kind {kind}")


def with_args(statement: Statement, args: tuple[Value, ...]) -> Statement:
    """The same statement with other argument values."""
    return dataclasses.replace(statement, args=args)
