"""The answers to `--ask`'s questions, kept in a JSON file so that no question is asked twice.

A question is a test's calls (as Java, the way the test writes them, the last call not asserted) of
one class; its answer is `accept`, `reject` with the value the person expected, or `skip`. A run
without a terminal adds the questions it could not ask, with no answer, so that a person (or a
script) can fill them in before the next run. Worker processes of one run write the file in turn,
under a lock on its folder, each time whole (jtc/atomic.py): an interrupted run leaves it as it was.
"""

from __future__ import annotations

import fcntl
import json
import os
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from jtc.atomic import write_atomically
from jtc.errors import UsageError

FORMAT = 1


class Verdict(StrEnum):
    ACCEPT = "accept"  # the observed outcome is right: asserted as it is
    REJECT = "reject"  # wrong: the test asserts `expected` and is written @Disabled("reported: …")
    SKIP = "skip"  # no judgement: the test is written as observed, and the question is not asked again


@dataclass(frozen=True)
class Answer:
    verdict: Verdict | None  # None: asked of no one yet
    expected: str | None = None  # for a rejection: the expected value, in Java (`0`, `"free"`, `throws X`)


@dataclass(frozen=True)
class Question:
    class_name: str  # binary name
    calls: str  # the test's statements, in Java
    observed: str  # what the last call did (`returns 5`), for the person reading the file


def load(path: Path) -> dict[tuple[str, str], Answer]:
    """The answers of the file by (class, calls); none when it does not exist yet."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {(entry["class"], entry["calls"]): _answer(entry, path) for entry in data["answers"]}
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise UsageError(f"cannot read the answers in {path}: {error}") from None


def _answer(entry: dict, path: Path) -> Answer:
    verdict = entry.get("answer")
    if verdict is not None and verdict not in set(Verdict):
        raise UsageError(f"{path}: answer {verdict!r} is none of accept, reject, skip (for {entry['class']}: "
                         f"{entry['calls']!r})")
    expected = entry.get("expected")
    if verdict == Verdict.REJECT and not isinstance(expected, str):
        raise UsageError(f"{path}: a rejected outcome needs the expected value (for {entry['class']}: "
                         f"{entry['calls']!r})")
    return Answer(Verdict(verdict) if verdict is not None else None, expected)


def save(path: Path, answered: list[tuple[Question, Answer]]) -> None:
    """Add or replace these questions' entries in the file (the others stay, in their order)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)  # released when the folder closes
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        entries = json.loads(text)["answers"] if text.strip() else []
        position = {(entry["class"], entry["calls"]): index for index, entry in enumerate(entries)}
        for question, answer in answered:
            entry = {"class": question.class_name, "calls": question.calls, "observed": question.observed,
                     "answer": None if answer.verdict is None else str(answer.verdict)}
            if answer.expected is not None:
                entry["expected"] = answer.expected
            key = (question.class_name, question.calls)
            if key in position:
                entries[position[key]] = entry
            else:
                position[key] = len(entries)
                entries.append(entry)
        write_atomically(path, json.dumps({"format": FORMAT, "answers": entries}, indent=1) + "\n")
    finally:
        os.close(folder)
