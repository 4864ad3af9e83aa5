"""Readers over a symbolic text: what `read()` gives back is the text's next char.

A parser that reads its input from a `Reader` (a lexer over `new StringReader(text)`, through a
`BufferedReader` and subclasses of it) decides on each char it reads, but the chars come out of JDK
code the VM does not trace: without a model no branch on them has a condition, and the search can
only hope for the text it needs. So the VM follows the text from the reader made of it (a statement
of the test or code of the project: `new StringReader(s)`) through the readers that wrap it
(`new BufferedReader(reader)`, a subclass's `super(reader)`), all sharing one position: `read()` is
the char at the position (the decision "the text goes on", or its end, -1),
`mark`/`reset` move the position back, and the reads the VM does not describe (into an array, a
line, a skip) move it by what they consumed, their results taken as the run's.

A read whose char differs from the VM's own count (the code read the underlying reader directly after
wrapping it, say) ends the following of that text: its reads are then the run's, counted as
approximations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import z3

from jtc.svm import path
from jtc.svm.models.base import Model
from jtc.svm.models.strings import symbolic_string
from jtc.svm.values import Ref, Sym, Value, number, string_shadow

if TYPE_CHECKING:
    from jtc.svm.frames import Frame, PendingCall
    from jtc.svm.machine import Machine

MADE_OF_TEXT = ("java/io/StringReader", "java/io/BufferedReader", "java/io/LineNumberReader", "java/io/PushbackReader")
READERS = ("java/io/Reader", "java/io/StringReader", "java/io/BufferedReader", "java/io/CharArrayReader",
           "java/io/FilterReader", "java/io/PushbackReader", "java/io/LineNumberReader")
LINE_BREAKS = "\n\r"


@dataclass
class Text:
    """A symbolic text some readers read, and how far they have read it."""

    term: z3.SeqRef
    value: str
    position: int = 0
    mark: int = 0
    followed: bool = True


class Texts:
    """The texts of one execution's readers, by reader (its object id, or its Ref before a record
    told the id: a reader under construction)."""

    def __init__(self) -> None:
        self._by_reader: dict[object, Text] = {}

    @staticmethod
    def _names(reader: Ref) -> list[object]:
        return [reader.id, reader] if reader.id else [reader]

    def of(self, reader: Value | None) -> Text | None:
        if not isinstance(reader, Ref):
            return None
        for name in self._names(reader):
            found = self._by_reader.get(name)
            if found is not None:
                if reader.id:  # known by its id from now on, whichever Ref stands for it
                    self._by_reader[reader.id] = found
                return found if found.followed else None
        return None

    def read_by(self, reader: Ref, text: Text) -> None:
        self._by_reader[self._names(reader)[0]] = text


def made_reader(texts: Texts, reader: Ref, owner: str, desc: str, argument: Value | None) -> None:
    """A reader was constructed (by a statement or by instrumented code): of a symbolic text, or
    wrapping a reader whose text the VM follows."""
    if owner in ("java/io/StringReader",) and symbolic_string(argument):
        shadow = string_shadow(argument)
        texts.read_by(reader, Text(shadow.term, shadow.value))
    elif desc.startswith("(Ljava/io/Reader;") and (text := texts.of(argument)) is not None:
        texts.read_by(reader, text)


class MakeReader(Model):
    """`new StringReader(text)`, `new BufferedReader(reader)` and a subclass's `super(reader)`,
    called by instrumented code (a void call: noted before it runs)."""

    def applies(self, call: PendingCall) -> bool:
        return isinstance(call.receiver, Ref) and bool(call.args)

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        made_reader(vm.texts, call.receiver, call.owner, call.desc, call.args[0])  # type: ignore[arg-type]
        return True


class Read(Model):
    """`read()`: the text's next char, or -1 at its end; either way a decision on the text's length."""

    def applies(self, call: PendingCall) -> bool:
        return True

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        text = vm.texts.of(call.receiver)
        if text is None:
            return reported
        char = int(number(reported))
        at_end = char == -1
        expected = -1 if text.position >= len(text.value) else ord(text.value[text.position])
        if char != expected:  # the text was read elsewhere too: no longer followed
            text.followed = False
            vm.approximate()
            return reported
        more = z3.Length(text.term) > text.position
        vm.choose(frame, path.DecisionKind.MODEL, ("more", "end"), more, not at_end)
        if at_end:
            return reported
        code = z3.Int2BV(z3.StrToCode(z3.SubString(text.term, text.position, 1)), 32)
        text.position += 1
        return Sym(char, code)


class MarkOrReset(Model):
    """`mark(limit)` keeps the position; `reset()` goes back to it."""

    def __init__(self, reset: bool) -> None:
        self.reset = reset

    def applies(self, call: PendingCall) -> bool:
        return True

    def before(self, vm: Machine, frame: Frame, call: PendingCall) -> bool:
        text = vm.texts.of(call.receiver)
        if text is not None:
            if self.reset:
                text.position = text.mark
            else:
                text.mark = text.position
        return True


class Consume(Model):
    """A read the VM does not describe: it consumed what it returned (`read(buf, off, len)`, `skip`)
    or a line (`readLine`); its result is the run's."""

    def __init__(self, line: bool = False) -> None:
        self.line = line

    def applies(self, call: PendingCall) -> bool:
        return True

    def after(self, vm: Machine, frame: Frame, call: PendingCall, reported: Value) -> Value:
        text = vm.texts.of(call.receiver)
        if text is None:
            return reported
        if self.line:
            text.position = _after_line(text.value, text.position)
        elif isinstance(reported, (int, Sym)) and number(reported) > 0:
            text.position += int(number(reported))
        vm.approximate()  # the result came from the text without a term
        return reported


def _after_line(value: str, position: int) -> int:
    """Where BufferedReader.readLine leaves off: past the next \\n, \\r or \\r\\n, or at the end."""
    for index in range(position, len(value)):
        if value[index] == "\r":
            return index + 2 if index + 1 < len(value) and value[index + 1] == "\n" else index + 1
        if value[index] == "\n":
            return index + 1
    return len(value)


MODELS: dict[tuple[str, str, str], Model] = {
    ("java/io/StringReader", "<init>", "(Ljava/lang/String;)V"): MakeReader(),
    ("java/io/BufferedReader", "<init>", "(Ljava/io/Reader;)V"): MakeReader(),
    ("java/io/BufferedReader", "<init>", "(Ljava/io/Reader;I)V"): MakeReader(),
    ("java/io/LineNumberReader", "<init>", "(Ljava/io/Reader;)V"): MakeReader(),
    ("java/io/PushbackReader", "<init>", "(Ljava/io/Reader;)V"): MakeReader(),
}
for _reader in READERS:
    MODELS.update({
        (_reader, "read", "()I"): Read(),
        (_reader, "mark", "(I)V"): MarkOrReset(reset=False),
        (_reader, "reset", "()V"): MarkOrReset(reset=True),
        (_reader, "read", "([CII)I"): Consume(),
        (_reader, "read", "([C)I"): Consume(),
        (_reader, "skip", "(J)J"): Consume(),
    })
MODELS[("java/io/BufferedReader", "readLine", "()Ljava/lang/String;")] = Consume(line=True)
MODELS[("java/io/LineNumberReader", "readLine", "()Ljava/lang/String;")] = Consume(line=True)
