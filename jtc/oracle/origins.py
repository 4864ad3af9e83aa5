"""Whose words an exception's message is: the code under test's, or the JVM's and the JDK's.

A test asserts a message only when the code under test wrote it (`throw new
IllegalArgumentException("amount must be positive")`, or a message it builds from its inputs). What
the JVM and the JDK write changes with the JDK and with how the class was compiled: the JVM's helpful
NullPointerException messages name locals only in classes compiled with `-g` (`"<local1>"` without),
and Java 20 rewrote String's index messages (`String index out of range: 5` became `Index 5 out of
bounds for length 3`). A test asserting them fails on another JDK.

The decision is read from where the exception was made, not from its text. The harness reports the
top frame of each thrown exception's stack (java-agent ThrowSites), which is where it was created:
a Throwable's stack is filled in by its constructor, whose own frames (and those of its
superclasses' constructors) the JVM leaves out, so the frame is the call of the constructor. The
replay knows which instructions of instrumented code ran. An exception is the code's when that frame
is a method of instrumented code that called a constructor of the exception's class on the frame's
line (a `new` that spans lines has its constructor call on the last). So an
exception the JVM raised (a null dereference) or the JDK made (`charAt` past the end) is not the
code's, even when the code catches and rethrows it (a `catch`, or the handler javac writes for a
`finally` or a `synchronized` block, rethrows with an `athrow` of its own); and an exception the
code made with only a cause (`new IllegalArgumentException(e)`) carries the cause's text
(`Throwable(Throwable)` sets the message to `cause.toString()`), which is not the code's either.
"""

from __future__ import annotations

from jtc.execution.runs import Execution
from jtc.model.classtable import MethodInfo
from jtc.model.opcodes import INVOKESPECIAL
from jtc.model.types import BinaryName, internal_from_binary, parse_method_descriptor

# Constructor parameters that make the message the cause's: Throwable(Throwable) and the subclasses
# that follow its contract.
_CAUSES = frozenset({"Ljava/lang/Throwable;", "Ljava/lang/Exception;", "Ljava/lang/RuntimeException;",
                     "Ljava/lang/Error;"})


def message_is_the_codes(execution: Execution, index: int) -> bool:
    """Whether the exception statement `index` threw was made, and its message written, by
    instrumented code (see the module's docstring)."""
    replay = execution.replay
    sites = execution.result.throw_sites
    site = sites[index] if index < len(sites) else None
    exception = execution.result.values[index] if index < len(execution.result.values) else None
    if replay is None or not site or not exception:
        return False
    frame = _frame(site)
    if frame is None:
        return False
    owner, name, desc, line = frame
    method = next((m for m in replay.visited if (m.owner, m.name, m.desc) == (owner, name, desc)), None)
    if method is None:
        return False  # the JDK's frame, or one of code that is not instrumented
    made = internal_from_binary(BinaryName(exception))
    constructors = [parse_method_descriptor(instruction.operands[2])[0]
                    for instruction in (method.instructions[i] for i in _ran_on_line(method, replay.visited[method], line))
                    if instruction.opcode == INVOKESPECIAL and tuple(instruction.operands[:2]) == (made, "<init>")]
    return bool(constructors) and not any(len(params) == 1 and params[0] in _CAUSES for params in constructors)


def _frame(site: str) -> tuple[str, str, str, int | None] | None:
    """(owner, name, descriptor, line) of a throw site `com.x.Foo.bar(I)V:12`; the line is None when
    the class has no line numbers. None without a descriptor (the class file was not found)."""
    where, _, line = site.rpartition(":")
    head, parenthesis, tail = where.partition("(")
    owner, _, name = head.rpartition(".")
    if not parenthesis or not owner:
        return None
    number = int(line) if line.lstrip("-").isdigit() else -1
    return internal_from_binary(BinaryName(owner)), name, parenthesis + tail, number if number >= 0 else None


def _ran_on_line(method: MethodInfo, visited: bytearray, line: int | None) -> list[int]:
    """The instructions of `method` that ran, on `line` (all of them when it is unknown)."""
    return [i for i, hit in enumerate(visited) if hit and (line is None or method.line_of(i) == line)]
