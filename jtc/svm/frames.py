"""Shadow frames of the symbolic VM and the call a frame is waiting on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from jtc.model.classtable import MethodInfo
from jtc.model.opcodes import INVOKEDYNAMIC, INVOKESTATIC
from jtc.model.types import is_wide, parse_method_descriptor
from jtc.svm.values import Ref, Value, reference

if TYPE_CHECKING:
    from jtc.svm.models.base import Model

# Why a frame exists: called by an instrumented invoke (its return value goes to the caller's
# pending call), run by the harness as a statement, or entered from elsewhere (class
# initialisation, a callback from uninstrumented code) so that its result goes nowhere we track.
CALL = 0
STATEMENT = 1
NESTED = 2


class PendingCall:
    """An invoke whose outcome the caller has not seen yet."""

    __slots__ = ("opcode", "owner", "name", "desc", "receiver", "args", "returned", "has_returned", "model")

    def __init__(self, opcode: int, owner: str, name: str, desc: str, receiver: Ref | None, args: list[Value]) -> None:
        self.opcode = opcode
        self.owner = owner
        self.name = name
        self.desc = desc
        self.receiver = receiver
        self.args = args  # one entry per declared parameter (no TOP slots)
        self.returned: Value | None = None
        self.has_returned = False  # an instrumented callee returned `returned`
        self.model: Model | None = None  # the library model that describes an uninstrumented callee, if any


class Frame:
    __slots__ = ("method", "code", "pc", "locals", "stack", "kind", "call", "visited", "hbase", "this_ref")

    def __init__(self, method: MethodInfo, method_id: int, code: list[tuple], local_values: list[Value],
                 kind: int, visited: bytearray) -> None:
        self.method = method
        self.code = code
        self.pc = 0
        # Locals and operand stack slots hold Values; the JVM's verifier, not Python, guarantees which
        # kind each instruction finds there (a reference for getfield, an int for iadd), so the
        # handlers take them as such without checks on the hot path.
        self.locals: list[Any] = local_values + [0] * (method.max_locals - len(local_values))
        self.stack: list[Any] = []
        self.kind = kind
        self.call: PendingCall | None = None
        self.visited = visited
        self.hbase = method_id << 32  # the method part of every record header this frame writes
        self.this_ref: Ref | None = reference(local_values[0]) if method.is_constructor else None

    @property
    def method_id(self) -> int:
        return self.hbase >> 32

    def __repr__(self) -> str:
        return f"<frame {self.method.qualified_name} pc={self.pc}>"


def pending_call(frame: Frame, opcode: int, owner: str, name: str, desc: str) -> PendingCall:
    """Pop an invoke's arguments (and receiver) off `frame`'s stack into a PendingCall."""
    params, _ = parse_method_descriptor(desc)
    stack = frame.stack
    args: list[Value] = []
    for param in reversed(params):
        if is_wide(param):
            stack.pop()
        args.append(stack.pop())
    args.reverse()
    receiver = None if opcode in (INVOKESTATIC, INVOKEDYNAMIC) else stack.pop()
    return PendingCall(opcode, owner, name, desc, receiver, args)
