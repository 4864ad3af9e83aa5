"""Records that are not the current instruction's: what happened while the VM was not looking.

An instruction that meets another record than its own (`Machine.take`) or that throws
(`Machine.throw`) hands over here. An ENTER is a nested frame (class initialisation, a callback from
library code); a HANDLER, a STMT_END or the end of the trace is an exception unwinding frames, to the
frame that catches it, out of the statement, or out of the trace; a VALUE or DONE of a frame further
down is library code that caught the exception and returned normally to an instrumented caller.
Anything else is a desync.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jtc.trace import records as rec
from jtc.trace.records import split_header

if TYPE_CHECKING:
    from jtc.svm.frames import Frame
    from jtc.svm.machine import Machine
    from jtc.svm.values import Ref


class Desync(Exception):
    """The trace and the VM's walk of the bytecode disagree: the replay cannot go on."""


def divert(vm: Machine, frame: Frame, expected: int) -> None:
    """`frame`'s instruction expected the record `expected` and the trace has another."""
    if vm.pos >= vm.end:
        unwind(vm)
        return
    tag, _, index, method_id = split_header(vm.data[vm.pos])
    if tag == rec.ENTER:
        vm.enter_nested()
    elif tag in (rec.HANDLER, rec.STMT_END):
        unwind(vm)
    elif tag in (rec.VALUE, rec.DONE) and _pending_frame(vm.frames, method_id, index) is not None:
        unwind(vm)
    else:
        raise Desync(f"{frame.method.qualified_name}#{frame.pc} expected {rec.TAG_NAMES[expected]}, "
                     f"trace has {vm.describe_next()}")


def unwind(vm: Machine, thrown: Ref | None = None) -> None:
    """An exception unwinds the frames to where the next record says it went; `thrown` is the
    exception object when instrumented code threw it."""
    frames = vm.frames
    if vm.pos >= vm.end:
        frames.clear()
        return
    tag, count, index, method_id = split_header(vm.data[vm.pos])
    if thrown is not None and tag in (rec.HANDLER, rec.STMT_END):
        exception_id = vm.data[vm.pos + (1 if tag == rec.HANDLER else 2)]
        vm.heap.bind(thrown, exception_id)
        vm.thrown_by_code.add(exception_id)
    if tag == rec.STMT_END:
        frames.clear()
        return
    if tag == rec.HANDLER:
        for depth in range(len(frames) - 1, -1, -1):
            frame = frames[depth]
            if frame.hbase >> 32 == method_id and _catches(frame, index):
                del frames[depth + 1:]
                exception_id = vm.data[vm.pos + 1]
                vm.pos += 1 + count
                frame.stack = [vm.heap.ref(exception_id)]
                frame.call = None
                frame.pc = index
                return
        raise Desync(f"HANDLER for a frame not on the stack: {vm.describe_next()}")
    caller = _pending_frame(frames, method_id, index) if tag in (rec.VALUE, rec.DONE) else None
    if caller is None:
        raise Desync(f"exception unwinding met {vm.describe_next()}")
    # Library code caught the exception and returned normally to an instrumented caller.
    del frames[caller + 1:]
    call = frames[caller].call
    assert call is not None
    call.returned, call.has_returned = None, False


def _pending_frame(frames: list[Frame], method_id: int, index: int) -> int | None:
    """The depth of the frame whose call at instruction `index` of method `method_id` is pending."""
    for depth in range(len(frames) - 1, -1, -1):
        frame = frames[depth]
        if frame.hbase >> 32 == method_id and frame.pc == index and frame.call is not None:
            return depth
    return None


def _catches(frame: Frame, handler_index: int) -> bool:
    pc = frame.pc
    return any(h.handler == handler_index and h.start <= pc < h.end for h in frame.method.handlers)
