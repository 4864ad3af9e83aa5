"""From invokables to program statements: the one place that knows both vocabularies."""

from __future__ import annotations

import dataclasses

from jtc.model.program import Construct, FieldStore, Invoke, NewArray, Statement, Value, VarRef
from jtc.search.invokables import Invokable, InvokableKind


def statement_for(invokable: Invokable, receiver: VarRef | None, args: tuple[Value, ...]) -> Statement:
    kind = invokable.kind
    if kind == InvokableKind.NEW:
        return Construct(invokable.owner, invokable.desc, args, invokable.reflective)
    if kind in (InvokableKind.CALL, InvokableKind.STATIC, InvokableKind.FACTORY):
        return Invoke(invokable.owner, invokable.name, invokable.desc, receiver, args, invokable.reflective)
    if kind in (InvokableKind.PUT, InvokableKind.PUT_STATIC):
        return FieldStore(invokable.owner, invokable.name, invokable.desc, receiver, args, invokable.reflective)
    if kind == InvokableKind.ARRAY:
        return NewArray(invokable.desc, args)
    raise ValueError(f"unknown invokable kind {kind}")


def with_args(statement: Statement, args: tuple[Value, ...]) -> Statement:
    """The same statement with other argument values."""
    return dataclasses.replace(statement, args=args)
