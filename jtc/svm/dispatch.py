"""The opcode → handler table, and methods compiled into handler tuples once per run.

A compiled instruction is `(handler, opcode, *operands)` with operands as the class table gives
them; the interpreter loop calls `handler(vm, frame, instruction)`.
"""

from __future__ import annotations

import weakref
from typing import Callable

from jtc.model.classtable import MethodInfo
from jtc.svm import ops_arith, ops_control, ops_heap, ops_invoke, ops_stack

HANDLERS: dict[int, Callable] = {
    **ops_stack.HANDLERS, **ops_arith.HANDLERS, **ops_control.HANDLERS, **ops_heap.HANDLERS, **ops_invoke.HANDLERS,
}

_compiled: "weakref.WeakKeyDictionary[MethodInfo, list[tuple]]" = weakref.WeakKeyDictionary()


def compile_method(method: MethodInfo) -> list[tuple]:
    code = _compiled.get(method)
    if code is None:
        code = _compiled[method] = [(HANDLERS[entry[0]], *entry) for entry in method.code]
    return code
