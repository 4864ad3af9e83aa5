"""Checks of command-line values made before any work starts: a budget that is not positive, or a
folder or file jtc is told to write that cannot be made or written, is one line of usage error
(exit 2) instead of a failure after minutes of search."""

from __future__ import annotations

import tempfile
from pathlib import Path

from jtc.config import LineTarget
from jtc.errors import UsageError


def positive(option: str, value: float | None, unit: str = "") -> None:
    """`value` (None: not given) is above 0."""
    if value is not None and value <= 0:
        raise UsageError(f"{option} must be more than 0{unit} (got {value:g})")


def at_least(option: str, value: int, least: int) -> None:
    if value < least:
        raise UsageError(f"{option} must be at least {least} (got {value})")


def writable_folder(folder: Path, what: str) -> None:
    """Check `folder` can be made (with its parents) and a file written in it; the folders made for
    the check are removed again, so a run that stops early leaves nothing behind."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"cannot write the {what} to {folder}: it is a file")
    chain = [folder, *folder.parents]
    made = chain[:next(i for i, path in enumerate(chain) if path.exists())]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise UsageError(f"cannot write the {what} to {folder}: {error.strerror or error}") from None
    finally:
        for path in made:  # deepest first
            if path.is_dir():
                path.rmdir()


def writable_file(path: Path, what: str) -> None:
    """`path` is no folder, and its folder can be made and written."""
    if path.is_dir():
        raise UsageError(f"cannot write the {what} to {path}: it is a folder")
    writable_folder(path.parent, what)


def line_target(text: str) -> LineTarget:
    """`--target`'s value: `Foo.java:42` (a source file, maybe with its package folders),
    `com.example.Foo:42` or `com.example.Foo#method:42`."""
    place, colon, number = text.rpartition(":")
    if not colon or not place or not number.isdigit() or int(number) < 1:
        raise UsageError(f"--target must be FILE.java:LINE or CLASS[#METHOD]:LINE with a line number from 1 "
                         f"(got {text!r})")
    if place.endswith(".java"):
        return LineTarget(int(number), source=place)
    class_name, _, method = place.partition("#")
    if not class_name or "/" in class_name or (_ and not method):
        raise UsageError(f"--target must be FILE.java:LINE or CLASS[#METHOD]:LINE (got {text!r})")
    return LineTarget(int(number), class_name=class_name, method=method or None)
