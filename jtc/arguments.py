"""Checks of command-line paths made before any work starts: a folder or file jtc is told to write
that cannot be made or written is one line of usage error (exit 2) instead of a failure after minutes
of search. (The limits of numbers are the flags' own: jtc.options.)"""

from __future__ import annotations

import tempfile
from pathlib import Path

from jtc.errors import UsageError


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

