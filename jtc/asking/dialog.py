"""The question on a terminal: a test's calls and what the last one did, and the person's answer."""

from __future__ import annotations

from collections.abc import Callable

from jtc.asking.answers import Answer, Question, Verdict
from jtc.asking.expected import expected
from jtc.errors import UsageError
from jtc.model.types import Descriptor


def ask(question: Question, position: str, desc: Descriptor, read: Callable[[], str], write: Callable[[str], None]) -> Answer:
    """Ask until the answer can be used: `a` (accept), `r VALUE` (reject; VALUE a literal of `desc`,
    the last call's type, or `throws` and a class) or `s` (skip). The end of the input leaves the
    question unanswered."""
    write(f"{question.class_name}: test {position}")
    write("\n".join(f"    {line}" for line in question.calls.splitlines()))
    write(f"  observed: {question.observed}")
    while True:
        write("  accept (a), reject with the expected value (r VALUE), or skip (s)?")
        try:
            reply = read().strip()
        except EOFError:
            return Answer(None)
        word, _, value = reply.partition(" ")
        if word in ("a", "accept") and not value:
            return Answer(Verdict.ACCEPT)
        if word in ("s", "skip") and not value:
            return Answer(Verdict.SKIP)
        if word in ("r", "reject") and value.strip():
            try:
                expected(value, desc)
            except UsageError as error:
                write(f"  {error}")
                continue
            return Answer(Verdict.REJECT, value.strip())
        write("  please answer a, r VALUE or s")
