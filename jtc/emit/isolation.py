"""A test leaves the JVM as it found it: System.out and System.err swapped for buffers while its
statements print (what they printed is then one of its results), static fields it stores put back,
each in a `try`/`finally` (templates/blocks.java.j2), so the tests of a class pass in any order."""

from __future__ import annotations

from collections.abc import Sequence

from jtc.emit.assertions import Assertions
from jtc.emit.folding import WRITTEN, Slot
from jtc.emit.java_text import block
from jtc.model.program import FieldStore, Literal
from jtc.model.testcases import CheckKey, Console, Returns, TestCase
from jtc.model.types import InternalName, STRING_DESC

# What a test that prints to the console spells to capture it.
CAPTURING_CLASSES = tuple(map(InternalName, ("java/io/ByteArrayOutputStream", "java/io/PrintStream", "java/lang/System")))
# Per console stream: System's field and setter, the names of the buffer and of the stream put back.
_CONSOLE = {Console.OUT: ("out", "setOut", "output", "standardOut"),
            Console.ERR: ("err", "setErr", "errorOutput", "standardErr")}


def capture_start(case: TestCase, starts: Sequence[int]) -> int | None:
    """The body line from which the test captures the console (`starts`: each statement's first
    line), from the first statement that printed on; None when its statements print nothing."""
    since = [written.since for written in case.written if isinstance(written.target, Console)]
    return starts[min(since)] if since else None


def restoring_statics(lines: list[str], checks: dict[int, CheckKey],
                      assertions: Assertions) -> tuple[list[str], dict[int, CheckKey]]:
    """The test's lines with the values of the static fields it stores put back afterwards (the
    generator ran each sequence with fresh static state)."""
    expressions = assertions.expressions
    spelling = expressions.spelling
    stored = list(dict.fromkeys((s.owner, s.name, s.desc) for s in assertions.case.program
                                if isinstance(s, FieldStore) and s.receiver is None and not s.reflective))
    if not stored:
        return lines, checks
    saved, restored = [], []
    for owner, name, desc in stored:
        local = expressions.local_names.allocate(f"{name}Before")
        field = f"{spelling.spell_class(owner)}.{name}"
        saved.append(f"{spelling.spell(spelling.declared_type(desc))} {local} = {field};")
        restored.append(f"{field} = {local};")
    return _guarded(lines, checks, 0, saved, restored)


def capturing_console(lines: list[str], checks: dict[int, CheckKey], start: int,
                      assertions: Assertions) -> tuple[list[str], dict[int, CheckKey]]:
    """The test's lines with the console swapped for a buffer from line `start` on (capture_start),
    put back in a `finally`, and then the buffer's text stated: nothing reaches the console, and
    what a call printed is one of its results."""
    console = [(position, target, written) for position, written in enumerate(assertions.case.written)
               if isinstance(target := written.target, Console)]
    spelling = assertions.spelling
    local_names = assertions.expressions.local_names
    system = spelling.spell_class(InternalName("java/lang/System"))
    stream, buffer_type = spelling.spell_class(InternalName("java/io/PrintStream")), spelling.spell_class(InternalName("java/io/ByteArrayOutputStream"))
    made, saved, swapped, restored, stated = [], [], [], [], []
    for position, target, written in console:
        field, setter, buffer_base, standard_base = _CONSOLE[target]
        buffer, standard = local_names.allocate(buffer_base), local_names.allocate(standard_base)
        made.append(f"{buffer_type} {buffer} = new {buffer_type}();")
        saved.append(f"{stream} {standard} = {system}.{field};")
        swapped.append(f"{system}.{setter}(new {stream}({buffer}));")
        restored.append(f"{system}.{setter}({standard});")
        if written.text is not None:
            stated.append((assertions.state(Returns(Literal(STRING_DESC, written.text)), STRING_DESC, f"{buffer}.toString()",
                                            Slot(WRITTEN, position)), ("written", position)))
    wrapped, moved = _guarded(lines, checks, start, [*made, *saved, *swapped], restored)
    for line, key in stated:
        wrapped.append(line)
        moved[len(wrapped) - 1] = key
    return wrapped, moved


def _guarded(lines: list[str], checks: dict[int, CheckKey], start: int, before: list[str],
             restore: list[str]) -> tuple[list[str], dict[int, CheckKey]]:
    """`lines` from `start` on in a `try` block after the lines `before`, with `restore` in its
    `finally`; the checks moved with their lines."""
    wrapped = [*lines[:start], *block("guarded", before=before, body=lines[start:], restore=restore).split("\n")]
    shift = len(before) + 1
    return wrapped, {line + (shift if line >= start else 0): key for line, key in checks.items()}
